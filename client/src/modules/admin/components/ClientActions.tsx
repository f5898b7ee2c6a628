// The admin's actions on a client (approve, reject with a reason, gift trial days, suspend,
// reactivate): each one says what happened, or what went wrong in the person's language, and then
// lets the list refresh. Reject and gift ask for their input in a modal, rendered once per screen.
import { useApolloClient, useMutation } from "@apollo/client/react";
import { GIFT_TRIAL_DAYS, messageText, TRIAL_DAYS } from "@sufra/schema";
import { Alert, App, Button, Form, Input, InputNumber, Modal, Popconfirm, Typography, type ButtonProps } from "antd";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorDetails, errorMessage } from "../../../lib/errorMessage.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { formatNumber } from "../../../lib/format.ts";
import {
  ApproveClientDocument,
  ClientDetailsDocument,
  GiftTrialDaysDocument,
  ReactivateClientDocument,
  RejectClientDocument,
  SuspendClientDocument,
  UnreadNotificationsCountDocument,
  type ClientAction,
  type ClientRowFragment,
} from "../../../graphql/graphql.ts";

type Target = Pick<ClientRowFragment, "id" | "companyName">;
/** A client as the buttons need it: what the server says may be done to it now (its allowedActions). */
export type ActionTarget = Target & { allowedActions: readonly ClientAction[] };

export interface ClientActions {
  approve: (c: Target) => Promise<void>;
  suspend: (c: Target) => Promise<void>;
  reactivate: (c: Target) => Promise<void>;
  openReject: (c: Target) => void;
  openGift: (c: Target) => void;
  /** the reject and gift modals; render once */
  modals: ReactNode;
}

export function useClientActions(afterChange: () => unknown): ClientActions {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const { message } = App.useApp();
  const apollo = useApolloClient();
  const [approveM] = useMutation(ApproveClientDocument);
  const [rejectM, rejectState] = useMutation(RejectClientDocument);
  const [giftM, giftState] = useMutation(GiftTrialDaysDocument);
  const [suspendM] = useMutation(SuspendClientDocument);
  const [reactivateM] = useMutation(ReactivateClientDocument);
  const [rejecting, setRejecting] = useState<Target | null>(null);
  const [gifting, setGifting] = useState<Target | null>(null);
  const [modalError, setModalError] = useState<string | null>(null);
  const [rejectForm] = Form.useForm<{ reason: string }>();
  const [giftForm] = Form.useForm<{ days: number }>();

  const done = async (text: string) => {
    void message.success(text);
    // an open client's details show its history: the action just added a row to it; a decided sign-up's
    // notification is read now (the server marks it), so the bell counts again
    await Promise.all([
      Promise.resolve(afterChange()),
      apollo.refetchQueries({ include: [ClientDetailsDocument, UnreadNotificationsCountDocument] }),
    ]).catch(() => {});
  };
  const simple = (run: () => Promise<unknown>, success: string) => async () => {
    try {
      await run();
    } catch (e) {
      void message.error(errorMessage(e));
      return;
    }
    await done(success);
  };
  const company = (c: Target) => c.companyName;

  const submitReject = async ({ reason }: { reason: string }) => {
    if (!rejecting) return;
    setModalError(null);
    try {
      await rejectM({ variables: { id: rejecting.id, reason: reason.trim() } });
    } catch (e) {
      const field = errorDetails(e).reason;
      if (field?.length) rejectForm.setFields([{ name: "reason", errors: field }]);
      else setModalError(errorMessage(e));
      return;
    }
    const c = rejecting;
    setRejecting(null);
    await done(t("actions.rejected", { company: company(c) }));
  };

  const submitGift = async ({ days }: { days: number }) => {
    if (!gifting) return;
    setModalError(null);
    try {
      await giftM({ variables: { id: gifting.id, days } });
    } catch (e) {
      const field = errorDetails(e).days;
      if (field?.length) giftForm.setFields([{ name: "days", errors: field }]);
      else setModalError(errorMessage(e));
      return;
    }
    const c = gifting;
    setGifting(null);
    await done(t("actions.gifted", { company: company(c), count: days, days: formatNumber(days, locale) }));
  };

  const modals = (
    <>
      <Modal
        open={!!rejecting}
        title={rejecting ? t("rejectModal.title", { company: company(rejecting) }) : null}
        okText={t("rejectModal.submit")}
        okButtonProps={{ danger: true, loading: rejectState.loading, htmlType: "submit" }}
        cancelText={t("actions.cancel", { ns: "common" })}
        onCancel={() => setRejecting(null)}
        destroyOnHidden
        modalRender={(dom) => (
          <Form
            form={rejectForm}
            layout="vertical"
            requiredMark={false}
            onFinish={submitReject}
            clearOnDestroy
            data-testid="reject-form"
          >
            {dom}
          </Form>
        )}
      >
        <Form.Item
          name="reason"
          label={t("rejectModal.reason")}
          extra={t("rejectModal.hint")}
          rules={[
            { required: true, whitespace: true, message: messageText("reasonRequired", locale) },
            { max: 500, message: messageText("tooLong", locale) },
          ]}
        >
          <Input.TextArea rows={4} />
        </Form.Item>
        {modalError && <Alert type="error" showIcon title={modalError} />}
      </Modal>
      <Modal
        open={!!gifting}
        title={gifting ? t("giftModal.title", { company: company(gifting) }) : null}
        okText={t("giftModal.submit")}
        okButtonProps={{ loading: giftState.loading, htmlType: "submit" }}
        cancelText={t("actions.cancel", { ns: "common" })}
        onCancel={() => setGifting(null)}
        destroyOnHidden
        modalRender={(dom) => (
          <Form
            form={giftForm}
            layout="vertical"
            requiredMark={false}
            onFinish={submitGift}
            initialValues={{ days: 7 }}
            clearOnDestroy
            data-testid="gift-form"
          >
            {dom}
          </Form>
        )}
      >
        <Form.Item
          name="days"
          label={t("giftModal.days")}
          extra={t("giftModal.hint")}
          rules={[
            {
              validator: async (_r, v: number | null | undefined) => {
                if (typeof v !== "number" || !Number.isInteger(v) || v < GIFT_TRIAL_DAYS.min || v > GIFT_TRIAL_DAYS.max)
                  throw new Error(messageText("giftDaysRange", locale));
              },
            },
          ]}
        >
          <InputNumber
            min={GIFT_TRIAL_DAYS.min}
            max={GIFT_TRIAL_DAYS.max}
            precision={0}
            step={1}
            style={{ inlineSize: 160 }}
          />
        </Form.Item>
        {modalError && <Alert type="error" showIcon title={modalError} />}
      </Modal>
    </>
  );

  return {
    approve: (c) =>
      simple(() => approveM({ variables: { id: c.id } }), t("actions.approved", { company: company(c) }))(),
    suspend: (c) =>
      simple(() => suspendM({ variables: { id: c.id } }), t("actions.suspended", { company: company(c) }))(),
    reactivate: (c) =>
      simple(() => reactivateM({ variables: { id: c.id } }), t("actions.reactivated", { company: company(c) }))(),
    openReject: (c) => {
      setModalError(null);
      setRejecting(c);
    },
    openGift: (c) => {
      setModalError(null);
      setGifting(c);
    },
    modals,
  };
}

/**
 * The buttons of the actions the server allows for the client now (allowedActions: the rule each action
 * checks, so nothing offered is refused as "not possible in the current state"); approve, suspend and
 * reactivate ask first. `only`: the actions this place offers (the overview offers no suspension).
 */
export function ClientActionButtons({
  client,
  actions,
  only,
}: {
  client: ActionTarget;
  actions: ClientActions;
  only?: readonly ClientAction[];
}) {
  const { t } = useTranslation("admin");
  const company = client.companyName;
  const may = (a: ClientAction) => client.allowedActions.includes(a) && (!only || only.includes(a));
  const buttons: ReactNode[] = [];
  if (may("APPROVE"))
    buttons.push(
      <Confirm
        key="approve"
        text={t("actions.confirmApprove", { company, days: TRIAL_DAYS })}
        onConfirm={() => actions.approve(client)}
      >
        <ActionButton type="primary" data-testid={`approve-${client.id}`}>
          {t("actions.approve")}
        </ActionButton>
      </Confirm>,
    );
  if (may("REJECT"))
    buttons.push(
      <ActionButton key="reject" danger onClick={() => actions.openReject(client)}>
        {t("actions.reject")}
      </ActionButton>,
    );
  if (may("GIFT_TRIAL_DAYS"))
    buttons.push(
      <ActionButton key="gift" onClick={() => actions.openGift(client)} data-testid={`gift-${client.id}`}>
        {t("actions.gift")}
      </ActionButton>,
    );
  if (may("SUSPEND"))
    buttons.push(
      <Confirm key="suspend" text={t("actions.confirmSuspend", { company })} onConfirm={() => actions.suspend(client)}>
        <ActionButton danger>{t("actions.suspend")}</ActionButton>
      </Confirm>,
    );
  if (may("REACTIVATE"))
    buttons.push(
      <Confirm
        key="reactivate"
        text={t("actions.confirmReactivate", { company })}
        onConfirm={() => actions.reactivate(client)}
      >
        <ActionButton>{t("actions.reactivate")}</ActionButton>
      </Confirm>,
    );
  if (!buttons.length) return <Typography.Text type="secondary">—</Typography.Text>;
  return <div className="sufra-row-actions">{buttons}</div>;
}

const ActionButton = (props: ButtonProps) => <Button size="small" {...props} />;

function Confirm({ text, onConfirm, children }: { text: string; onConfirm: () => Promise<void>; children: ReactNode }) {
  const { t } = useTranslation("admin");
  return (
    <Popconfirm
      title={text}
      okText={t("actions.yes")}
      cancelText={t("actions.cancel", { ns: "common" })}
      onConfirm={onConfirm}
    >
      {children}
    </Popconfirm>
  );
}
