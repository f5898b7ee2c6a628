// A post's approval in the composer (docs/product.md#agencies-and-approvals): its state and version, Send for
// approval, and its history (who sent, approved or asked changes to which version, with the comment). A café's
// manager may approve a post in review or ask for changes, a comment required (the shared rule's message);
// the version they read goes with it, so a post changed since answers POST_CHANGED.
import { approvalDecisionSchema, messageText } from "@sufra/schema";
import { Button, Card, Form, Input, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ApprovalState } from "../../../graphql/graphql.ts";
import { useReportedChange } from "../../../shared/DangerConfirm.tsx";
import { formatDateTime, formatNumber } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { useApprovalHistory, useDecidePost } from "../data.ts";
import { APPROVALS_NS } from "../i18n.ts";
import { ApprovalTag } from "./ApprovalTag.tsx";
import { SendForApprovalModal } from "./SendForApprovalModal.tsx";
import "../approvals.css";

interface Props {
  post: { id: string; approval: ApprovalState; revision: number };
  /** the caller gives their word on it now (useApprovalRule's mayDecide) */
  canDecide: boolean;
}

export function ApprovalPanel({ post, canDecide }: Props) {
  const { t } = useTranslation(APPROVALS_NS);
  const locale = useLocale();
  const [sending, setSending] = useState(false);
  return (
    <Card
      size="small"
      className="sufra-approval-panel"
      title={t("panel.title")}
      extra={
        <Space>
          <ApprovalTag state={post.approval} required testId="post-approval" />
          <Typography.Text type="secondary">
            {t("panel.revision", { n: formatNumber(post.revision, locale) })}
          </Typography.Text>
        </Space>
      }
      data-testid="approval-panel"
    >
      {post.approval !== "APPROVED" && (
        <Button onClick={() => setSending(true)} data-testid="send-post-for-approval">
          {t("send.action")}
        </Button>
      )}
      {canDecide && <Decision post={post} />}
      <History postId={post.id} />
      <SendForApprovalModal request={sending ? { postIds: [post.id] } : null} onClose={() => setSending(false)} />
    </Card>
  );
}

function Decision({ post }: { post: Props["post"] }) {
  const { t } = useTranslation(APPROVALS_NS);
  const locale = useLocale();
  const { approve, requestChanges, deciding } = useDecidePost();
  const [asking, setAsking] = useState(false);
  const [comment, setComment] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  const report = useReportedChange();
  const run = (step: () => Promise<unknown>, done: string) =>
    report(
      step,
      () => done,
      () => {
        setAsking(false);
        setComment("");
      },
    );
  const ask = () => {
    const checked = approvalDecisionSchema.safeParse({ decision: "changes", revision: post.revision, comment });
    const issue = checked.error?.issues[0]?.message;
    setProblem(issue ? messageText(issue, locale) : null);
    if (!checked.success) return;
    void run(() => requestChanges(post.id, post.revision, checked.data.comment ?? ""), t("panel.changesSent"));
  };

  return (
    <div className="sufra-approval-decision">
      <Space wrap>
        <Button
          type="primary"
          loading={deciding && !asking}
          onClick={() => void run(() => approve(post.id, post.revision), t("panel.approved"))}
          data-testid="approve-post"
        >
          {t("panel.approve")}
        </Button>
        <Button onClick={() => setAsking(true)} aria-expanded={asking} data-testid="request-changes">
          {t("panel.requestChanges")}
        </Button>
      </Space>
      {asking && (
        <Form layout="vertical" component="div" className="sufra-approval-comment">
          <Form.Item
            label={t("panel.comment")}
            htmlFor="approval-comment"
            required
            validateStatus={problem ? "error" : undefined}
            help={problem}
          >
            <Input.TextArea
              id="approval-comment"
              dir="auto"
              rows={3}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              placeholder={t("panel.commentPlaceholder")}
              aria-required
              data-testid="approval-comment"
            />
          </Form.Item>
          <Button danger loading={deciding} onClick={ask} data-testid="send-changes">
            {t("panel.sendChanges")}
          </Button>
        </Form>
      )}
    </div>
  );
}

function History({ postId }: { postId: string }) {
  const { t } = useTranslation(APPROVALS_NS);
  const locale = useLocale();
  const events = useApprovalHistory(postId);
  return (
    <section className="sufra-approval-history" aria-label={t("panel.history")}>
      <Typography.Text strong>{t("panel.history")}</Typography.Text>
      {events.length ? (
        <ol data-testid="approval-history">
          {events.map((e) => {
            const who = e.viaLink ? t("panel.viaLink") : (e.actorName ?? t("panel.someone"));
            const action = ["sent", "approved", "changes_requested", "voided"].includes(e.action) ? e.action : "sent";
            return (
              <li key={e.id}>
                <Typography.Text>
                  {t(`panel.actions.${action}`, { who, revision: formatNumber(e.revision, locale) })}
                </Typography.Text>{" "}
                <Typography.Text type="secondary">
                  <time dateTime={e.createdAt}>{formatDateTime(e.createdAt, locale)}</time>
                </Typography.Text>
                {e.comment && (
                  <blockquote className="sufra-approval-quote" dir="auto">
                    {e.comment}
                  </blockquote>
                )}
              </li>
            );
          })}
        </ol>
      ) : (
        <Typography.Paragraph type="secondary">{t("panel.noHistory")}</Typography.Paragraph>
      )}
    </section>
  );
}
