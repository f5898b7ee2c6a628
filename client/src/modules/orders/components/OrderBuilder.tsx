// The order builder, in a thread's order drawer: the lines (started from what the suggested answer read of the
// guest's message, else empty), the menu's items to add, each line's quantity (1 to 99), pickup or delivery
// (an address for a delivery, prefilled with the area the guest named, and a fee typed in KWD read as whole
// fils), how the guest pays (KNET unless changed) and the total in fils, written in KWD in the person's digits.
// "Create and send KNET link" builds the order, then sends its link into the thread; a link that fails to go
// out leaves the order saved, and the next press sends it again rather than building a second one. Without
// the café's Tap account there is nothing to send: the builder says so, with the way to the settings for the
// café's managers.
import { DeleteOutlined } from "@ant-design/icons";
import { ORDER_LIMITS, ORDER_PAYMENT_SOURCES, type Fulfilment, type OrderPaymentSource } from "@sufra/schema";
import { Alert, Button, Input, InputNumber, Radio, Select, Skeleton, Space, Typography } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { digitsInput, formatFilsMoney, joinParts } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import type { Conversation, OrderStart } from "../../conversations/index.ts";
import { failureText, useOrderMenu, useOrderSteps, useOrdersManager, useTapAccount } from "../data.ts";
import { ORDERS_NS } from "../i18n.ts";
import {
  addItem,
  checkDraft,
  draftFeeFils,
  draftFrom,
  draftTotalFils,
  nameIn,
  pricedLines,
  removeLine,
  setQuantity,
  tapSettingsPath,
  type Draft,
  type DraftProblems,
  type OrderView,
} from "../model.ts";
import { OrderStatusTag, PaymentLink } from "./bits.tsx";

/** Where a field's problem is said (role alert: a screen reader hears it when it appears). */
function Problem({ id, text }: { id: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <Typography.Paragraph type="danger" id={id} role="alert" className="sufra-order-problem">
      {text}
    </Typography.Paragraph>
  );
}

/** Sending is for a café with its Tap account: otherwise say so, and show the managers the way to set it. */
function TapHint({ conversationId, onLeave }: { conversationId: string; onLeave: () => void }) {
  const { t } = useTranslation(ORDERS_NS);
  const manager = useOrdersManager();
  return (
    <Alert
      type="info"
      showIcon
      title={t("tap.none")}
      description={
        manager ? (
          <Link to={tapSettingsPath(conversationId)} onClick={onLeave} data-testid="order-tap-settings">
            {t("tap.setUp")}
          </Link>
        ) : (
          t("tap.askOwner")
        )
      }
      data-testid="order-no-tap"
    />
  );
}

export function OrderBuilder({
  conversation,
  start,
  onLeave,
}: {
  conversation: Conversation;
  start: OrderStart | null;
  /** the person follows a link out of the drawer (the Tap settings) */
  onLeave: () => void;
}) {
  const { t } = useTranslation(ORDERS_NS);
  const locale = useLocale();
  const { menu, error: menuError } = useOrderMenu();
  const tap = useTapAccount();
  const steps = useOrderSteps();
  const [draft, setDraft] = useState<Draft>(() => draftFrom(start, locale));
  const [tried, setTried] = useState(false);
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // the order once built: the form is then its record, and a press only sends its link (again)
  const [order, setOrder] = useState<OrderView | null>(null);

  const lines = useMemo(() => pricedLines(draft.lines, menu), [draft.lines, menu]);
  const feeFils = draftFeeFils(draft);
  const total = draftTotalFils(lines, feeFils);
  const checked = checkDraft(draft, locale);
  const problems: DraftProblems = tried && !checked.ok ? checked.problems : {};
  const locked = !!order || running;
  const unpriced = lines.some((l) => l.unitFils === null);
  const sent = order?.status === "awaiting_payment" || order?.status === "paid";
  const change = (next: Partial<Draft>) => setDraft((d) => ({ ...d, ...next }));

  const submit = async () => {
    setTried(true);
    if (!order && (!checked.ok || total === null)) return;
    setRunning(true);
    setFailure(null);
    try {
      const built = order ?? (checked.ok ? await steps.create(conversation.id, checked.value) : null);
      if (!built) return;
      setOrder(built);
      setOrder(await steps.sendLink(built.id));
    } catch (e) {
      setFailure(failureText(e, locale));
    } finally {
      setRunning(false);
    }
  };
  const again = () => {
    setOrder(null);
    setFailure(null);
    setTried(false);
    setDraft(draftFrom(null, locale));
  };

  if (order && sent)
    return (
      <section className="sufra-order-result" data-testid="order-result">
        <Alert type="success" showIcon title={t("builder.sent", { number: order.number })} />
        <p className="sufra-order-result-line">
          <strong>{t("number", { number: order.number })}</strong> <OrderStatusTag order={order} />{" "}
          <bdi data-testid="order-result-total">{formatFilsMoney(order.totalFils, locale)}</bdi>
        </p>
        {order.paymentUrl && <PaymentLink url={order.paymentUrl} />}
        <Button onClick={again} data-testid="order-another">
          {t("builder.another")}
        </Button>
      </section>
    );

  const menuOptions = (menu ?? []).map((m) => ({
    value: m.id,
    label: joinParts(
      [nameIn(m, locale), m.unitFils === null ? t("builder.noPrice") : formatFilsMoney(m.unitFils, locale)],
      locale,
    ),
  }));

  let action;
  if (order)
    action = (
      <Button type="primary" loading={running} onClick={() => void submit()} data-testid="order-send">
        {t("builder.retry")}
      </Button>
    );
  else if (tap.account && !tap.account.connected)
    action = <TapHint conversationId={conversation.id} onLeave={onLeave} />;
  else
    action = (
      <Button
        type="primary"
        loading={running}
        disabled={!tap.account || unpriced}
        onClick={() => void submit()}
        data-testid="order-send"
      >
        {draft.paymentSource === "knet" ? t("builder.send") : t("builder.sendOther")}
      </Button>
    );

  return (
    <section className="sufra-order-builder" data-testid="order-builder">
      {start && start.items.length > 0 && !order && (
        <Alert type="info" showIcon title={t("builder.fromSuggestion")} data-testid="order-from-suggestion" />
      )}

      <Typography.Title level={3} className="sufra-section-title">
        {t("builder.items")}
      </Typography.Title>
      {lines.length === 0 ? (
        <Typography.Paragraph type="secondary">{t("builder.noItems")}</Typography.Paragraph>
      ) : (
        <ul className="sufra-order-draft-lines" data-testid="order-draft-lines">
          {lines.map((l) => {
            const name = nameIn(l, locale);
            return (
              <li key={l.menuItemId} className="sufra-order-draft-line" data-testid="order-draft-line">
                <span className="sufra-order-draft-name">
                  <bdi>{name}</bdi>
                  <Typography.Text type={l.unitFils === null ? "danger" : "secondary"}>
                    {l.unitFils === null ? t("builder.noPrice") : formatFilsMoney(l.unitFils, locale)}
                  </Typography.Text>
                </span>
                <InputNumber<number>
                  min={1}
                  max={ORDER_LIMITS.quantity}
                  precision={0}
                  value={l.quantity}
                  onChange={(v) => v !== null && setDraft((d) => setQuantity(d, l.menuItemId, v))}
                  {...digitsInput(locale)}
                  disabled={locked}
                  aria-label={t("builder.quantityOf", { name })}
                  className="sufra-order-quantity"
                  data-testid="order-quantity"
                />
                <bdi className="sufra-order-line-total">
                  {l.unitFils === null ? "" : formatFilsMoney(l.quantity * l.unitFils, locale)}
                </bdi>
                <Button
                  type="text"
                  icon={<DeleteOutlined />}
                  disabled={locked}
                  onClick={() => setDraft((d) => removeLine(d, l.menuItemId))}
                  aria-label={t("builder.remove", { name })}
                />
              </li>
            );
          })}
        </ul>
      )}
      <Problem id="order-items-problem" text={problems.items} />
      {unpriced && <Alert type="warning" showIcon title={t("builder.noPriceHelp")} data-testid="order-unpriced" />}

      {menuError && !menu ? (
        <Alert type="error" showIcon title={t("builder.menuFailed")} description={failureText(menuError, locale)} />
      ) : !menu ? (
        <Skeleton.Input active block />
      ) : (
        <div className="sufra-order-field">
          <label htmlFor="order-add">{t("builder.add")}</label>
          <Select<string>
            id="order-add"
            showSearch={{ optionFilterProp: "label" }}
            value={null}
            placeholder={t("builder.addPlaceholder")}
            options={menuOptions}
            disabled={locked}
            onChange={(id) => {
              const item = menu.find((m) => m.id === id);
              if (item) setDraft((d) => addItem(d, item));
            }}
            data-testid="order-add"
          />
        </div>
      )}

      <div className="sufra-order-field">
        <span id="order-fulfilment-label">{t("builder.fulfilment")}</span>
        <Radio.Group
          aria-labelledby="order-fulfilment-label"
          name="order-fulfilment"
          optionType="button"
          value={draft.fulfilment}
          disabled={locked}
          onChange={(e) => change({ fulfilment: e.target.value as Fulfilment })}
          options={(["pickup", "delivery"] as const).map((f) => ({ value: f, label: t(`fulfilment.${f}`) }))}
        />
      </div>
      {draft.fulfilment === "delivery" && (
        <>
          <div className="sufra-order-field">
            <label htmlFor="order-address">{t("builder.address")}</label>
            <Input
              id="order-address"
              value={draft.address}
              maxLength={ORDER_LIMITS.address}
              placeholder={t("builder.addressPlaceholder")}
              disabled={locked}
              status={problems.address ? "error" : undefined}
              aria-invalid={!!problems.address}
              aria-describedby={problems.address ? "order-address-problem" : undefined}
              onChange={(e) => change({ address: e.target.value })}
              data-testid="order-address"
            />
            <Problem id="order-address-problem" text={problems.address} />
          </div>
          <div className="sufra-order-field">
            <label htmlFor="order-fee">{t("builder.fee")}</label>
            <Input
              id="order-fee"
              inputMode="decimal"
              dir="ltr"
              value={draft.fee}
              placeholder={formatFilsMoney(0, locale, { unit: false })}
              disabled={locked}
              status={problems.fee || feeFils === null ? "error" : undefined}
              aria-invalid={!!problems.fee}
              aria-describedby={problems.fee ? "order-fee-problem" : undefined}
              onChange={(e) => change({ fee: e.target.value })}
              className="sufra-order-fee"
              data-testid="order-fee"
            />
            <Problem id="order-fee-problem" text={problems.fee} />
          </div>
        </>
      )}

      <div className="sufra-order-field">
        <span id="order-payment-label">{t("builder.payment")}</span>
        <Radio.Group
          aria-labelledby="order-payment-label"
          name="order-payment"
          value={draft.paymentSource}
          disabled={locked}
          onChange={(e) => change({ paymentSource: e.target.value as OrderPaymentSource })}
          options={ORDER_PAYMENT_SOURCES.map((p) => ({ value: p, label: t(`payment.${p}`) }))}
        />
      </div>

      <p className="sufra-order-total">
        <span>{t("builder.total")}</span>
        <strong data-testid="order-total">{total === null ? "" : formatFilsMoney(total, locale)}</strong>
      </p>

      {order && (
        <Alert
          type="warning"
          showIcon
          title={t("builder.notSent", { number: order.number })}
          data-testid="order-not-sent"
        />
      )}
      {failure && <Alert type="error" showIcon title={failure} data-testid="order-failure" />}
      {tap.error && !tap.account && (
        <Alert type="error" showIcon title={t("tap.loadFailed")} description={failureText(tap.error, locale)} />
      )}
      <Space wrap className="sufra-order-actions">
        {action}
      </Space>
    </section>
  );
}
