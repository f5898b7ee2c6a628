// /campaigns/:id: one campaign rolled up. Its goal, Kuwait dates (Hijri beside them), budget and occasion;
// progress toward the goal (antd Progress) with the days gone and left, and for visits and orders the
// count entered by hand; what its published posts achieved, in total and by network (demo accounts'
// simulated figures counted and said so); spend per 1,000 reached and per result in KWD; the best post;
// guests' orders paid through its conversations and what they paid; and its posts, each a link to the
// composer, to take out of the campaign or to attach more. A post's status change (postChanged) refreshes
// the page.
import { PageHead } from "../../shared/PageHead.tsx";
import { useMutation, useQuery, useSubscription } from "@apollo/client/react";
import { isManualGoal, isPostEditable, messageText, postStatusKey, type PostStatus as StatusKey } from "@sufra/schema";
import { App, Button, Card, Empty, InputNumber, Skeleton, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router-dom";
import { LoadError } from "../../shared/LoadError.tsx";
import { Note } from "../../shared/Note.tsx";
import { useSerialRefetch } from "../../shared/useSerialRefetch.ts";
import {
  CampaignsCampaignDocument,
  CampaignsDetachDocument,
  CampaignsPostChangedDocument,
  CampaignsUpdateDocument,
  type CampaignsCampaignQuery,
} from "../../graphql/graphql.ts";
import { errorCode, errorDetails, errorMessage } from "../../lib/errorMessage.ts";
import {
  formatDateTime,
  formatFilsMoney,
  formatHijri,
  formatNumber,
  formatPercent,
  joinParts,
  partSeparator,
} from "../../lib/format.ts";
import { useLocale } from "../../lib/useLocale.ts";
import { PlatformIcon, PlatformLabel, postStatusName, PostStatusTag } from "../../shared/postBits.tsx";
import {
  CampaignDates,
  GoalProgress,
  goalKey,
  goalLabel,
  metricKey,
  metricLabel,
  occasionLabel,
  PhaseTag,
} from "./components/bits.tsx";
import { AttachPostsModal } from "./components/AttachPostsModal.tsx";
import { CampaignFormModal } from "./components/CampaignFormModal.tsx";
import { useDeleteCampaign } from "./data.ts";
import { CAMPAIGNS_NS } from "./i18n.ts";
import { useSimulatedKind } from "../../shared/simulated.ts";
import "./campaigns.css";
import { ToneTag } from "../../shared/ToneTag.tsx";
import { campaignPhaseKey } from "../../graphql/enumKeys.ts";

type Detail = NonNullable<CampaignsCampaignQuery["campaign"]>;
type Rollup = Detail["rollup"];

const excerpt = (s: string, n = 90) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
/** The GraphQL counts' field of each status. */
const STATUS_FIELDS: [StatusKey, keyof Omit<Rollup["postsByStatus"], "__typename">][] = [
  ["draft", "draft"],
  ["scheduled", "scheduled"],
  ["publishing", "publishing"],
  ["published", "published"],
  ["partially_published", "partiallyPublished"],
  ["failed", "failed"],
  ["unconfirmed", "unconfirmed"],
];

export default function CampaignPage() {
  const { t } = useTranslation(CAMPAIGNS_NS);
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const q = useQuery(CampaignsCampaignDocument, { variables: { id }, fetchPolicy: "cache-and-network" });
  const reload = useSerialRefetch(q.refetch);
  // published, failed or attached from another tab or the scheduler: the roll-up follows at once
  useSubscription(CampaignsPostChangedDocument, {
    onData: ({ data: event }) => {
      const change = event.data?.postChanged;
      const posts = q.data?.campaign?.posts ?? [];
      if (change && (change.post?.campaignId === id || posts.some((p) => p.id === change.postId))) reload();
    },
  });
  const [editing, setEditing] = useState(false);
  const [attaching, setAttaching] = useState(false);
  const confirmDelete = useDeleteCampaign(() => void navigate("/campaigns"));
  const c = q.data?.campaign;

  let body;
  if (!q.data && q.error)
    body =
      errorCode(q.error) === "NOT_FOUND" ? (
        <Empty description={t("page.notFound")} data-testid="campaign-not-found" />
      ) : (
        <LoadError title={t("page.loadFailed")} error={q.error} onRetry={reload} />
      );
  else if (!c) body = <Skeleton active paragraph={{ rows: 10 }} />;
  else
    body = (
      <>
        <CampaignHead campaign={c} onEdit={() => setEditing(true)} onDelete={() => confirmDelete(c)} />
        <ProgressCard campaign={c} onSaved={reload} />
        <FiguresCard rollup={c.rollup} />
        <SpendCard rollup={c.rollup} />
        <PostsCard campaign={c} onAttach={() => setAttaching(true)} onChanged={reload} />
        {editing && (
          <CampaignFormModal
            open
            campaign={c}
            onClose={() => setEditing(false)}
            onSaved={() => {
              setEditing(false);
              reload();
            }}
          />
        )}
        <AttachPostsModal
          campaignId={c.id}
          open={attaching}
          onClose={() => setAttaching(false)}
          onAttached={() => {
            setAttaching(false);
            reload();
          }}
        />
      </>
    );

  return (
    <div className="sufra-campaigns sufra-campaign-page">
      <Link to="/campaigns" className="sufra-campaign-back">
        {t("page.back")}
      </Link>
      {body}
    </div>
  );
}

function CampaignHead({
  campaign: c,
  onEdit,
  onDelete,
}: {
  campaign: Detail;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation(CAMPAIGNS_NS);
  const locale = useLocale();
  const occasion = occasionLabel(c.occasion, locale);
  return (
    <header className="sufra-campaign-head">
      <PageHead className="sufra-campaigns-head" title={<bdi dir="auto">{c.name}</bdi>}>
        <span className="sufra-campaign-actions">
          <Button onClick={onEdit} data-testid="edit-campaign">
            {t("edit")}
          </Button>
          <Button danger onClick={onDelete} data-testid="delete-campaign">
            {t("delete")}
          </Button>
        </span>
      </PageHead>
      <p className="sufra-campaign-meta">
        <PhaseTag campaign={c} /> <Tag>{goalLabel(c.goal, locale)}</Tag> {occasion && <Tag>{occasion}</Tag>}{" "}
        <CampaignDates startDate={c.startDate} endDate={c.endDate} />
      </p>
      <p className="sufra-campaign-meta" data-testid="campaign-orders">
        {joinParts(
          [t("page.ordersFromChats", { n: formatNumber(c.orders, locale) }), formatFilsMoney(c.ordersFils, locale)],
          locale,
        )}
      </p>
      {c.notes && (
        <Typography.Paragraph type="secondary" dir="auto">
          {c.notes}
        </Typography.Paragraph>
      )}
    </header>
  );
}

function ProgressCard({ campaign: c, onSaved }: { campaign: Detail; onSaved: () => void }) {
  const { t } = useTranslation(CAMPAIGNS_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const [update, { loading }] = useMutation(CampaignsUpdateDocument);
  const [result, setResult] = useState<number | null>(c.goalResult ?? null);
  const [error, setError] = useState<string | null>(null);
  const d = c.rollup.days;
  const metric = metricLabel(c.rollup.progress.metric, locale);
  const phase = campaignPhaseKey[d.phase];
  const n = (v: number) => formatNumber(v, locale);

  const save = async () => {
    setError(null);
    try {
      await update({ variables: { id: c.id, input: { goalResult: result } } });
      void message.success(t("page.resultSaved"));
      onSaved();
    } catch (e) {
      setError(errorDetails(e).goalResult?.[0] ?? errorMessage(e));
    }
  };

  return (
    <Card title={t("page.progress")} className="sufra-campaign-card" data-testid="campaign-progress-card">
      {c.rollup.progress.target === null ? (
        <Typography.Paragraph type="secondary">{t("page.setTarget")}</Typography.Paragraph>
      ) : (
        <GoalProgress progress={c.rollup.progress} />
      )}
      <p data-testid="campaign-days">
        {phase === "upcoming"
          ? t("page.days.upcoming", { when: t("empty.inDays", { count: d.left, n: n(d.left) }) })
          : t(`page.days.${phase}`, { elapsed: n(d.elapsed), total: n(d.total) })}
        {phase === "running" && (
          <>
            {partSeparator(locale)}
            {t("page.daysLeft", { count: d.left, n: n(d.left) })}
          </>
        )}
      </p>
      {isManualGoal(goalKey(c.goal)) && (
        <div className="sufra-campaign-result">
          <label htmlFor="campaign-result-input">{t("page.resultTitle", { metric })}</label>
          <Typography.Paragraph type="secondary">{t("page.resultHint")}</Typography.Paragraph>
          <span className="sufra-campaign-result-row">
            <InputNumber
              id="campaign-result-input"
              min={0}
              precision={0}
              value={result}
              onChange={(v) => setResult(v ?? null)}
              status={error ? "error" : undefined}
              data-testid="goal-result"
            />
            <Button type="primary" onClick={() => void save()} loading={loading} data-testid="save-result">
              {t("page.saveResult")}
            </Button>
          </span>
          {error && <Typography.Text type="danger">{error}</Typography.Text>}
        </div>
      )}
    </Card>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="sufra-campaign-figure" data-testid={testId}>
      <span className="sufra-campaign-figure-label">{label}</span>
      <strong className="sufra-campaign-figure-value">
        <bdi>{value}</bdi>
      </strong>
    </div>
  );
}

function FiguresCard({ rollup: r }: { rollup: Rollup }) {
  const simKind = useSimulatedKind();
  const { t } = useTranslation(CAMPAIGNS_NS);
  const locale = useLocale();
  const n = (v: number) => formatNumber(v, locale);
  const rate = (v: number | null | undefined) => (v === null || v === undefined ? "—" : formatPercent(v, locale));
  const statuses = STATUS_FIELDS.filter(([, f]) => r.postsByStatus[f] > 0);
  return (
    <Card title={t("page.figures")} className="sufra-campaign-card" data-testid="campaign-figures">
      <Typography.Paragraph type="secondary">
        {t("page.figuresHint")} {t("page.copiesHint")}
      </Typography.Paragraph>
      {r.simulatedIncluded && (
        <Note title={t(`simulated.${simKind}`)} className="sufra-form-alert" data-testid="campaign-simulated" />
      )}
      <div className="sufra-campaign-figures">
        <Figure label={t("page.publishedPosts")} value={n(r.publishedPosts)} testId="figure-posts" />
        <Figure label={t("page.copies")} value={n(r.totals.posts)} testId="figure-copies" />
        <Figure label={t("page.reach")} value={n(r.totals.reach)} testId="figure-reach" />
        <Figure label={t("page.views")} value={n(r.totals.views)} testId="figure-views" />
        <Figure label={t("page.likes")} value={n(r.totals.likes)} testId="figure-likes" />
        <Figure label={t("page.comments")} value={n(r.totals.comments)} testId="figure-comments" />
        <Figure label={t("page.shares")} value={n(r.totals.shares)} testId="figure-shares" />
        <Figure label={t("page.engagementRate")} value={rate(r.totals.engagementRate)} testId="figure-engagement" />
        <Figure label={t("page.clicks")} value={n(r.clicks.total)} testId="figure-clicks" />
      </div>
      <Typography.Paragraph type="secondary">{t("page.clicksHint")}</Typography.Paragraph>
      {statuses.length > 0 && (
        <p className="sufra-campaign-statuses" aria-label={t("page.byStatus")} data-testid="campaign-statuses">
          {statuses.map(([s, f]) => (
            <Tag key={s}>
              {messageText(postStatusKey(s), locale)}: {n(r.postsByStatus[f])}
            </Tag>
          ))}
        </p>
      )}
      <Typography.Title level={3} className="sufra-section-title">
        {t("page.byPlatform")}
      </Typography.Title>
      {r.byPlatform.length === 0 ? (
        <Typography.Paragraph type="secondary">{t("page.noPublished")}</Typography.Paragraph>
      ) : (
        <Table
          rowKey="platform"
          size="small"
          pagination={false}
          scroll={{ x: 640 }}
          dataSource={r.byPlatform}
          data-testid="campaign-platforms"
          columns={[
            {
              key: "platform",
              title: t("page.network"),
              render: (_: unknown, p: Rollup["byPlatform"][number]) => <PlatformLabel platform={p.platform} />,
            },
            {
              key: "posts",
              title: t("page.copies"),
              render: (_: unknown, p: Rollup["byPlatform"][number]) => n(p.posts),
            },
            {
              key: "reach",
              title: t("page.reach"),
              render: (_: unknown, p: Rollup["byPlatform"][number]) => n(p.reach),
            },
            {
              key: "views",
              title: t("page.views"),
              render: (_: unknown, p: Rollup["byPlatform"][number]) => n(p.views),
            },
            {
              key: "likes",
              title: t("page.likes"),
              render: (_: unknown, p: Rollup["byPlatform"][number]) => n(p.likes),
            },
            {
              key: "comments",
              title: t("page.comments"),
              render: (_: unknown, p: Rollup["byPlatform"][number]) => n(p.comments),
            },
            {
              key: "shares",
              title: t("page.shares"),
              render: (_: unknown, p: Rollup["byPlatform"][number]) => n(p.shares),
            },
            {
              key: "rate",
              title: t("page.engagementRate"),
              render: (_: unknown, p: Rollup["byPlatform"][number]) => rate(p.engagementRate),
            },
            {
              key: "clicks",
              title: t("page.clicks"),
              render: (_: unknown, p: Rollup["byPlatform"][number]) =>
                n(r.clicks.byPlatform.find((c) => c.platform === p.platform)?.clicks ?? 0),
            },
          ]}
        />
      )}
      {r.bestPost && (
        <section className="sufra-campaign-best" data-testid="campaign-best">
          <Typography.Title level={3} className="sufra-section-title">
            {t("page.best")}
          </Typography.Title>
          <Typography.Paragraph dir="auto">
            {excerpt(r.bestPost.post.content, 160) || t("page.noCaption")}
          </Typography.Paragraph>
          <Typography.Text type="secondary">
            {joinParts(
              [
                t("page.bestText", { n: n(r.bestPost.engagements) }),
                `${t("page.reach")}: ${n(r.bestPost.reach)}`,
                `${t("page.engagementRate")}: ${rate(r.bestPost.engagementRate)}`,
              ],
              locale,
            )}
          </Typography.Text>
        </section>
      )}
    </Card>
  );
}

function SpendCard({ rollup: r }: { rollup: Rollup }) {
  const { t } = useTranslation(CAMPAIGNS_NS);
  const locale = useLocale();
  const s = r.spend;
  const metric = metricKey(r.progress.metric);
  const kwd = (fils: number | null | undefined) =>
    fils === null || fils === undefined ? t("page.notYet") : formatFilsMoney(fils, locale);
  return (
    <Card title={t("page.spend")} className="sufra-campaign-card" data-testid="campaign-spend">
      {s.budgetFils === null || s.budgetFils === undefined ? (
        <Typography.Paragraph type="secondary">{t("page.noBudget")}</Typography.Paragraph>
      ) : (
        <div className="sufra-campaign-figures">
          <Figure label={t("page.budget")} value={formatFilsMoney(s.budgetFils, locale)} testId="spend-budget" />
          <Figure label={t("page.costPer1000Reach")} value={kwd(s.costPer1000ReachFils)} testId="spend-per-1000" />
          {/* awareness's result is reach: the figure above already says it */}
          {metric !== "reach" && (
            <Figure
              label={t(`page.costPerResult.${metric}`)}
              value={kwd(s.costPerResultFils)}
              testId="spend-per-result"
            />
          )}
        </div>
      )}
    </Card>
  );
}

function PostsCard({
  campaign: c,
  onAttach,
  onChanged,
}: {
  campaign: Detail;
  onAttach: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation(CAMPAIGNS_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const [detach] = useMutation(CampaignsDetachDocument);
  const clicks = new Map(c.rollup.clicks.byPost.map((p) => [p.postId, p.clicks]));
  const remove = async (postId: string) => {
    try {
      await detach({ variables: { id: c.id, postIds: [postId] } });
      void message.success(t("page.detached"));
      onChanged();
    } catch (e) {
      void message.error(errorMessage(e));
    }
  };
  return (
    <Card
      title={t("page.posts")}
      className="sufra-campaign-card"
      data-testid="campaign-posts"
      extra={
        <span className="sufra-campaign-actions">
          <Button onClick={onAttach} data-testid="attach-posts-button">
            {t("page.attach")}
          </Button>
          <Link to={`/posts/new?campaign=${c.id}`}>{t("page.newPost")}</Link>
          <Link to={`/schedule?campaign=${c.id}&date=${c.startDate}`}>{t("page.calendar")}</Link>
        </span>
      }
    >
      {c.posts.length === 0 ? (
        <Typography.Paragraph type="secondary">{t("page.noPosts")}</Typography.Paragraph>
      ) : (
        <ul className="sufra-campaign-posts">
          {c.posts.map((p) => {
            const when = p.scheduledFor ?? p.publishedAt;
            const caption = excerpt(p.content) || t("page.noCaption");
            return (
              <li key={p.id} data-testid={`campaign-post-${p.id}`}>
                <span className="sufra-attach-icons">
                  {p.platforms.map((x) => (
                    <PlatformIcon key={x} platform={x} />
                  ))}
                </span>
                <span dir="auto" className="sufra-campaign-post-caption">
                  {caption}
                </span>
                <PostStatusTag status={p.status} />
                <Typography.Text type="secondary">
                  {when ? (
                    <>
                      <time dateTime={when}>{formatDateTime(when, locale)}</time> ({formatHijri(when, locale)})
                    </>
                  ) : (
                    t("page.noTime")
                  )}
                </Typography.Text>
                {clicks.has(p.id) && (
                  <Typography.Text type="secondary" data-testid={`post-clicks-${p.id}`}>
                    {t("page.postClicks", { n: formatNumber(clicks.get(p.id)!, locale) })}
                  </Typography.Text>
                )}
                {p.outsideCampaignDates && (
                  <ToneTag tone="warning" testId="outside-dates">
                    {t("page.outside")}
                  </ToneTag>
                )}
                <span className="sufra-campaign-actions">
                  {isPostEditable(postStatusName(p.status)) && (
                    <Link to={`/posts/${p.id}/edit`}>{t("page.editPost")}</Link>
                  )}
                  <Button
                    size="small"
                    onClick={() => void remove(p.id)}
                    aria-label={t("page.detachLabel", { caption: excerpt(p.content, 30) })}
                    data-testid={`detach-${p.id}`}
                  >
                    {t("page.detach")}
                  </Button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
