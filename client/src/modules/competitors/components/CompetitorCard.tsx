// One competitor: its name, network and username, area and cuisine, its latest figures with their
// date and where they came from, and what a person can do: add a day's figures, read today's from
// Instagram (progress while it reads; what to do when it cannot, and why it cannot before anyone
// clicks when the Facebook sign-in is missing), edit, stop following.
import { DeleteOutlined, EditOutlined, FacebookFilled, InstagramOutlined, PlusOutlined } from "@ant-design/icons";
import { useMutation } from "@apollo/client/react";
import { COMPETITOR_SOURCE_LABELS } from "@sufra/schema";
import { Alert, App, Button, Card, Popconfirm, Spin, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CompetitorsDeleteDocument, CompetitorsFetchDocument } from "../../../graphql/graphql.ts";
import { errorCode, errorMessage } from "../../../lib/errorMessage.ts";
import { formatDate, formatNumber, formatPercent, partSeparator } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { DISCOVERY_CODES, SIGN_IN_CODES, useFacebookSignIn, type ReadBlock } from "../data.ts";
import { COMPETITORS_NS } from "../i18n.ts";
import { areaLabel, cuisineLabel, platformLabel, type Entry } from "../model.ts";
import { ToneTag } from "../../../shared/ToneTag.tsx";
import { competitorSourceKey } from "../../../graphql/enumKeys.ts";

/** "Sign in with Facebook" (or again) inside a failed reading's message: the fix, where the problem is said. */
function SignInAction({ again }: { again: boolean }) {
  const { t } = useTranslation(COMPETITORS_NS);
  const signIn = useFacebookSignIn();
  return (
    <Button
      size="small"
      type="primary"
      icon={<FacebookFilled aria-hidden />}
      loading={signIn.loading}
      onClick={() => void signIn.start()}
    >
      {again ? t("discovery.signInAgain") : t("discovery.signIn")}
    </Button>
  );
}

export function CompetitorCard({
  entry,
  readBlock = null,
  onAddFigures,
  onEdit,
  onChanged,
  onDiscoveryChanged,
}: {
  entry: Entry;
  /** Why reading from Instagram cannot work now (the Facebook sign-in's state), or null. */
  readBlock?: ReadBlock | null;
  onAddFigures: () => void;
  onEdit: () => void;
  onChanged: () => void;
  /** The server said the sign-in is not what the screen thought: ask for its state again. */
  onDiscoveryChanged?: () => void;
}) {
  const { t } = useTranslation(COMPETITORS_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const { competitor: c, latest } = entry;
  const [fetch, fetching] = useMutation(CompetitorsFetchDocument);
  const [remove, removing] = useMutation(CompetitorsDeleteDocument);
  const [problem, setProblem] = useState<{ text: string; code: string | null } | null>(null);
  const hintId = `competitor-read-hint-${c.id}`;
  const place = [areaLabel(c.area, locale), cuisineLabel(c.cuisine, locale)]
    .filter(Boolean)
    .join(partSeparator(locale));

  const readInstagram = async () => {
    setProblem(null);
    try {
      const r = (await fetch({ variables: { id: c.id } })).data?.fetchCompetitorFromInstagram;
      void message.success(
        r?.snapshot.simulated ? t("card.fetchedSimulated", { name: c.name }) : t("card.fetched", { name: c.name }),
      );
      onChanged();
    } catch (e) {
      const code = errorCode(e) ?? null;
      setProblem({ text: errorMessage(e), code });
      if (code && DISCOVERY_CODES.has(code)) onDiscoveryChanged?.();
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
        {place && (
          <span className="sufra-muted">
            {partSeparator(locale)}
            {place}
          </span>
        )}
      </p>
      {latest ? (
        <>
          <p className="sufra-competitor-latest">
            <Typography.Text type="secondary">
              {t("card.latest", { date: formatDate(`${latest.day}T12:00:00+03:00`, locale) })}
            </Typography.Text>{" "}
            <Tag>{COMPETITOR_SOURCE_LABELS[competitorSourceKey[latest.source]][locale]}</Tag>
            {latest.simulated && (
              <ToneTag tone="warning" testId="simulated-tag">
                {t("card.simulated")}
              </ToneTag>
            )}
          </p>
          <dl className="sufra-competitor-figures-list">
            {figure(t("metric.followers"), latest.followers != null ? formatNumber(latest.followers, locale) : null)}
            {figure(
              t("metric.postsPerWeek"),
              latest.postsPerWeek != null ? formatNumber(latest.postsPerWeek, locale) : null,
            )}
            {figure(
              t("metric.avgEngagement"),
              latest.avgEngagement != null ? formatPercent(latest.avgEngagement, locale) : null,
            )}
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
          action={
            problem.code && SIGN_IN_CODES.has(problem.code) ? (
              <SignInAction again={problem.code === "FACEBOOK_RECONNECT_NEEDED"} />
            ) : undefined
          }
        />
      )}
      <div className="sufra-competitor-actions">
        <Button size="small" icon={<PlusOutlined aria-hidden />} onClick={onAddFigures}>
          {t("card.addFigures")}
        </Button>
        {c.platform === "INSTAGRAM" && (
          // without a usable sign-in the action stays in view, off, and says why (in text, not only on hover)
          <Button
            size="small"
            icon={<InstagramOutlined aria-hidden />}
            onClick={() => void readInstagram()}
            loading={fetching.loading}
            disabled={!!readBlock}
            aria-describedby={readBlock ? hintId : undefined}
            data-testid="fetch-instagram"
          >
            {t("card.fetch")}
          </Button>
        )}
        <Button
          size="small"
          icon={<EditOutlined aria-hidden />}
          onClick={onEdit}
          aria-label={`${t("card.edit")}: ${c.name}`}
        >
          {t("card.edit")}
        </Button>
        <Popconfirm
          title={t("card.deleteTitle", { name: c.name })}
          description={t("card.deleteText")}
          onConfirm={() => stopFollowing()}
          okButtonProps={{ danger: true, loading: removing.loading }}
        >
          <Button
            size="small"
            danger
            icon={<DeleteOutlined aria-hidden />}
            aria-label={`${t("card.delete")}: ${c.name}`}
          >
            {t("card.delete")}
          </Button>
        </Popconfirm>
      </div>
      {c.platform === "INSTAGRAM" && readBlock && (
        <Typography.Text type="secondary" className="sufra-competitor-read-hint" id={hintId} data-testid="read-hint">
          {t(`card.readBlocked.${readBlock}`)}
        </Typography.Text>
      )}
    </Card>
  );
}
