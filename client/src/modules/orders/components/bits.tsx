// Small pieces of the orders: the status tag (with what was given back of a paid order), the payment link with
// its copy button, the order's lines in the person's language, and where an order came from (a post, a story,
// an ad or a link, with the post and the campaign when Sufra knows them).
import { mayOpen, type OrderStatus } from "@sufra/schema";
import { Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { formatFilsMoney } from "../../../lib/format.ts";
import { useSession } from "../../../lib/session.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { ToneTag } from "../../../shared/ToneTag.tsx";
import type { TagTone } from "../../../shared/tagColors.ts";
import { ORDERS_NS } from "../i18n.ts";
import { nameIn, type OrderView } from "../model.ts";

const TONES: Record<OrderStatus, TagTone | null> = {
  draft: null,
  awaiting_payment: "warning",
  paid: "success",
  cancelled: "neutral",
  refunded: "danger",
};

export function OrderStatusTag({ order }: { order: Pick<OrderView, "status" | "refundedFils"> }) {
  const { t } = useTranslation(ORDERS_NS);
  const locale = useLocale();
  return (
    <span className="sufra-order-status">
      <ToneTag tone={TONES[order.status]} testId="order-status">
        {t(`status.${order.status}`)}
      </ToneTag>
      {order.status === "paid" && order.refundedFils > 0 && (
        <Typography.Text type="secondary" data-testid="order-refunded">
          {t("refundedPart", { amount: formatFilsMoney(order.refundedFils, locale) })}
        </Typography.Text>
      )}
    </span>
  );
}

/** Tap's page where the guest pays, to copy into another message. */
export function PaymentLink({ url }: { url: string }) {
  const { t } = useTranslation(ORDERS_NS);
  return (
    <p className="sufra-order-link">
      <span className="sufra-order-link-label">{t("link.label")}</span>
      <Typography.Text
        copyable={{ text: url, tooltips: [t("link.copy"), t("link.copied")] }}
        className="sufra-order-link-url"
        data-testid="order-payment-url"
      >
        <bdi dir="ltr">{url}</bdi>
      </Typography.Text>
    </p>
  );
}

/** The order's lines, "2 × Spanish latte", in the person's language and digits. */
export function OrderLines({ order }: { order: Pick<OrderView, "items"> }) {
  const { t } = useTranslation(ORDERS_NS);
  const locale = useLocale();
  return (
    <ul className="sufra-order-lines" data-testid="order-lines">
      {order.items.map((l) => (
        <li key={l.menuItemId}>{t("line", { quantity: l.quantity, name: nameIn(l, locale) })}</li>
      ))}
    </ul>
  );
}

/** Pickup, or delivery to the order's address. */
export function Fulfilment({ order }: { order: Pick<OrderView, "fulfilment" | "address"> }) {
  const { t } = useTranslation(ORDERS_NS);
  if (order.fulfilment === "delivery" && order.address) return <>{t("deliveryTo", { address: order.address })}</>;
  return <>{t(`fulfilment.${order.fulfilment}`)}</>;
}

/**
 * What started the order's conversation, with the post and the campaign (by its name when known) when Sufra
 * knows them: links for a person who may open those screens, else words.
 */
export function Started({ order, campaignName }: { order: Pick<OrderView, "started">; campaignName?: string }) {
  const { t } = useTranslation(ORDERS_NS);
  const { user } = useSession();
  const { kind, postId, campaignId } = order.started;
  const opens = (path: string) => !!user && mayOpen(user.role, path);
  const campaign = campaignName ? <bdi>{campaignName}</bdi> : t("started.openCampaign");
  return (
    <span className="sufra-order-started" data-testid="order-started">
      <span>{kind ? t(`started.${kind}`) : t("started.unknown")}</span>
      {(postId || campaignId) && (
        <Space size="small" wrap>
          {postId &&
            (opens(`/posts/${postId}/edit`) ? (
              <Link to={`/posts/${postId}/edit`} data-testid="order-post">
                {t("started.openPost")}
              </Link>
            ) : (
              <span data-testid="order-post">{t("started.openPost")}</span>
            ))}
          {campaignId &&
            (opens(`/campaigns/${campaignId}`) ? (
              <Link to={`/campaigns/${campaignId}`} data-testid="order-campaign">
                {campaign}
              </Link>
            ) : (
              <span data-testid="order-campaign">{campaign}</span>
            ))}
        </Space>
      )}
    </span>
  );
}
