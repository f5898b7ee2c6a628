// One message of a thread: the guest's on the start side, the café's on the end side (the sides follow the
// reading direction), an event line (an order paid) in the middle. A message shows its photos, the buttons it
// carried or the one the guest tapped, the WhatsApp template it used, its time and, for the café's, whether
// it is sending, sent, delivered, read or failed (and why), and the human agent tag when it went with it.
import { CheckOutlined, ExclamationCircleOutlined, LoadingOutlined, PaperClipOutlined } from "@ant-design/icons";
import { errorText, isErrorCode } from "@sufra/schema";
import { Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { formatFilsMoney, formatNumber, listNames } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { CONVERSATIONS_NS } from "../i18n.ts";
import type { ChatMessage } from "../model.ts";
import { MessageTime } from "./bits.tsx";

const STATE_ICONS = {
  sending: <LoadingOutlined aria-hidden />,
  sent: <CheckOutlined aria-hidden />,
  delivered: <CheckOutlined aria-hidden />,
  read: <CheckOutlined aria-hidden />,
  failed: <ExclamationCircleOutlined aria-hidden />,
} as const;

/** Why the channel refused a message, in the person's language where Sufra knows the reason. */
function useRefusal() {
  const { t } = useTranslation(CONVERSATIONS_NS);
  const locale = useLocale();
  return (error: string | null) => {
    if (!error) return t("state.failedUnknown");
    if (error === "window") return t("state.failedWindow");
    return isErrorCode(error) ? errorText(error, locale) : error;
  };
}

function Media({ message }: { message: ChatMessage }) {
  const { t } = useTranslation(CONVERSATIONS_NS);
  if (!message.media.length) return null;
  return (
    <div className="sufra-chat-media">
      {message.media.map((m, i) =>
        (m.kind === "image" || m.kind === "sticker") && m.url ? (
          <a key={i} href={m.url} target="_blank" rel="noreferrer">
            <img src={m.url} alt={m.caption ?? t("media.image")} loading="lazy" data-testid="message-image" />
          </a>
        ) : (
          <span key={i} className="sufra-chat-file">
            <PaperClipOutlined aria-hidden />{" "}
            {m.url ? (
              <Typography.Link href={m.url} target="_blank" rel="noreferrer">
                {t(`media.kinds.${m.kind}`, { defaultValue: t("media.kinds.file") })}
              </Typography.Link>
            ) : (
              t(`media.kinds.${m.kind}`, { defaultValue: t("media.kinds.file") })
            )}
          </span>
        ),
      )}
    </div>
  );
}

/** An order's news as the server records it ("order.paid:12:6000"), in the person's language and digits. */
function useEventText() {
  const { t } = useTranslation(CONVERSATIONS_NS);
  const locale = useLocale();
  return (text: string) => {
    const m = /^order\.(paid|failed|cancelled|refunded):(\d+):(\d+)$/.exec(text);
    if (!m) return text;
    return t(`events.${m[1]}`, {
      number: formatNumber(Number(m[2]), locale),
      total: formatFilsMoney(Number(m[3]), locale),
    });
  };
}

export function MessageBubble({ message, now }: { message: ChatMessage; now: number }) {
  const { t } = useTranslation(CONVERSATIONS_NS);
  const locale = useLocale();
  const eventText = useEventText();
  const refusal = useRefusal();
  if (message.direction === "event")
    return (
      <li className="sufra-chat-event" data-testid="message-event">
        <span dir="auto">{eventText(message.text)}</span> <MessageTime at={message.at} now={now} />
      </li>
    );
  const guest = message.direction === "in";
  const failed = message.state === "failed";
  return (
    <li
      className={`sufra-chat-row ${guest ? "is-guest" : "is-cafe"}${failed ? " is-failed" : ""}`}
      data-testid={guest ? "message-in" : "message-out"}
    >
      <div className="sufra-chat-bubble">
        <span className="sufra-visually-hidden">{guest ? t("thread.fromGuest") : t("thread.fromCafe")}</span>
        {message.templateName && (
          <Tag className="sufra-chat-template" data-testid="message-template">
            {t("thread.template")} <bdi>{message.templateName}</bdi>
          </Tag>
        )}
        <Media message={message} />
        {message.text && (
          <p className="sufra-chat-text" dir="auto">
            {message.text}
          </p>
        )}
        {message.choices.length > 0 &&
          (guest ? (
            <p className="sufra-chat-tapped" data-testid="message-tapped">
              {t("thread.tapped", {
                choice: listNames(
                  message.choices.map((c) => c.title),
                  locale,
                ),
              })}
            </p>
          ) : (
            <div className="sufra-chat-choices" data-testid="message-choices">
              {message.choices.map((c) => (
                <Tag key={c.id}>
                  <bdi>{c.title}</bdi>
                </Tag>
              ))}
            </div>
          ))}
        <div className="sufra-chat-meta">
          <MessageTime at={message.at} now={now} />
          {!guest && message.state && (
            <span className={`sufra-chat-state is-${message.state}`} data-testid="message-state">
              {STATE_ICONS[message.state]} {t(`state.${message.state}`)}
            </span>
          )}
        </div>
        {!guest && message.humanAgent && (
          <p className="sufra-chat-note" data-testid="message-human-agent">
            {t("state.humanAgent")}
          </p>
        )}
        {failed && (
          <p className="sufra-chat-error" role="alert" data-testid="message-error">
            {refusal(message.error)}
          </p>
        )}
      </div>
    </li>
  );
}
