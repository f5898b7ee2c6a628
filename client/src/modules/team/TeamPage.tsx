// /team: the people of the business (a table on large screens, cards on small ones), pending
// invitations, and, for owners and the account holder, inviting and removing people. A business not
// on Premium sees the upgrade card instead (and, after a downgrade, the people still there, so they
// can be removed). Below, whatever the plan, the agency settings (modules/agencies). Admins never arrive here:
// ROUTE_ACCESS sends them to their console.
import { FormFailure } from "../../shared/FormFailure.tsx";
import { inviteSchema, messageText, type MessageKey } from "@sufra/schema";
import { App, Button, Card, Descriptions, Empty, Form, Grid, Input, Radio, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TeamRole } from "../../graphql/graphql.ts";
import { errorCode, errorDetails, errorMessage } from "../../lib/errorMessage.ts";
import { formatDate, partSeparator } from "../../lib/format.ts";
import { useSession } from "../../lib/session.ts";
import { useLocale } from "../../lib/useLocale.ts";
import { PremiumPage } from "./components/PremiumPage.tsx";
import { UpgradeCard } from "./components/UpgradeCard.tsx";
import { TEAM_NS } from "./i18n.ts";
import { SubscriptionEnded, subscriptionStopped } from "../billing/index.ts";
import { AgencySection } from "../agencies/index.ts";
import "./team.css";
import { DangerConfirm, useReportedChange } from "../../shared/DangerConfirm.tsx";
import { Note } from "../../shared/Note.tsx";
import { ToneTag } from "../../shared/ToneTag.tsx";
import { roleKeyOf, teamRoleFromKey, teamRoleKeyOf } from "../../graphql/enumKeys.ts";
import { useInviteMember, useRemoveMember, useRevokeInvitation, useTeamPage } from "./data.ts";
import { inviteEmailOf, inviteFieldErrors, isRemovable, type Invitation, type Member } from "./model.ts";

export default function TeamPage() {
  const { t } = useTranslation(TEAM_NS);
  const { data, error, loading, reload } = useTeamPage();

  return (
    <PremiumPage
      ns={TEAM_NS}
      data={data}
      error={error}
      onRetry={reload}
      body={({ team, me }) =>
        team.premium ? (
          <>
            <MembersCard members={team.members} canManage={team.canManage} onChange={reload} busy={loading} />
            {team.canManage ? (
              <InviteCard onInvited={reload} stopped={subscriptionStopped(me.business?.subscription?.status)} />
            ) : (
              <Note title={t("readOnly")} data-testid="team-read-only" />
            )}
            <InvitationsCard invitations={team.invitations} canManage={team.canManage} onChange={reload} />
          </>
        ) : (
          <>
            <UpgradeCard feature="team" plan={me.business?.subscription?.plan} />
            {team.members.length > 1 && (
              <MembersCard members={team.members} canManage={team.canManage} onChange={reload} busy={loading} />
            )}
          </>
        )
      }
    >
      {/* an agency and the cafés it serves, and the café's approval rule (docs/product.md#agencies-and-approvals) */}
      {data && <AgencySection />}
    </PremiumPage>
  );
}

function RoleTag({ role }: { role: string }) {
  const { t } = useTranslation(TEAM_NS);
  const r = roleKeyOf(role) ?? role;
  return <ToneTag tone={r === "owner" ? "warning" : null}>{t(`roles.${r}`, { defaultValue: role })}</ToneTag>;
}

function MembersCard({
  members,
  canManage,
  onChange,
  busy,
}: {
  members: Member[];
  canManage: boolean;
  onChange: () => unknown;
  busy: boolean;
}) {
  const { t } = useTranslation(TEAM_NS);
  const locale = useLocale();
  const small = !Grid.useBreakpoint().md;
  const { user } = useSession();
  const report = useReportedChange();
  const remove = useRemoveMember();

  const removeMember = (m: Member) =>
    report(
      () => remove(m.id),
      () => t("members.removed", { name: m.name }),
      onChange,
    );

  const who = (m: Member) => (
    <span className="sufra-member-name">
      <bdi>{m.name}</bdi>
      {m.id === user?.id && <ToneTag tone="neutral">{t("members.you")}</ToneTag>}
      {m.accountHolder && <Tag>{t("members.accountHolder")}</Tag>}
    </span>
  );
  const removable = (m: Member) => isRemovable(m, canManage, user?.id);
  const action = (m: Member) =>
    removable(m) ? (
      <DangerConfirm
        title={t("members.removeTitle", { name: m.name })}
        description={t("members.removeText")}
        okText={t("members.removeConfirm")}
        onConfirm={() => removeMember(m)}
        testId={`remove-${m.id}`}
      >
        {t("members.remove")}
      </DangerConfirm>
    ) : null;

  const columns = [
    { key: "name", title: t("members.name"), render: (_: unknown, m: Member) => who(m) },
    { key: "email", title: t("members.email"), render: (_: unknown, m: Member) => <bdi dir="ltr">{m.email}</bdi> },
    { key: "role", title: t("members.role"), render: (_: unknown, m: Member) => <RoleTag role={m.role} /> },
    { key: "joined", title: t("members.joined"), render: (_: unknown, m: Member) => formatDate(m.joinedAt, locale) },
    ...(canManage
      ? [{ key: "actions", title: t("members.actions"), render: (_: unknown, m: Member) => action(m) }]
      : []),
  ];

  return (
    <Card title={t("members.title")} className="sufra-team-card" data-testid="team-members">
      {small ? (
        <ul className="sufra-team-list" aria-busy={busy}>
          {members.map((m) => (
            <li key={m.id}>
              <Card size="small" title={who(m)} extra={<RoleTag role={m.role} />} data-testid="member-card">
                <Descriptions
                  column={1}
                  size="small"
                  items={[
                    { key: "email", label: t("members.email"), children: <bdi dir="ltr">{m.email}</bdi> },
                    { key: "joined", label: t("members.joined"), children: formatDate(m.joinedAt, locale) },
                  ]}
                />
                {removable(m) && <div className="sufra-card-actions">{action(m)}</div>}
              </Card>
            </li>
          ))}
        </ul>
      ) : (
        <Table<Member>
          rowKey="id"
          columns={columns}
          dataSource={members}
          pagination={false}
          loading={busy}
          scroll={{ x: "max-content" }}
          data-testid="members-table"
        />
      )}
    </Card>
  );
}

interface InviteValues {
  email: string;
  role: TeamRole;
}

/** The shared rule's first message for a field, in the person's language. */
const ruleFor = (field: "email" | "role", locale: "en" | "ar") => ({
  validator: async (_rule: unknown, value: unknown) => {
    const r = inviteSchema.shape[field].safeParse(
      field === "role" && typeof value === "string" ? teamRoleKeyOf(value) : (value ?? ""),
    );
    if (!r.success) throw new Error(messageText((r.error.issues[0]?.message ?? "invalidValue") as MessageKey, locale));
  },
});

/** `stopped`: the subscription expired or was cancelled, so inviting waits for a payment (docs/product.md#subscriptions-and-billing). */
function InviteCard({ onInvited, stopped = false }: { onInvited: () => unknown; stopped?: boolean }) {
  const { t } = useTranslation(TEAM_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const [form] = Form.useForm<InviteValues>();
  const { invite, inviting } = useInviteMember();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (v: InviteValues) => {
    setFailure(null);
    const email = inviteEmailOf(v.email);
    try {
      await invite(email, v.role);
    } catch (e) {
      const fields = inviteFieldErrors(errorDetails(e));
      if (fields.length) form.setFields(fields);
      else if (errorCode(e) === "EMAIL_TAKEN") form.setFields([{ name: "email", errors: [errorMessage(e)] }]);
      else setFailure(errorMessage(e));
      return;
    }
    form.resetFields();
    void message.success(t("invite.sent", { email }));
    await onInvited();
  };

  return (
    <Card title={t("invite.title")} className="sufra-team-card">
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        initialValues={{ email: "", role: "CLIENT" }}
        data-testid="invite-form"
      >
        <Form.Item name="email" label={t("invite.email")} rules={[ruleFor("email", locale)]} extra={t("invite.hint")}>
          <Input
            type="email"
            inputMode="email"
            autoComplete="off"
            dir="ltr"
            className="sufra-ltr-input"
            placeholder={t("invite.emailPlaceholder")}
          />
        </Form.Item>
        <Form.Item
          name="role"
          label={<span id="invite-role">{t("invite.role")}</span>}
          rules={[ruleFor("role", locale)]}
        >
          <Radio.Group aria-labelledby="invite-role" className="sufra-role-choice">
            {(["client", "owner"] as const).map((r) => (
              <Radio key={r} value={teamRoleFromKey[r]}>
                <span className="sufra-role-label">{t(`roles.${r}`)}</span>
                <Typography.Text type="secondary" className="sufra-role-hint">
                  {t(`roles.${r}Hint`)}
                </Typography.Text>
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <FormFailure failure={failure} testId="invite-error" />
        {stopped && <SubscriptionEnded testId="team-subscription-ended" />}
        <Button type="primary" htmlType="submit" loading={inviting} disabled={stopped}>
          {t("invite.submit")}
        </Button>
      </Form>
    </Card>
  );
}

function InvitationsCard({
  invitations,
  canManage,
  onChange,
}: {
  invitations: Invitation[];
  canManage: boolean;
  onChange: () => unknown;
}) {
  const { t } = useTranslation(TEAM_NS);
  const locale = useLocale();
  const report = useReportedChange();
  const revoke = useRevokeInvitation();

  const revokeOne = (i: Invitation) =>
    report(
      () => revoke(i.id),
      () => t("invitations.revoked", { email: i.email }),
      onChange,
    );

  return (
    <Card title={t("invitations.title")} className="sufra-team-card" data-testid="team-invitations">
      {invitations.length ? (
        <ul className="sufra-invitations">
          {invitations.map((i) => (
            <li key={i.id} className="sufra-invitation" data-testid="invitation">
              <div className="sufra-invitation-main">
                <bdi dir="ltr" className="sufra-invitation-email">
                  {i.email}
                </bdi>
                <RoleTag role={i.role} />
              </div>
              <Typography.Text type="secondary" className="sufra-invitation-meta">
                {t("invitations.expires", { date: formatDate(i.expiresAt, locale) })}
                {i.invitedByName && (
                  <>
                    {partSeparator(locale)}
                    {t("invitations.invitedBy", { name: i.invitedByName })}
                  </>
                )}
              </Typography.Text>
              {canManage && (
                <DangerConfirm
                  title={t("invitations.revokeTitle", { email: i.email })}
                  description={t("invitations.revokeText")}
                  okText={t("invitations.revokeConfirm")}
                  onConfirm={() => revokeOne(i)}
                  testId={`revoke-${i.id}`}
                  danger={false}
                >
                  {t("invitations.revoke")}
                </DangerConfirm>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("invitations.empty")} />
      )}
    </Card>
  );
}
