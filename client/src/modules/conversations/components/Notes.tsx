// The team's notes on a thread: who wrote each and when, and a new one (checked with the server's own rule);
// the guest never sees them.
import { conversationNoteSchema, CONVERSATION_NOTE_MAX } from "@sufra/schema";
import { Button, Input, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime, joinNodes, showCountIn } from "../../../lib/format.ts";
import { useSession } from "../../../lib/session.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { failureText, useThreadSteps, type TeamMember } from "../data.ts";
import { CONVERSATIONS_NS } from "../i18n.ts";
import { ruleProblem, type ThreadFull } from "../model.ts";

export function Notes({ thread, members }: { thread: ThreadFull; members: TeamMember[] }) {
  const { t } = useTranslation(CONVERSATIONS_NS);
  const locale = useLocale();
  const { user } = useSession();
  const steps = useThreadSteps();
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const author = (id: string | null) =>
    id && id === user?.id ? t("notes.you") : (members.find((m) => m.id === id)?.name ?? t("notes.someone"));

  const add = async () => {
    const wrong = ruleProblem(conversationNoteSchema, { text }, locale);
    if (wrong) {
      setProblem(wrong);
      return;
    }
    setSaving(true);
    setProblem(null);
    try {
      await steps.addNote(thread.id, text.trim());
      setText("");
    } catch (e) {
      setProblem(failureText(e, locale));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="sufra-chat-side-section" aria-labelledby="chat-notes-title" data-testid="conversation-notes">
      <Typography.Title level={3} className="sufra-section-title" id="chat-notes-title">
        {t("notes.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("notes.private")}</Typography.Paragraph>
      {thread.notes.length > 0 && (
        <ul className="sufra-chat-notes">
          {thread.notes.map((n) => (
            <li key={n.id} data-testid="conversation-note">
              <p dir="auto">{n.text}</p>
              <Typography.Text type="secondary">
                {joinNodes(
                  [
                    <bdi key="who">{author(n.authorId)}</bdi>,
                    <time key="at" dateTime={n.createdAt}>
                      {formatDateTime(n.createdAt, locale)}
                    </time>,
                  ],
                  locale,
                )}
              </Typography.Text>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor="chat-note" className="sufra-visually-hidden">
        {t("notes.label")}
      </label>
      <Input.TextArea
        id="chat-note"
        dir="auto"
        rows={2}
        value={text}
        maxLength={CONVERSATION_NOTE_MAX}
        showCount={showCountIn(locale)}
        placeholder={t("notes.placeholder")}
        onChange={(e) => setText(e.target.value)}
        status={problem ? "error" : undefined}
        aria-invalid={!!problem}
        aria-describedby={problem ? "chat-note-problem" : undefined}
        data-testid="note-text"
      />
      {problem && (
        <Typography.Text type="danger" id="chat-note-problem" role="alert">
          {problem}
        </Typography.Text>
      )}
      <Button onClick={() => void add()} loading={saving} className="sufra-chat-note-add" data-testid="note-add">
        {t("notes.add")}
      </Button>
    </section>
  );
}
