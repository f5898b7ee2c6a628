// "Figures from Instagram": whether Sufra can read competitors' figures from Instagram and what to do
// about it. A demo business reads simulated figures; a server without the Facebook app says figures
// are entered by hand or imported; otherwise the Facebook sign-in: why it is needed and the button,
// who readings are made as and until when (with Disconnect), or that it must be done again. Coming
// back from Facebook (?discovery=connected / ?discovery_error=CODE) says what happened, once.
import { FacebookFilled, InstagramOutlined } from "@ant-design/icons";
import { useMutation } from "@apollo/client/react";
import { Alert, App, Button, Card, Popconfirm, Tag, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { TAG_COLORS } from "../../../shared/tagColors.ts";
import { LoadError } from "../../../shared/LoadError.tsx";
import { CompetitorsDiscoveryDisconnectDocument, CompetitorsDiscoveryDocument } from "../../../graphql/graphql.ts";
import { errorMessage } from "../../../lib/errorMessage.ts";
import { formatDate } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { useFacebookSignIn, type Discovery, type DiscoveryState } from "../data.ts";
import { COMPETITORS_NS } from "../i18n.ts";

type Outcome = { ok: true } | { ok: false; code: "OAUTH_FAILED" | "NO_INSTAGRAM_BUSINESS" };
const OUTCOME_PARAMS = ["discovery", "discovery_error"];

/** What Facebook's sign-in ended with, from the address it sent the person back to. */
function readOutcome(params: URLSearchParams): Outcome | null {
  if (params.get("discovery") === "connected") return { ok: true };
  const code = params.get("discovery_error");
  if (code === null) return null;
  // an unknown code is still a failed sign-in
  return { ok: false, code: code === "NO_INSTAGRAM_BUSINESS" ? code : "OAUTH_FAILED" };
}

export function DiscoveryCard({
  discovery,
  state,
  error,
  onChanged,
}: {
  discovery: Discovery | null;
  state: DiscoveryState | null;
  error: unknown;
  onChanged: () => void;
}) {
  const { t } = useTranslation(COMPETITORS_NS);
  const { t: tc } = useTranslation();
  const locale = useLocale();
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const [outcome, setOutcome] = useState(() => readOutcome(params));
  const signIn = useFacebookSignIn();
  const [disconnect, disconnecting] = useMutation(CompetitorsDiscoveryDisconnectDocument, {
    // the answer is the new state: no second question to the server
    update: (cache, { data }) => {
      if (data)
        cache.writeQuery({
          query: CompetitorsDiscoveryDocument,
          data: { competitorDiscovery: data.disconnectCompetitorDiscovery },
        });
    },
  });

  // said once: the parameters leave the address (no new history entry)
  useEffect(() => {
    if (!readOutcome(params)) return;
    const next = new URLSearchParams(params);
    for (const k of OUTCOME_PARAMS) next.delete(k);
    setParams(next, { replace: true });
  }, [params, setParams]);

  // and the state is asked again once the first answer is in (a question still under way would be
  // shared with the first one, and that answer may predate the sign-in)
  const askAgain = useRef(outcome !== null);
  useEffect(() => {
    if (!askAgain.current || (!discovery && !error)) return;
    askAgain.current = false;
    onChanged();
  }, [discovery, error, onChanged]);

  const forget = async () => {
    try {
      await disconnect();
    } catch (e) {
      void message.error(errorMessage(e));
      return;
    }
    void message.success(t("discovery.disconnected"));
  };

  const signInButton = (label: string) => (
    <Button
      type="primary"
      icon={<FacebookFilled aria-hidden />}
      loading={signIn.loading}
      onClick={() => void signIn.start()}
      data-testid="discovery-sign-in"
    >
      {label}
    </Button>
  );

  let body;
  if (!discovery)
    body = error ? (
      <LoadError title={t("discovery.loadFailed")} error={error} onRetry={onChanged} />
    ) : (
      <Typography.Paragraph type="secondary">{t("discovery.checking")}</Typography.Paragraph>
    );
  else if (state === "demo")
    body = <Typography.Paragraph className="sufra-discovery-text">{t("discovery.demo")}</Typography.Paragraph>;
  else if (state === "notConfigured")
    body = <Typography.Paragraph className="sufra-discovery-text">{t("discovery.notConfigured")}</Typography.Paragraph>;
  else if (state === "notConnected")
    body = (
      <>
        <Typography.Paragraph className="sufra-discovery-text">{t("discovery.why")}</Typography.Paragraph>
        <div className="sufra-discovery-actions">{signInButton(t("discovery.signIn"))}</div>
      </>
    );
  else if (state === "reconnect")
    body = (
      <>
        <Alert
          type="warning"
          showIcon
          className="sufra-discovery-alert"
          title={t("discovery.reconnect")}
          data-testid="discovery-reconnect"
        />
        <div className="sufra-discovery-actions">{signInButton(t("discovery.signInAgain"))}</div>
      </>
    );
  else
    body = (
      <>
        <Typography.Paragraph className="sufra-discovery-text" data-testid="discovery-as">
          {discovery.instagramUsername ? (
            <Trans
              t={t}
              i18nKey={discovery.pageName ? "discovery.readingAsPage" : "discovery.readingAs"}
              values={{ username: discovery.instagramUsername, page: discovery.pageName ?? "" }}
              components={{ user: <bdi dir="ltr" />, page: <bdi dir="auto" /> }}
            />
          ) : (
            t("discovery.signedIn")
          )}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary" className="sufra-discovery-dates">
          {discovery.connectedAt && (
            <span>{t("discovery.since", { date: formatDate(discovery.connectedAt, locale) })}</span>
          )}
          {discovery.expiresAt && (
            <span>{t("discovery.validUntil", { date: formatDate(discovery.expiresAt, locale) })}</span>
          )}
        </Typography.Paragraph>
        <div className="sufra-discovery-actions">
          <Popconfirm
            title={t("discovery.disconnectTitle")}
            description={t("discovery.disconnectText")}
            okText={t("discovery.disconnect")}
            cancelText={tc("actions.cancel")}
            okButtonProps={{ danger: true, loading: disconnecting.loading }}
            onConfirm={() => forget()}
          >
            <Button danger loading={disconnecting.loading} data-testid="discovery-disconnect">
              {t("discovery.disconnect")}
            </Button>
          </Popconfirm>
        </div>
      </>
    );

  const tag =
    state === "connected" ? (
      <Tag variant="solid" color={TAG_COLORS.success}>
        {t("discovery.status.connected")}
      </Tag>
    ) : state === "reconnect" ? (
      <Tag variant="solid" color={TAG_COLORS.warning}>
        {t("discovery.status.reconnect")}
      </Tag>
    ) : state ? (
      <Tag>{t(`discovery.status.${state}`)}</Tag>
    ) : null;

  return (
    <Card size="small" className="sufra-discovery" data-testid="competitor-discovery" data-state={state ?? "unknown"}>
      <div className="sufra-discovery-head">
        <Typography.Title level={2} className="sufra-subsection-title sufra-discovery-title">
          <InstagramOutlined aria-hidden /> <span>{t("discovery.title")}</span>
        </Typography.Title>
        {tag}
      </div>
      {outcome && (
        <Alert
          className="sufra-discovery-alert"
          type={outcome.ok ? "success" : "error"}
          showIcon
          closable={{ onClose: () => setOutcome(null) }}
          title={outcome.ok ? t("discovery.outcome.connected") : t(`discovery.outcome.${outcome.code}`)}
          data-testid="discovery-outcome"
        />
      )}
      {body}
    </Card>
  );
}
