// Connected accounts (Settings, for the people of a business): one card per network from
// platformConnections, with its status (connected, reconnect needed and why, not connected), the
// handle, a "Demo (simulated)" or "Practice account" label, when the access expires, and the actions: Connect (the
// network's approval page, or Snapchat's username at once), Reconnect, Disconnect (confirmed). A
// network outside the plan says how to get it; one this server cannot connect says so. Coming back
// from the network (?connected=1&platform=... or ?connect_error=CODE&platform=...) says what happened.
// A network of the plan with no account at all can get a practice account ("Add practice accounts").
// Before connecting, each card names the permissions the network will ask for; Google's card lists the
// connection's locations to pick (GoogleLocations), Facebook's its Pages (FacebookPages: one is chosen to
// publish to), TikTok's whether posts go straight to the profile or to the TikTok inbox (TikTokPosting).
import { errorText, isErrorCode, isMessageKey, messageText } from "@sufra/schema";
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  Input,
  Popconfirm,
  Row,
  Skeleton,
  Space,
  Tag,
  Typography,
} from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router-dom";
import { LoadError } from "../../shared/LoadError.tsx";
import { TAG_COLORS } from "../../shared/tagColors.ts";
import type { PlatformsConnectionsQuery } from "../../graphql/graphql.ts";
import { errorDetails, errorMessage } from "../../lib/errorMessage.ts";
import { formatDate, formatDateTime } from "../../lib/format.ts";
import { useLocale } from "../../lib/useLocale.ts";
import { FacebookPages, GoogleLocations, TikTokPosting, useFacebookPages } from "../../networks/accounts.ts";
import { PLATFORMS_NS } from "./i18n.ts";
import { browser } from "../../shared/leave.ts";
import { PlatformIcon, platformLabel } from "../../shared/platformMeta.tsx";
import "./platforms.css";
import { ToneTag } from "../../shared/ToneTag.tsx";
import { platformKey } from "../../graphql/enumKeys.ts";
import { useConnection, useConnections } from "./data.ts";
import { cardStateOf, OUTCOME_PARAMS, permissionsOf, plansWith, readOutcome, type Outcome } from "./model.ts";

type Connection = PlatformsConnectionsQuery["platformConnections"][number];

export function ConnectedAccounts() {
  const { t } = useTranslation(PLATFORMS_NS);
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const [outcome, setOutcome] = useState(() => readOutcome(params));
  const { connections, error, reload, addPractice, adding } = useConnections();
  const { message } = App.useApp();
  // a network of the plan with no account (a business approved before practice accounts existed, or after an upgrade)
  const practiceMissing = !!connections?.some((c) => c.practiceAvailable);

  const onAddPractice = async () => {
    try {
      await addPractice();
    } catch (e) {
      void message.error(errorMessage(e));
      return;
    }
    void message.success(t("practiceAdded"));
    await reload();
  };

  // the outcome is said once: a reload of the page does not say it again
  useEffect(() => {
    if (!readOutcome(params)) return;
    const next = new URLSearchParams(params);
    for (const k of OUTCOME_PARAMS) next.delete(k);
    setParams(next, { replace: true });
  }, [params, setParams]);

  const outcomeText = (o: Outcome) => {
    const platform = platformLabel(o.platform, locale);
    if (o.ok) return o.choosePage ? t("facebook.connectedChoose", { platform }) : t("connected", { platform });
    return t("connectFailed", { platform, reason: errorText(isErrorCode(o.code) ? o.code : "OAUTH_FAILED", locale) });
  };

  return (
    <Card title={t("title")} className="sufra-card sufra-accounts" data-testid="connected-accounts">
      <Typography.Paragraph type="secondary">{t("intro")}</Typography.Paragraph>
      {outcome && (
        <Alert
          className="sufra-accounts-outcome"
          type={outcome.ok ? "success" : "error"}
          showIcon
          closable={{ onClose: () => setOutcome(null) }}
          title={outcomeText(outcome)}
          data-testid="connect-outcome"
        />
      )}
      {practiceMissing && (
        <div className="sufra-accounts-practice">
          <Typography.Paragraph type="secondary">{t("addPracticeHint")}</Typography.Paragraph>
          <Button onClick={() => void onAddPractice()} loading={adding} data-testid="add-practice">
            {t("addPractice")}
          </Button>
        </div>
      )}
      {connections ? (
        <Row gutter={[16, 16]}>
          {connections.map((c) => (
            <Col key={c.platform} xs={24} md={12} xl={8}>
              <PlatformCard connection={c} onChange={reload} />
            </Col>
          ))}
        </Row>
      ) : error ? (
        <LoadError title={t("loadFailed")} error={error} onRetry={reload} />
      ) : (
        <Skeleton active paragraph={{ rows: 3 }} />
      )}
    </Card>
  );
}

function PlatformCard({ connection: c, onChange }: { connection: Connection; onChange: () => unknown }) {
  const { t } = useTranslation(PLATFORMS_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const { connect, connecting, disconnect, disconnecting } = useConnection(c.platform);
  const [askHandle, setAskHandle] = useState(false);
  const [form] = Form.useForm<{ handle: string }>();
  const platform = platformLabel(c.platform, locale);
  const account = c.account && c.account.status !== "DISCONNECTED" ? c.account : null;
  // Facebook: a real connection publishes to one of its Pages; while none is chosen it waits for a choice, not a reconnection
  const fb = useFacebookPages(c.platform === "FACEBOOK" && account && !account.demo ? account.id : null);
  const state = cardStateOf(account, fb.needsChoice);
  // a server that cannot connect the network as it is set up (TikTok: media not under the verified prefix) says why instead
  const canConnect = c.available && c.configured && !c.setupProblem;

  const start = async (handle?: string) => {
    let url: string | null;
    try {
      url = await connect(handle);
    } catch (e) {
      const field = errorDetails(e).handle;
      if (handle !== undefined && field?.length)
        form.setFields([{ name: "handle", errors: field.map((m) => (isMessageKey(m) ? messageText(m, locale) : m)) }]);
      else void message.error(errorMessage(e));
      return;
    }
    if (url) {
      // the network's own page asks the person to approve; it sends them back to /settings
      browser.assign(url);
      return;
    }
    setAskHandle(false);
    void message.success(t("connected", { platform }));
    await onChange();
  };

  const remove = async () => {
    try {
      await disconnect();
    } catch (e) {
      void message.error(errorMessage(e));
      return;
    }
    void message.success(t("disconnected", { platform }));
    await onChange();
  };

  const practice = !!account?.practice;
  const connectLabel =
    state === "reconnect"
      ? t("reconnect", { platform })
      : practice
        ? t("connectReal", { platform })
        : t("connect", { platform });
  const onConnect = () => (c.manual ? setAskHandle(true) : void start());

  const tag =
    state === "connected" ? (
      <Tag variant="solid" color={TAG_COLORS.success}>
        {t("status.connected")}
      </Tag>
    ) : state === "reconnect" ? (
      <Tag variant="solid" color={TAG_COLORS.warning}>
        {t("status.reconnect")}
      </Tag>
    ) : state === "choose" ? (
      <Tag variant="solid" color={TAG_COLORS.warning}>
        {t("status.choosePage")}
      </Tag>
    ) : (
      <Tag>{t("status.none")}</Tag>
    );

  return (
    <Card
      size="small"
      className="sufra-account-card"
      data-testid={`account-${platformKey[c.platform]}`}
      title={
        <span className="sufra-account-card-title">
          <PlatformIcon platform={c.platform} />
          <span>{platform}</span>
        </span>
      }
      extra={tag}
    >
      {account && (
        <Descriptions
          column={1}
          size="small"
          items={[
            {
              key: "handle",
              label: t("handle"),
              children: (
                <span className="sufra-account-handle">
                  <bdi dir="ltr">@{account.handle}</bdi>
                  {account.displayName && !account.demo && (
                    <Typography.Text type="secondary">
                      <bdi>{account.displayName}</bdi>
                    </Typography.Text>
                  )}
                  {account.demo && <ToneTag tone="neutral">{practice ? t("practice") : t("demo")}</ToneTag>}
                </span>
              ),
            },
            { key: "since", label: t("connectedSince"), children: formatDate(account.connectedAt, locale) },
            ...(account.tokenExpiresAt
              ? [{ key: "expires", label: t("expires"), children: formatDateTime(account.tokenExpiresAt, locale) }]
              : []),
          ]}
        />
      )}
      {account?.demo && (
        <Typography.Paragraph type="secondary">{practice ? t("practiceHint") : t("demoHint")}</Typography.Paragraph>
      )}
      {state === "reconnect" && (
        <Alert
          type="warning"
          showIcon
          title={t("reconnectHint", { platform })}
          description={account?.lastError ?? undefined}
          data-testid="reconnect-needed"
        />
      )}
      {c.manual && (
        <Typography.Paragraph type="secondary" className="sufra-account-manual" data-testid="assisted">
          {t("manual")}
        </Typography.Paragraph>
      )}
      {/* Snap's Public Profile API set up on this server: it connects through Snapchat's page and posts for real */}
      {c.platform === "SNAPCHAT" && !c.manual && c.configured && (
        <Typography.Paragraph type="secondary" className="sufra-account-manual" data-testid="publishes-for-you">
          {t("publishesForYou")}
        </Typography.Paragraph>
      )}

      {!c.available ? (
        <div className="sufra-account-note" data-testid="not-in-plan">
          <Typography.Paragraph>
            {t("notInPlan", {
              platform,
              plans: new Intl.ListFormat(locale, { type: "conjunction" }).format(
                plansWith(c.platform).map((p) => t("planItem", { name: p.name[locale] })),
              ),
            })}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary" data-testid="upgrade-hint">
            {t("upgradeHint", { platform })}{" "}
            <Link to="/billing#change-plan" data-testid="upgrade-link">
              {t("upgradeLink")}
            </Link>
          </Typography.Paragraph>
        </div>
      ) : !c.configured ? (
        <Typography.Paragraph type="secondary" className="sufra-account-note" data-testid="not-configured">
          {c.platform === "GOOGLE" ? t("google.notConfigured") : t("notConfigured", { platform })}
        </Typography.Paragraph>
      ) : c.setupProblem ? (
        <Alert
          className="sufra-account-note"
          type="warning"
          showIcon
          title={errorText(isErrorCode(c.setupProblem) ? c.setupProblem : "PLATFORM_NOT_CONFIGURED", locale)}
          data-testid="setup-problem"
        />
      ) : null}

      {canConnect &&
        ((state !== "connected" && state !== "choose") || practice) &&
        permissionsOf(c, locale).length > 0 && (
          <div className="sufra-account-permissions" data-testid="permissions">
            <Typography.Text type="secondary">{t("permissions", { platform })}</Typography.Text>
            <ul>
              {permissionsOf(c, locale).map((p) => (
                <li key={p.scope}>
                  {p.purpose} <Typography.Text code>{p.scope}</Typography.Text>
                </li>
              ))}
            </ul>
          </div>
        )}

      {c.platform === "GOOGLE" && account && state === "connected" && <GoogleLocations />}
      {c.platform === "FACEBOOK" && account && !account.demo && (
        <FacebookPages
          accountId={account.id}
          pages={fb.pages}
          error={fb.error}
          onRetry={() => fb.refetch().catch(() => {})}
          onChosen={onChange}
        />
      )}
      {c.platform === "TIKTOK" && account && state === "connected" && <TikTokPosting accountId={account.id} />}

      {askHandle && canConnect ? (
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={(v) => void start(v.handle.trim().replace(/^@+/, ""))}
          data-testid="snapchat-form"
        >
          <Form.Item
            name="handle"
            label={t("username")}
            rules={[{ required: true, whitespace: true, message: t("usernameRequired") }]}
          >
            <Input dir="ltr" autoComplete="off" placeholder={t("usernamePlaceholder")} prefix="@" />
          </Form.Item>
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={connecting}>
              {t("save")}
            </Button>
            <Button onClick={() => setAskHandle(false)}>{t("cancel")}</Button>
          </Space>
        </Form>
      ) : (
        <Space wrap className="sufra-account-actions">
          {/* a practice account makes way for the real one */}
          {canConnect && ((state !== "connected" && state !== "choose") || practice) && (
            <Button type="primary" onClick={onConnect} loading={connecting}>
              {connectLabel}
            </Button>
          )}
          {account && (
            <Popconfirm
              title={t("disconnectTitle", { platform })}
              description={t("disconnectText", { platform, handle: account.handle })}
              okText={t("disconnect")}
              cancelText={t("cancel")}
              okButtonProps={{ danger: true }}
              onConfirm={remove}
            >
              <Button danger loading={disconnecting}>
                {t("disconnect")}
              </Button>
            </Popconfirm>
          )}
        </Space>
      )}
    </Card>
  );
}
