// /campaigns: the business's campaigns, current first; a table on wide screens, cards below 768 px.
// Each shows its goal, its Kuwait dates with the Hijri dates beside them, its budget in KWD, occasion,
// post count and progress toward the goal. "New campaign" and "Edit" open the form; "Delete" says the
// posts stay. An empty list teaches: what a campaign does, and the coming occasions to plan one for.
import { EmptyStart } from "../../shared/EmptyStart.tsx";
import { PageHead } from "../../shared/PageHead.tsx";
import { useQuery } from "@apollo/client/react";
import {
  addDays,
  CALENDAR_CONTENT_OCCASIONS,
  campaignEnd,
  CONTENT_OCCASIONS,
  type ContentOccasionKey,
} from "@sufra/schema";
import { Button, Card, Grid, Skeleton, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router-dom";
import { LoadError } from "../../shared/LoadError.tsx";
import {
  CampaignsListDocument,
  CampaignsUpcomingOccasionsDocument,
  type CampaignsCampaignFieldsFragment,
} from "../../graphql/graphql.ts";
import { formatDate, formatFilsMoney, formatHijri, formatNumber, joinNodes } from "../../lib/format.ts";
import { useLocale } from "../../lib/useLocale.ts";
import { CampaignDates, dayInstant, GoalProgress, goalLabel, occasionLabel, PhaseTag } from "./components/bits.tsx";
import { CampaignFormModal, type CampaignDraft } from "./components/CampaignFormModal.tsx";
import { useDeleteCampaign } from "./data.ts";
import { CAMPAIGNS_NS } from "./i18n.ts";
import "./campaigns.css";

type Campaign = CampaignsCampaignFieldsFragment;

/** How far ahead the empty list looks for occasions to plan for (Ramadan is planned weeks ahead). */
const OCCASION_DAYS = 180;

export default function CampaignsPage() {
  const { t } = useTranslation(CAMPAIGNS_NS);
  const locale = useLocale();
  const small = !Grid.useBreakpoint().md;
  const navigate = useNavigate();
  const list = useQuery(CampaignsListDocument, { fetchPolicy: "cache-and-network" });
  const [editing, setEditing] = useState<{ campaign?: Campaign; draft?: CampaignDraft } | null>(null);
  const reload = () => void list.refetch().catch(() => {});
  const confirmDelete = useDeleteCampaign(reload);

  const rows = list.data?.campaigns ?? [];
  const actions = (c: Campaign) => (
    <span className="sufra-campaign-actions">
      <Button
        size="small"
        onClick={() => setEditing({ campaign: c })}
        aria-label={`${t("edit")}: ${c.name}`}
        data-testid={`edit-${c.id}`}
      >
        {t("edit")}
      </Button>
      <Button
        size="small"
        danger
        onClick={() => confirmDelete(c)}
        aria-label={`${t("delete")}: ${c.name}`}
        data-testid={`delete-${c.id}`}
      >
        {t("delete")}
      </Button>
    </span>
  );
  const name = (c: Campaign) => (
    <span className="sufra-campaign-name">
      <Link to={`/campaigns/${c.id}`} data-testid={`open-${c.id}`}>
        <bdi dir="auto">{c.name}</bdi>
      </Link>{" "}
      <PhaseTag campaign={c} />
    </span>
  );
  const budget = (c: Campaign) =>
    c.budgetFils === null || c.budgetFils === undefined ? (
      <Typography.Text type="secondary">{t("noBudget")}</Typography.Text>
    ) : (
      <bdi>{formatFilsMoney(c.budgetFils, locale)}</bdi>
    );
  const occasion = (c: Campaign) =>
    occasionLabel(c.occasion, locale) ?? <Typography.Text type="secondary">{t("noOccasion")}</Typography.Text>;
  const posts = (c: Campaign) => t("posts", { count: c.postCount, n: formatNumber(c.postCount, locale) });

  let body;
  if (!list.data && list.error) body = <LoadError title={t("loadFailed")} error={list.error} onRetry={reload} />;
  else if (!list.data) body = <Skeleton active paragraph={{ rows: 5 }} />;
  else if (!rows.length) body = <EmptyCampaigns onPlan={(draft) => setEditing({ draft })} />;
  else if (small)
    body = (
      <ul className="sufra-campaign-cards" aria-busy={list.loading}>
        {rows.map((c) => (
          <li key={c.id}>
            <Card size="small" title={name(c)} data-testid="campaign-card">
              <p>
                <Tag>{goalLabel(c.goal, locale)}</Tag> {occasion(c)}
              </p>
              <p>
                <CampaignDates startDate={c.startDate} endDate={c.endDate} />
              </p>
              <p>{joinNodes([budget(c), posts(c)], locale)}</p>
              <GoalProgress progress={c.progress} size="small" />
              {actions(c)}
            </Card>
          </li>
        ))}
      </ul>
    );
  else
    body = (
      <Table<Campaign>
        rowKey="id"
        dataSource={rows}
        pagination={false}
        scroll={{ x: 960 }}
        tableLayout="auto"
        data-testid="campaigns-table"
        onRow={() => ({ "data-testid": "campaign-row" }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { key: "name", title: t("columns.name"), render: (_: unknown, c: Campaign) => name(c) },
          { key: "goal", title: t("columns.goal"), render: (_: unknown, c: Campaign) => goalLabel(c.goal, locale) },
          {
            key: "dates",
            title: t("columns.dates"),
            render: (_: unknown, c: Campaign) => <CampaignDates startDate={c.startDate} endDate={c.endDate} />,
          },
          { key: "budget", title: t("columns.budget"), render: (_: unknown, c: Campaign) => budget(c) },
          { key: "occasion", title: t("columns.occasion"), render: (_: unknown, c: Campaign) => occasion(c) },
          { key: "posts", title: t("columns.posts"), render: (_: unknown, c: Campaign) => posts(c) },
          {
            key: "progress",
            title: t("columns.progress"),
            width: 220,
            render: (_: unknown, c: Campaign) => <GoalProgress progress={c.progress} size="small" />,
          },
          { key: "actions", title: t("columns.actions"), render: (_: unknown, c: Campaign) => actions(c) },
        ]}
      />
    );

  return (
    <div className="sufra-campaigns">
      <PageHead className="sufra-campaigns-head" title={t("title")}>
        <Button type="primary" onClick={() => setEditing({})} data-testid="new-campaign">
          {t("create")}
        </Button>
      </PageHead>
      <Typography.Paragraph type="secondary">{t("intro")}</Typography.Paragraph>
      {list.data && list.error && <LoadError title={t("loadFailed")} error={list.error} onRetry={reload} />}
      {body}
      {/* mounted while open: its form and watched fields start from this campaign or draft each time */}
      {editing && (
        <CampaignFormModal
          open
          campaign={editing.campaign}
          draft={editing.draft}
          onClose={() => setEditing(null)}
          onSaved={(c) => {
            const isNew = !editing.campaign;
            setEditing(null);
            reload();
            if (isNew) void navigate(`/campaigns/${c.id}`);
          }}
        />
      )}
    </div>
  );
}

/** No campaigns yet: what a campaign does, and the coming occasions in Kuwait, each a click from a pre-filled form. */
function EmptyCampaigns({ onPlan }: { onPlan: (d: CampaignDraft) => void }) {
  const { t } = useTranslation(CAMPAIGNS_NS);
  const locale = useLocale();
  const occasions = useQuery(CampaignsUpcomingOccasionsDocument, { variables: { days: OCCASION_DAYS } });
  const all = occasions.data?.upcomingOccasions ?? [];
  // one line per occasion: Ramadan's last day belongs to the Ramadan campaign
  const coming = all.filter((o) => o.occasionKey !== "ramadan_end").slice(0, 4);
  const first = coming[0];
  const contentKey = (o: (typeof all)[number]): ContentOccasionKey | null =>
    Object.hasOwn(CALENDAR_CONTENT_OCCASIONS, o.occasionKey) ? CALENDAR_CONTENT_OCCASIONS[o.occasionKey]! : null;
  // "Ramadan Iftar" rather than "Start of Ramadan": the campaign is about the month, not its first day
  const nameOf = (o: (typeof all)[number]) =>
    o.occasionKey === "ramadan_start" ? CONTENT_OCCASIONS.ramadan_iftar[locale] : locale === "ar" ? o.nameAr : o.nameEn;
  // Ramadan's campaign runs the month; others their holiday's days
  const lastDay = (o: (typeof all)[number]) =>
    o.occasionKey === "ramadan_start"
      ? (all.find((x) => x.occasionKey === "ramadan_end" && x.date > o.date)?.date ?? addDays(o.date, 29))
      : campaignEnd(o.date, o.days);
  const plan = (o: (typeof all)[number]) =>
    onPlan({
      name: `${nameOf(o)} ${o.date.slice(0, 4)}`,
      startDate: o.date,
      endDate: lastDay(o),
      occasion: contentKey(o),
      goal: "awareness",
    });
  return (
    <EmptyStart
      className="sufra-campaigns-empty"
      testId="campaigns-empty"
      title={first ? t("empty.title", { occasion: nameOf(first) }) : t("empty.titleNone")}
      text={t("empty.text")}
    >
      {coming.length > 0 && (
        <>
          <Typography.Paragraph strong>{t("empty.coming")}</Typography.Paragraph>
          <ul className="sufra-campaign-occasions">
            {coming.map((o) => (
              <li key={`${o.occasionKey}-${o.date}`} data-testid={`plan-occasion-${o.occasionKey}`}>
                <strong>{nameOf(o)}</strong>
                {": "}
                <time dateTime={o.date}>{formatDate(dayInstant(o.date), locale, "long")}</time>{" "}
                <Typography.Text type="secondary">({formatHijri(dayInstant(o.date), locale)})</Typography.Text>{" "}
                <Typography.Text type="secondary">
                  {t("empty.inDays", { count: o.daysUntil, n: formatNumber(o.daysUntil, locale) })}
                </Typography.Text>{" "}
                <Button size="small" onClick={() => plan(o)}>
                  {t("empty.planFor")}
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
      <Button type="primary" onClick={() => onPlan({})}>
        {t("create")}
      </Button>
    </EmptyStart>
  );
}
