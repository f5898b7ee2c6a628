// Beside a thread: who of the café has it, handled or open, what started it (a post, a story, an ad or a
// link, with the post and the campaign when Sufra knows them), the team's notes, and, for the café's
// managers, the guest's data: exported as a JSON file, or deleted (the thread goes with it).
import { App, Button, Popconfirm, Select, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useLocale } from "../../../lib/useLocale.ts";
import { failureText, useThreadSteps, type TeamMember } from "../data.ts";
import { CONVERSATIONS_NS } from "../i18n.ts";
import type { ThreadFull } from "../model.ts";
import { Notes } from "./Notes.tsx";

const NOBODY = "";

function Started({ thread }: { thread: ThreadFull }) {
  const { t } = useTranslation(CONVERSATIONS_NS);
  const { kind, postId, campaignId } = thread.started;
  if (!kind && !postId && !campaignId) return null;
  return (
    <section className="sufra-chat-side-section" data-testid="conversation-started">
      <Typography.Title level={3} className="sufra-section-title">
        {t("side.started")}
      </Typography.Title>
      <p>{kind ? t(`side.startedKinds.${kind}`) : t("side.startedUnknown")}</p>
      <Space wrap>
        {postId && <Link to={`/posts/${postId}/edit`}>{t("side.openPost")}</Link>}
        {campaignId && <Link to={`/campaigns/${campaignId}`}>{t("side.openCampaign")}</Link>}
      </Space>
    </section>
  );
}

function GuestData({ thread, onDeleted }: { thread: ThreadFull; onDeleted: () => void }) {
  const { t } = useTranslation(CONVERSATIONS_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const steps = useThreadSteps();
  const [running, setRunning] = useState<"export" | "delete" | null>(null);

  const run = async (step: "export" | "delete") => {
    setRunning(step);
    try {
      if (step === "export") {
        await steps.exportGuest(thread.id);
        void message.success(t("guestData.exported"));
      } else {
        await steps.deleteGuest(thread.id);
        void message.success(t("guestData.deleted"));
        onDeleted();
      }
    } catch (e) {
      void message.error(failureText(e, locale));
    } finally {
      setRunning(null);
    }
  };

  return (
    <section className="sufra-chat-side-section" data-testid="guest-data">
      <Typography.Title level={3} className="sufra-section-title">
        {t("guestData.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("guestData.help")}</Typography.Paragraph>
      <Space wrap>
        <Button onClick={() => void run("export")} loading={running === "export"} data-testid="guest-export">
          {t("guestData.export")}
        </Button>
        <Popconfirm
          title={t("guestData.deleteTitle")}
          description={t("guestData.deleteText")}
          okText={t("guestData.delete")}
          cancelText={t("actions.cancel", { ns: "common" })}
          okButtonProps={{ danger: true }}
          onConfirm={() => run("delete")}
        >
          <Button danger loading={running === "delete"} data-testid="guest-delete">
            {t("guestData.delete")}
          </Button>
        </Popconfirm>
      </Space>
    </section>
  );
}

export function SidePanel({
  thread,
  members,
  canManage,
  onDeleted,
}: {
  thread: ThreadFull;
  members: TeamMember[];
  canManage: boolean;
  onDeleted: () => void;
}) {
  const { t } = useTranslation(CONVERSATIONS_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const steps = useThreadSteps();
  const [running, setRunning] = useState<"assign" | "status" | null>(null);
  const handled = thread.status === "handled";
  // a person no longer in the list (left the team) still shows as who has it
  const people =
    thread.assignedToId && !members.some((m) => m.id === thread.assignedToId)
      ? [...members, { id: thread.assignedToId, name: t("side.formerMember") }]
      : members;

  const step = async (name: "assign" | "status", action: () => Promise<void>, done: string) => {
    setRunning(name);
    try {
      await action();
      void message.success(done);
    } catch (e) {
      void message.error(failureText(e, locale));
    } finally {
      setRunning(null);
    }
  };

  return (
    <aside className="sufra-chat-side" aria-label={t("side.label")} data-testid="conversation-side">
      <section className="sufra-chat-side-section">
        <label htmlFor="chat-assign" className="sufra-chat-side-label">
          {t("side.assigned")}
        </label>
        <Select<string>
          id="chat-assign"
          className="sufra-chat-assign"
          value={thread.assignedToId ?? NOBODY}
          loading={running === "assign"}
          onChange={(v) =>
            void step(
              "assign",
              () => steps.assign(thread.id, v || null),
              v ? t("side.assignedTo", { name: people.find((m) => m.id === v)?.name ?? "" }) : t("side.unassigned"),
            )
          }
          options={[
            { value: NOBODY, label: t("side.nobody") },
            ...people.map((m) => ({ value: m.id, label: <bdi>{m.name}</bdi> })),
          ]}
          data-testid="conversation-assign"
        />
        <Button
          block
          className="sufra-chat-status"
          type={handled ? "default" : "primary"}
          ghost={!handled}
          loading={running === "status"}
          onClick={() =>
            void step(
              "status",
              () => steps.setStatus(thread.id, handled ? "open" : "handled"),
              handled ? t("side.reopened") : t("side.markedHandled"),
            )
          }
          data-testid="conversation-status"
        >
          {handled ? t("side.reopen") : t("side.markHandled")}
        </Button>
      </section>
      <Started thread={thread} />
      <Notes thread={thread} members={members} />
      {canManage && <GuestData thread={thread} onDeleted={onDeleted} />}
    </aside>
  );
}
