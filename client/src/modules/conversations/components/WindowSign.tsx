// What the channel lets the café send now, above the composer: the time left in the 24-hour window (a live
// countdown), the human agent tag's grace on Instagram and Messenger, WhatsApp's approved templates only, or
// that nothing may be sent; the sign itself is read by the thread (model.ts's windowSign).
import { ClockCircleOutlined } from "@ant-design/icons";
import { Alert } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { CONVERSATIONS_NS } from "../i18n.ts";
import type { WindowSign as Sign } from "../model.ts";
import { useDurationText } from "./bits.tsx";

/** The time now, again every `everyMs` (a countdown's tick). */
export function useNow(everyMs = 30_000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

export function WindowSign({ sign }: { sign: Sign }) {
  const { t } = useTranslation(CONVERSATIONS_NS);
  const locale = useLocale();
  const duration = useDurationText();
  if (sign.kind === "open")
    return (
      <p className="sufra-chat-window is-open" role="status" data-testid="window-sign">
        <ClockCircleOutlined aria-hidden /> {t("window.open", { left: duration(sign.leftMs) })}
      </p>
    );
  if (sign.kind === "humanAgent")
    return (
      <Alert
        type="warning"
        showIcon
        className="sufra-chat-window"
        title={t("window.humanAgent", { date: formatDateTime(sign.until, locale) })}
        data-testid="window-sign"
      />
    );
  if (sign.kind === "template")
    return (
      <Alert
        type="warning"
        showIcon
        className="sufra-chat-window"
        title={t("window.template")}
        data-testid="window-sign"
      />
    );
  return (
    <Alert type="error" showIcon className="sufra-chat-window" title={t("window.closed")} data-testid="window-sign" />
  );
}
