// One competitor: its name, network and username, area and cuisine, its latest figures with their
// date and where they came from, and what a person can do: add a day's figures, read today's from
// Instagram (progress while it reads; what to do when it cannot), edit, stop following.
import { DeleteOutlined, EditOutlined, InstagramOutlined, PlusOutlined } from "@ant-design/icons";
import { useMutation } from "@apollo/client/react";
import { COMPETITOR_SOURCE_LABELS, type CompetitorSource } from "@sufra/schema";
import { Alert, App, Button, Card, Popconfirm, Spin, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { CompetitorsDeleteDocument, CompetitorsFetchDocument } from "../../../graphql/graphql.ts";
import { errorCode, errorMessage } from "../../../lib/errorMessage.ts";
import { formatDate, formatNumber, formatPercent } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { COMPETITORS_NS } from "../i18n.ts";
import { areaLabel, cuisineLabel, platformLabel, type Entry } from "../model.ts";

/** Errors that a trip to Settings fixes. */
const CONNECT_CODES = new Set(["INSTAGRAM_NOT_CONNECTED", "INSTAGRAM_RECONNECT_NEEDED"]);

export function CompetitorCard({ entry, onAddFigures, onEdit, onChanged }: { entry: Entry; onAddFigures: () => void; onEdit: () => void; onChanged: () => void }) {
  const { t } = useTranslation(COMPETITORS_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const { competitor: c, latest } = entry;
  const [fetch, fetching] = useMutation(CompetitorsFetchDocument);
  const [remove, removing] = useMutation(CompetitorsDeleteDocument);
  const [problem, setProblem] = useState<{ text: string; connect: boolean } | null>(null);
  const place = [areaLabel(c.area, locale), cuisineLabel(c.cuisine, locale)].filter(Boolean).join(" · ");

  const readInstagram = async () => {
    setProblem(null);
    try {
      const r = (await fetch({ variables: { id: c.id } })).data?.fetchCompetitorFromInstagram;
      void message.success(r?.snapshot.simulated ? t("card.fetchedSimulated", { name: c.name }) : t("card.fetched", { name: c.name }));
      onChanged();
    } catch (e) {
      setProblem({ text: errorMessage(e), connect: CONNECT_CODES.has(errorCode(e) ?? "") });
    }
  };

  const stopFollowing = async () => {
    try {
      await remove({ variables: { id: c.id } });
      void message.success(t("card.deleted", { name: c.name }));
      onChanged();
    } catch (e) {
      void message.error(errorMessage(e));
    }
  };

  const figure = (label: string, value: string | null) => (
    <div className="sufra-competitor-figure">
      <dt>{label}</dt>
      <dd>{value ?? "—"}</dd>
    </div>
  );

  return (
    <Card
      size="small"
      className="sufra-competitor-card"
      data-testid="competitor-card"
      title={
        <span className="sufra-competitor-card-title">
          <bdi dir="auto">{c.name}</bdi>
        </span>
      }
      extra={<Tag>{platformLabel(c.platform, locale)}</Tag>}
    >
      <p className="sufra-competitor-meta">
        <bdi dir="ltr" className="sufra-competitor-handle">
          @{c.handle}
        </bdi>
        {place && <span className="sufra-muted"> · {place}</span>}
      </p>
      {latest ? (
        <>
          <p className="sufra-competitor-latest">
            <Typography.Text type="secondary">{t("card.latest", { date: formatDate(`${latest.day}T12:00:00+03:00`, locale) })}</Typography.Text>{" "}
            <Tag>{COMPETITOR_SOURCE_LABELS[latest.source.toLowerCase() as CompetitorSource][locale]}</Tag>
            {latest.simulated && (
              <Tag color="gold" data-testid="simulated-tag">
                {t("card.simulated")}
              </Tag>
            )}
          </p>
          <dl className="sufra-competitor-figures-list">
            {figure(t("metric.followers"), latest.followers != null ? formatNumber(latest.followers, locale) : null)}
            {figure(t("metric.postsPerWeek"), latest.postsPerWeek != null ? formatNumber(latest.postsPerWeek, locale) : null)}
            {figure(t("metric.avgEngagement"), latest.avgEngagement != null ? formatPercent(latest.avgEngagement, locale) : null)}
          </dl>
          {latest.topThemes.length > 0 && (
            <div className="sufra-competitor-themes" aria-label={t("card.themes")}>
              {latest.topThemes.map((th) => (
                <Tag key={th} variant="filled">
                  <bdi dir="auto">#{th}</bdi>
                </Tag>
              ))}
            </div>
          )}
        </>
      ) : (
        <Typography.Paragraph type="secondary">{t("card.none")}</Typography.Paragraph>
      )}
      {fetching.loading && (
        <div className="sufra-competitor-progress" role="status" aria-live="polite">
          <Spin size="small" /> <span>{t("card.fetching", { handle: `@${c.handle}` })}</span>
        </div>
      )}
      {problem && (
        <Alert
          className="sufra-competitor-problem"
          type="warning"
          showIcon
          title={problem.text}
          data-testid="fetch-problem"
          action={problem.connect ? <Link to="/settings">{t("card.connect")}</Link> : undefined}
        />
      )}
      <div className="sufra-competitor-actions">
        <Button size="small" icon={<PlusOutlined aria-hidden />} onClick={onAddFigures}>
          {t("card.addFigures")}
        </Button>
        {c.platform === "INSTAGRAM" && (
          <Button size="small" icon={<InstagramOutlined aria-hidden />} onClick={() => void readInstagram()} loading={fetching.loading} data-testid="fetch-instagram">
            {t("card.fetch")}
          </Button>
        )}
        <Button size="small" icon={<EditOutlined aria-hidden />} onClick={onEdit} aria-label={`${t("card.edit")}: ${c.name}`}>
          {t("card.edit")}
        </Button>
        <Popconfirm title={t("card.deleteTitle", { name: c.name })} description={t("card.deleteText")} onConfirm={() => stopFollowing()} okButtonProps={{ danger: true, loading: removing.loading }}>
          <Button size="small" danger icon={<DeleteOutlined aria-hidden />} aria-label={`${t("card.delete")}: ${c.name}`}>
            {t("card.delete")}
          </Button>
        </Popconfirm>
      </div>
    </Card>
  );
}
