// The order slot of a thread (the conversations module's orderAction): "Build order" opens a drawer with the
// builder, started from what the suggested answer read of the guest's message, and the orders the thread
// already has. Nothing is asked of the server until the drawer opens.
import { ShoppingCartOutlined } from "@ant-design/icons";
import { Button, Divider, Drawer, Grid } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../lib/useLocale.ts";
import type { Conversation, OrderStart } from "../../conversations/index.ts";
import { ORDERS_NS } from "../i18n.ts";
import { OrderBuilder } from "./OrderBuilder.tsx";
import { ThreadOrders } from "./ThreadOrders.tsx";
import "../orders.css";

export function OrderButton({ conversation, start }: { conversation: Conversation; start: OrderStart | null }) {
  const { t } = useTranslation(ORDERS_NS);
  const locale = useLocale();
  const small = !Grid.useBreakpoint().md;
  const [open, setOpen] = useState(false);
  const suggested = !!start?.items.length;
  return (
    <>
      <Button
        type={suggested ? "primary" : "default"}
        icon={<ShoppingCartOutlined />}
        onClick={() => setOpen(true)}
        data-testid="order-open"
      >
        {t("builder.open")}
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        size={small ? "100%" : 560}
        placement={locale === "ar" ? "left" : "right"}
        title={t("builder.title", { guest: conversation.guest })}
        destroyOnHidden
        data-testid="order-drawer"
      >
        {open && (
          <>
            <OrderBuilder conversation={conversation} start={start} onLeave={() => setOpen(false)} />
            <Divider />
            <ThreadOrders conversationId={conversation.id} />
          </>
        )}
      </Drawer>
    </>
  );
}
