// The agency settings on the Team page (docs/product.md#agencies-and-approvals): the business as an agency
// (a switch), the café's rule for approvals before scheduling, asking for a link by a manager's e-mail
// (a café invites an agency, an agency asks a café), and the links with their status, the side that asked,
// accept / decline / withdraw / end (with a confirm), what the café lets its agency do and the agency's
// people acting in the café. Only the business's managers change anything; the others read.
import { App, Button, Card, Checkbox, Empty, Form, Input, Radio, Skeleton, Switch, Typography } from "antd";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type AgenciesFieldsFragment,
  type AgencyGrant,
  type AgencyLinkFieldsFragment,
} from "../../../graphql/graphql.ts";
import { agencyGrantFromKey, agencyGrantKey, agencyLinkStatusKey } from "../../../graphql/enumKeys.ts";
import { errorMessage } from "../../../lib/errorMessage.ts";
import { formatDate, partSeparator } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { DangerConfirm, useReportedChange } from "../../../shared/DangerConfirm.tsx";
import { addressRule } from "../../../shared/addressRule.ts";
import { FormFailure } from "../../../shared/FormFailure.tsx";
import { LoadError } from "../../../shared/LoadError.tsx";
import { Note } from "../../../shared/Note.tsx";
import { ToneTag } from "../../../shared/ToneTag.tsx";
import { useAgencies, useAgencySteps } from "../data.ts";
import { AGENCIES_NS } from "../i18n.ts";
import { approvalChoiceOf, linkActions, otherSide, requireApprovalOf, type ApprovalChoice } from "../model.ts";
import "../agencies.css";

const GRANTS = ["billing", "team", "api_keys"] as const;
const TONES = { pending: "warning", active: "success", ended: null } as const;

export function AgencySection() {
  const { t } = useTranslation(AGENCIES_NS);
  const { agencies, error, reload } = useAgencies();
  return (
    <section className="sufra-agencies" aria-labelledby="sufra-agencies-title" data-testid="agency-section">
      <Typography.Title level={2} id="sufra-agencies-title" className="sufra-section-title">
        {t("title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("intro")}</Typography.Paragraph>
      {agencies ? (
        <AgencySettings agencies={agencies} />
      ) : error ? (
        <LoadError title={t("loadFailed")} error={error} onRetry={reload} />
      ) : (
        <Skeleton active paragraph={{ rows: 4 }} />
      )}
    </section>
  );
}

function AgencySettings({ agencies }: { agencies: AgenciesFieldsFragment }) {
  const { t } = useTranslation(AGENCIES_NS);
  const steps = useAgencySteps();
  const { canManage, isAgency } = agencies;
  const approvalId = useId();

  const report = useReportedChange();
  const change = (step: () => Promise<unknown>, done: string) =>
    report(
      step,
      () => done,
      () => undefined,
    );

  return (
    <>
      <Card className="sufra-team-card">
        {!canManage && <Note title={t("managersOnly")} data-testid="agency-read-only" />}
        <div className="sufra-agency-setting">
          <Switch
            checked={isAgency}
            disabled={!canManage}
            aria-label={t("isAgency.label")}
            onChange={(on) => void change(() => steps.setAgency(on), t(on ? "isAgency.on" : "isAgency.off"))}
            data-testid="is-agency"
          />
          <div>
            <Typography.Text strong>{t("isAgency.label")}</Typography.Text>
            <Typography.Paragraph type="secondary" className="sufra-agency-hint">
              {t("isAgency.hint")}
            </Typography.Paragraph>
          </div>
        </div>
        {!isAgency && (
          <div className="sufra-agency-approval">
            <Typography.Text strong id={approvalId}>
              {t("approval.label")}
            </Typography.Text>
            <Typography.Paragraph type="secondary" className="sufra-agency-hint">
              {t("approval.hint")}
            </Typography.Paragraph>
            <Radio.Group
              aria-labelledby={approvalId}
              value={approvalChoiceOf(agencies.requireApproval)}
              disabled={!canManage}
              onChange={(e) =>
                void change(
                  () => steps.setApprovalRule(requireApprovalOf(e.target.value as ApprovalChoice)),
                  t("approval.saved"),
                )
              }
              className="sufra-agency-choices"
              data-testid="approval-rule"
            >
              {(["default", "always", "never"] as const).map((c) => (
                <Radio key={c} value={c}>
                  {t(`approval.${c}`)}
                </Radio>
              ))}
            </Radio.Group>
            <Typography.Paragraph type="secondary" data-testid="approval-now">
              {t(agencies.approvalRequired ? "approval.now" : "approval.nowOff")}
            </Typography.Paragraph>
            <Checkbox
              checked={agencies.approvalLeadFirst}
              disabled={!canManage}
              onChange={(e) =>
                void change(
                  () => steps.setApprovalRule(agencies.requireApproval ?? null, e.target.checked),
                  t("approval.saved"),
                )
              }
              data-testid="approval-lead-first"
            >
              {t("approval.leadFirst")}
            </Checkbox>
          </div>
        )}
      </Card>
      {canManage && <RequestCard isAgency={isAgency} />}
      <LinksCard links={agencies.links} canManage={canManage} />
    </>
  );
}

/** A café invites an agency by one of its managers' e-mail; an agency asks a café the same way. */
function RequestCard({ isAgency }: { isAgency: boolean }) {
  const { t } = useTranslation(AGENCIES_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ email: string }>();
  const { request, requesting } = useAgencySteps();
  const [failure, setFailure] = useState<string | null>(null);
  const side = isAgency ? "agency" : "cafe";

  const submit = async ({ email }: { email: string }) => {
    setFailure(null);
    try {
      await request(email.trim().toLowerCase());
    } catch (e) {
      setFailure(errorMessage(e));
      return;
    }
    form.resetFields();
    void message.success(t("request.sent"));
  };

  return (
    <Card title={t(`request.${side}Title`)} className="sufra-team-card">
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} data-testid="agency-request-form">
        <Form.Item
          name="email"
          label={t("request.email")}
          extra={t(`request.${side}Hint`)}
          rules={[addressRule(locale)]}
        >
          <Input
            type="email"
            inputMode="email"
            autoComplete="off"
            dir="ltr"
            className="sufra-ltr-input"
            placeholder={t("request.emailPlaceholder")}
          />
        </Form.Item>
        <FormFailure failure={failure} testId="agency-request-error" />
        <Button type="primary" htmlType="submit" loading={requesting}>
          {t(`request.${side}Submit`)}
        </Button>
      </Form>
    </Card>
  );
}

function LinksCard({ links, canManage }: { links: AgencyLinkFieldsFragment[]; canManage: boolean }) {
  const { t } = useTranslation(AGENCIES_NS);
  return (
    <Card title={t("links.title")} className="sufra-team-card" data-testid="agency-links">
      {links.length ? (
        <ul className="sufra-agency-links">
          {links.map((l) => (
            <LinkItem key={l.id} link={l} canManage={canManage} />
          ))}
        </ul>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("links.empty")} />
      )}
    </Card>
  );
}

function LinkItem({ link, canManage }: { link: AgencyLinkFieldsFragment; canManage: boolean }) {
  const { t } = useTranslation(AGENCIES_NS);
  const locale = useLocale();
  const report = useReportedChange();
  const steps = useAgencySteps();
  const name = otherSide(link).companyName;
  const status = agencyLinkStatusKey[link.status];
  const can = linkActions(link, canManage);
  const nothing = () => undefined;
  const date = link.endedAt
    ? t("links.endedOn", { date: formatDate(link.endedAt, locale) })
    : link.acceptedAt
      ? t("links.since", { date: formatDate(link.acceptedAt, locale) })
      : t("links.askedOn", { date: formatDate(link.createdAt, locale) });
  const close = (kind: "decline" | "withdraw" | "end", done: "declined" | "withdrawn" | "ended") => (
    <DangerConfirm
      title={t(`links.${kind}Title`, { name })}
      description={t(`links.${kind}Text`)}
      okText={t(`links.${kind}`)}
      onConfirm={() =>
        report(
          () => steps.end(link.id),
          () => t(`links.${done}`, { name }),
          nothing,
        )
      }
      testId={`${kind}-${link.id}`}
    >
      {t(`links.${kind}`)}
    </DangerConfirm>
  );

  return (
    <li className="sufra-agency-link" data-testid={`agency-link-${link.id}`}>
      <div className="sufra-agency-link-head">
        <Typography.Text strong>
          <bdi>{name}</bdi>
        </Typography.Text>
        <ToneTag tone={TONES[status]} testId={`link-status-${link.id}`}>
          {t(`links.status.${status}`)}
        </ToneTag>
        <Typography.Text type="secondary">{t(link.side === "CAFE" ? "links.agency" : "links.cafe")}</Typography.Text>
      </div>
      <Typography.Text type="secondary" className="sufra-agency-link-meta">
        {t(link.requestedBy === link.side ? "links.askedByYou" : "links.askedByThem")}
        {partSeparator(locale)}
        {date}
      </Typography.Text>
      {can.access && <AccessChoices link={link} />}
      {link.status === "ACTIVE" && link.side === "CAFE" && (
        <div className="sufra-agency-people">
          <Typography.Text strong>{t("links.people")}</Typography.Text>
          {link.people.length ? (
            <ul data-testid={`agency-people-${link.id}`}>
              {link.people.map((p) => (
                <li key={p.id}>
                  <bdi>{p.name}</bdi> <bdi dir="ltr">{p.email}</bdi>
                </li>
              ))}
            </ul>
          ) : (
            <Typography.Paragraph type="secondary">{t("links.noPeople")}</Typography.Paragraph>
          )}
        </div>
      )}
      <div className="sufra-agency-link-actions">
        {can.accept && (
          <Button
            type="primary"
            size="small"
            onClick={() =>
              void report(
                () => steps.accept(link.id),
                () => t("links.accepted", { name }),
                nothing,
              )
            }
            data-testid={`accept-${link.id}`}
          >
            {t("links.accept")}
          </Button>
        )}
        {can.decline && close("decline", "declined")}
        {can.withdraw && close("withdraw", "withdrawn")}
        {can.end && close("end", "ended")}
      </div>
    </li>
  );
}

/** The café's managers say what the agency may do: schedule and publish, and the rights beyond posts. */
function AccessChoices({ link }: { link: AgencyLinkFieldsFragment }) {
  const { t } = useTranslation(AGENCIES_NS);
  const report = useReportedChange();
  const { setAccess } = useAgencySteps();
  const labelId = useId();
  const grants = link.grants.map((g) => agencyGrantKey[g]);
  const save = (mayPublish: boolean, next: AgencyGrant[]) =>
    report(
      () => setAccess(link.id, mayPublish, next),
      () => t("links.accessSaved"),
      () => undefined,
    );

  return (
    <fieldset className="sufra-agency-access" aria-labelledby={labelId}>
      <Typography.Text strong id={labelId}>
        {t("links.access")}
      </Typography.Text>
      <Checkbox
        checked={link.mayPublish}
        onChange={(e) => void save(e.target.checked, link.grants)}
        data-testid={`may-publish-${link.id}`}
      >
        {t("links.mayPublish")}
      </Checkbox>
      <Checkbox.Group
        value={grants}
        onChange={(keys) =>
          void save(
            link.mayPublish,
            GRANTS.filter((g) => keys.includes(g)).map((g) => agencyGrantFromKey[g]),
          )
        }
        options={GRANTS.map((g) => ({ value: g, label: t(`links.grants.${g}`) }))}
        data-testid={`grants-${link.id}`}
      />
    </fieldset>
  );
}
