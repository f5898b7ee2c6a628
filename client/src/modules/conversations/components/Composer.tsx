// The answer to the guest: a text counted against the channel's own limit, a saved reply put in (in the
// guest's language), a suggested answer from the business profile and menu (the facts it lacks named, with
// the link to fill them in; what the guest orders kept for the order slot), and "Send". A draft is sent with
// one key, kept while the same draft is sent again (a double click, a retry after an error), so it goes once.
// After WhatsApp's 24 hours the composer is the template picker; when nothing may be sent it says why.
import { SendOutlined, ThunderboltOutlined } from "@ant-design/icons";
import { CHANNEL_PACKS, REPLY_GAP_LABELS, type ReplyGap } from "@sufra/schema";
import { Alert, Button, Dropdown, Input, Space, Spin, Tag, Typography } from "antd";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { showCountIn } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { failureText, useSavedReplies, useThreadSteps, type Suggestion } from "../data.ts";
import { CONVERSATIONS_NS } from "../i18n.ts";
import {
  keyForDraft,
  mayWriteFreely,
  savedReplyText,
  textLength,
  type DraftKey,
  type ThreadFull,
  type WindowSign,
} from "../model.ts";
import { TemplatePicker } from "./TemplatePicker.tsx";

const gapLabel = (g: string, locale: "en" | "ar") =>
  g in REPLY_GAP_LABELS ? REPLY_GAP_LABELS[g as ReplyGap][locale] : g;

function Gaps({ gaps }: { gaps: string[] }) {
  const { t } = useTranslation(CONVERSATIONS_NS);
  const locale = useLocale();
  if (!gaps.length) return null;
  return (
    <Alert
      type="warning"
      showIcon
      className="sufra-form-alert"
      title={t("composer.gaps.title")}
      data-testid="suggestion-gaps"
      description={
        <>
          <Space size={[4, 4]} wrap>
            {gaps.map((g) => (
              <Tag key={g}>{gapLabel(g, locale)}</Tag>
            ))}
          </Space>
          <div>
            {t("composer.gaps.hint")} <Link to="/settings#business-profile">{t("composer.gaps.link")}</Link>
          </div>
        </>
      }
    />
  );
}

function SavedRepliesPicker({ onPick }: { onPick: (r: { textEn: string; textAr: string }) => void }) {
  const { t } = useTranslation(CONVERSATIONS_NS);
  const { replies } = useSavedReplies();
  const list = replies ?? [];
  return (
    <Dropdown
      trigger={["click"]}
      disabled={!list.length}
      menu={{
        items: list.map((r) => ({ key: r.id, label: <bdi>{r.title}</bdi> })),
        onClick: ({ key }) => {
          const r = list.find((x) => x.id === key);
          if (r) onPick(r);
        },
      }}
    >
      <Button data-testid="saved-replies" title={list.length ? undefined : t("composer.noSavedReplies")}>
        {t("composer.savedReplies")}
      </Button>
    </Dropdown>
  );
}

export function Composer({
  thread,
  sign,
  mayReply,
  onSuggestion,
  onOpenSettings,
}: {
  thread: ThreadFull;
  sign: WindowSign;
  /** the inbox's reply right; null while it loads */
  mayReply: boolean | null;
  onSuggestion: (s: Suggestion) => void;
  onOpenSettings?: () => void;
}) {
  const { t } = useTranslation(CONVERSATIONS_NS);
  const locale = useLocale();
  const steps = useThreadSteps();
  const [draft, setDraft] = useState("");
  const [sending, setSending] = useState(false);
  const [suggesting, setSuggesting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [gaps, setGaps] = useState<string[]>([]);
  const held = useRef<DraftKey | null>(null);
  const busy = useRef(false);
  const max = CHANNEL_PACKS[thread.channel].maxText;

  if (mayReply === false)
    return (
      <Typography.Paragraph type="secondary" data-testid="composer-not-allowed" className="sufra-chat-reason">
        {t("composer.notAllowed")}
      </Typography.Paragraph>
    );
  if (sign.kind === "template") return <TemplatePicker thread={thread} onOpenSettings={onOpenSettings} />;

  const free = mayWriteFreely(sign);
  const text = draft.trim();
  const tooLong = textLength(draft) > max;

  const insert = (r: { textEn: string; textAr: string }) => {
    const add = savedReplyText(r, thread.language ?? locale);
    setDraft((d) => (d.trim() ? `${d.trimEnd()}\n${add}` : add));
  };

  const suggest = async () => {
    setSuggesting(true);
    setFailure(null);
    try {
      const s = await steps.suggest(thread.id);
      setDraft(s.text);
      setGaps(s.gaps);
      onSuggestion(s);
    } catch (e) {
      setFailure(failureText(e, locale));
    } finally {
      setSuggesting(false);
    }
  };

  const send = async () => {
    if (busy.current || !text || tooLong || !free) return;
    busy.current = true;
    // the same draft keeps its key: a second click or a retry after an error is the same message
    const k = keyForDraft(held.current, draft);
    held.current = k;
    setSending(true);
    setFailure(null);
    try {
      const m = await steps.send(thread.id, { key: k.key, text });
      // answered: this key is spent; a refused message stays in the thread with its reason, the draft here
      held.current = null;
      if (m.state !== "failed") {
        setDraft("");
        setGaps([]);
      }
    } catch (e) {
      setFailure(failureText(e, locale));
    } finally {
      busy.current = false;
      setSending(false);
    }
  };

  return (
    <div className="sufra-chat-composer" data-testid="composer">
      {!free && (
        <span id="composer-closed" hidden>
          {t("window.closed")}
        </span>
      )}
      <Spin spinning={suggesting} description={t("composer.suggesting")}>
        <label htmlFor="chat-draft" className="sufra-visually-hidden">
          {t("composer.label")}
        </label>
        <Input.TextArea
          id="chat-draft"
          dir="auto"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) void send();
          }}
          placeholder={t("composer.placeholder")}
          autoSize={{ minRows: 3, maxRows: 10 }}
          maxLength={max}
          showCount={showCountIn(locale)}
          disabled={!free}
          aria-describedby={!free ? "composer-closed" : undefined}
          data-testid="composer-text"
        />
      </Spin>
      <Gaps gaps={gaps} />
      {failure && (
        <Alert
          className="sufra-form-alert"
          type="error"
          showIcon
          title={t("composer.failed")}
          description={failure}
          data-testid="send-failure"
        />
      )}
      <div className="sufra-chat-composer-actions">
        <Space wrap>
          <SavedRepliesPicker onPick={insert} />
          <Button
            icon={<ThunderboltOutlined />}
            onClick={() => void suggest()}
            loading={suggesting}
            disabled={!free}
            data-testid="suggest-answer"
          >
            {t("composer.suggest")}
          </Button>
        </Space>
        <Button
          type="primary"
          icon={<SendOutlined className="sufra-dir-icon" />}
          onClick={() => void send()}
          loading={sending}
          disabled={!text || tooLong || !free}
          data-testid="send-message"
        >
          {t("composer.send")}
        </Button>
      </div>
    </div>
  );
}
