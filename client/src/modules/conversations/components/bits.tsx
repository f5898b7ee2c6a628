// Small pieces of the conversations: the channel with its icon and its name in the person's language, the
// demo and handled tags, a message's time (the clock today, the day and clock before), and a span of time in
// days, hours and minutes in the person's digits.
import { FacebookOutlined, InstagramOutlined, WhatsAppOutlined } from "@ant-design/icons";
import { CHANNEL_PACKS, kuwaitClock, kuwaitDate, type ChannelName, type Locale } from "@sufra/schema";
import { Tag } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatClock, formatDateTime } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { ToneTag } from "../../../shared/ToneTag.tsx";
import { CONVERSATIONS_NS } from "../i18n.ts";
import { durationParts } from "../model.ts";

export const CHANNEL_ICONS: Record<ChannelName, ReactNode> = {
  instagram: <InstagramOutlined aria-hidden />,
  facebook: <FacebookOutlined aria-hidden />,
  whatsapp: <WhatsAppOutlined aria-hidden />,
};

export const channelLabel = (channel: ChannelName, locale: Locale) => CHANNEL_PACKS[channel].label[locale];

export function ChannelTag({ channel }: { channel: ChannelName }) {
  const locale = useLocale();
  return (
    <Tag icon={CHANNEL_ICONS[channel]} className="sufra-chat-channel" data-testid="conversation-channel">
      <bdi>{channelLabel(channel, locale)}</bdi>
    </Tag>
  );
}

export function DemoTag({ demo }: { demo: boolean }) {
  const { t } = useTranslation(CONVERSATIONS_NS);
  if (!demo) return null;
  return (
    <ToneTag tone="neutral" testId="conversation-demo">
      {t("demo")}
    </ToneTag>
  );
}

export function HandledTag({ status }: { status: "open" | "handled" }) {
  const { t } = useTranslation(CONVERSATIONS_NS);
  if (status !== "handled") return null;
  return (
    <ToneTag tone="success" testId="conversation-handled">
      {t("status.handled")}
    </ToneTag>
  );
}

/** The time of a message: its clock when it was today in Kuwait, else its day and clock. */
export function MessageTime({ at, now = Date.now() }: { at: string; now?: number }) {
  const locale = useLocale();
  const d = new Date(at);
  const today = kuwaitDate(d) === kuwaitDate(new Date(now));
  return (
    <time dateTime={at} className="sufra-chat-time">
      {today ? formatClock(kuwaitClock(d), locale) : formatDateTime(d, locale)}
    </time>
  );
}

/** "5 h 12 min", "2 d 3 h", "4 min", "under a minute", in the person's language and digits. */
export function useDurationText() {
  const { t } = useTranslation(CONVERSATIONS_NS);
  return (ms: number) => {
    const { days, hours, minutes } = durationParts(ms);
    if (days) return t("duration.daysHours", { d: days, h: hours });
    if (hours) return t("duration.hoursMinutes", { h: hours, m: minutes });
    if (minutes) return t("duration.minutes", { m: minutes });
    return t("duration.underMinute");
  };
}
