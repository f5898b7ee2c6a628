// Settings for messages, opened from the Messages view (?settings=1, so it is a link too): saved replies,
// the WhatsApp number and its templates, how long guests' conversations are kept, and the café's own Tap
// account for guests' orders (the orders module's card). Everyone reads them; the café's managers (owners and
// the account holder) change WhatsApp, the retention and the Tap account.
import { Drawer, Grid } from "antd";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../lib/useLocale.ts";
import { TapAccountCard } from "../../orders/index.ts";
import { useConversationsTeam } from "../data.ts";
import { CONVERSATIONS_NS } from "../i18n.ts";
import { RetentionCard } from "./RetentionCard.tsx";
import { SavedRepliesCard } from "./SavedRepliesCard.tsx";
import { TemplatesCard } from "./TemplatesCard.tsx";
import { WhatsappCard } from "./WhatsappCard.tsx";

export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(CONVERSATIONS_NS);
  const locale = useLocale();
  const small = !Grid.useBreakpoint().md;
  const { canManage } = useConversationsTeam();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={small ? "100%" : 640}
      placement={locale === "ar" ? "left" : "right"}
      title={t("settings.title")}
      destroyOnHidden
      data-testid="messages-settings"
    >
      <div className="sufra-chat-settings">
        <SavedRepliesCard />
        <WhatsappCard canManage={canManage} />
        <TemplatesCard canManage={canManage} />
        <RetentionCard canManage={canManage} />
        <TapAccountCard canManage={canManage} />
      </div>
    </Drawer>
  );
}
