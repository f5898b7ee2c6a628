// One review and its reply: the full text (in its own direction), stars, source, date, tone and
// topics; the reply a person asks Sufra to suggest (in the review's language), edits, approves, copies
// to post on the network, and marks as replied. Each step says what happened.
import { useMutation } from "@apollo/client/react";
import { isMessageKey, messageText, reviewReplySchema } from "@sufra/schema";
import { App, Button, Descriptions, Drawer, Grid, Input, Popconfirm, Space, Spin, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ReviewsApproveDocument, ReviewsDeleteDocument, ReviewsMarkRepliedDocument, ReviewsSuggestReplyDocument, ReviewsUpdateReplyDocument, type ReviewsReviewFieldsFragment } from "../../../graphql/graphql.ts";
import { errorMessage } from "../../../lib/errorMessage.ts";
import { Note } from "../../../shared/Note.tsx";
import { formatDateTime } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { INBOX_NS } from "../i18n.ts";
import { ReviewDate, ReviewStatusTag, SentimentTag, SourceTag, sourceLabel, Stars, TopicTags } from "./bits.tsx";

export type Review = ReviewsReviewFieldsFragment;

/** The reply rule's first message in the person's language; null when the text is a valid reply. */
function replyProblem(text: string, locale: "en" | "ar"): string | null {
  const r = reviewReplySchema.safeParse({ reply: text });
  if (r.success) return null;
  const key = r.error.issues[0]?.message;
  return messageText(isMessageKey(key) ? key : "invalidValue", locale);
}

export function ReviewDrawer({ review, onClose, onChanged, onDeleted }: { review: Review | null; onClose: () => void; onChanged: (r: Review) => void; onDeleted: () => void }) {
  const { t } = useTranslation(INBOX_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const small = !Grid.useBreakpoint().md;
  const [draft, setDraft] = useState(review?.reply ?? "");
  const [touched, setTouched] = useState(false);
  const [suggest, suggesting] = useMutation(ReviewsSuggestReplyDocument);
  const [save, saving] = useMutation(ReviewsUpdateReplyDocument);
  const [approve, approving] = useMutation(ReviewsApproveDocument);
  const [markReplied, marking] = useMutation(ReviewsMarkRepliedDocument);
  const [remove, removing] = useMutation(ReviewsDeleteDocument);

  // the server's reply wins when another review opens or a suggestion arrives
  useEffect(() => {
    setDraft(review?.reply ?? "");
    setTouched(false);
  }, [review?.id, review?.reply]);

  if (!review) return null;

  const saved = review.reply ?? "";
  const dirty = draft.trim() !== saved.trim();
  const problem = draft.trim() ? replyProblem(draft, locale) : null;
  const replied = review.status === "REPLIED";
  const busy = suggesting.loading || saving.loading || approving.loading || marking.loading || removing.loading;

  /** Saves the edited text first when there is one, so what is approved or posted is what is shown. */
  async function saveIfEdited(): Promise<Review | null> {
    if (!dirty || !draft.trim()) return review;
    if (problem) return null;
    const r = (await save({ variables: { id: review!.id, reply: draft } })).data?.updateReviewReply ?? null;
    if (r) onChanged(r);
    return r;
  }

  async function step(action: () => Promise<Review | null | undefined>, done: (r: Review) => string) {
    try {
      const r = await action();
      if (!r) return;
      onChanged(r);
      void message.success(done(r));
    } catch (e) {
      void message.error(errorMessage(e));
    }
  }

  const onSuggest = () =>
    step(async () => (await suggest({ variables: { id: review.id } })).data?.suggestReviewReply, (r) => t("drawer.suggested", { language: t(`drawer.languages.${r.language}`) }));
  const onSave = () => step(saveIfEdited, () => t("drawer.saved"));
  const onApprove = () =>
    step(async () => ((await saveIfEdited()) ? (await approve({ variables: { id: review.id } })).data?.approveReviewReply : null), (r) => t("drawer.approved", { source: sourceLabel(r.source, locale) }));
  const onReplied = () => step(async () => ((await saveIfEdited()) ? (await markReplied({ variables: { id: review.id } })).data?.markReviewReplied : null), () => t("drawer.markedReplied"));
  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(draft.trim());
      void message.success(t("drawer.copied"));
    } catch {
      void message.error(t("drawer.copyFailed"));
    }
  };
  const onDelete = async () => {
    try {
      await remove({ variables: { id: review.id } });
    } catch (e) {
      void message.error(errorMessage(e));
      return;
    }
    void message.success(t("drawer.deleted"));
    onDeleted();
  };

  return (
    <Drawer
      open
      onClose={onClose}
      size={small ? "100%" : 560}
      placement={locale === "ar" ? "left" : "right"}
      title={t("drawer.title", { author: review.author })}
      data-testid="review-drawer"
      footer={
        <Popconfirm title={t("drawer.deleteTitle")} description={t("drawer.deleteText")} okText={t("drawer.delete")} cancelText={t("actions.cancel", { ns: "common" })} okButtonProps={{ danger: true }} onConfirm={onDelete}>
          <Button danger disabled={busy} data-testid="review-delete">
            {t("drawer.delete")}
          </Button>
        </Popconfirm>
      }
    >
      <div className="sufra-review-head">
        <Stars rating={review.rating} />
        <SourceTag source={review.source} />
        <ReviewDate value={review.reviewedAt} />
        <ReviewStatusTag status={review.status} />
      </div>
      <p className="sufra-review-full" dir="auto" data-testid="review-text">
        {review.text}
      </p>
      <Descriptions size="small" column={1} className="sufra-review-facts">
        <Descriptions.Item label={t("drawer.sentiment")}>
          <SentimentTag sentiment={review.sentiment} />
        </Descriptions.Item>
        <Descriptions.Item label={t("drawer.topics")}>
          <TopicTags topics={review.topics} />
        </Descriptions.Item>
        <Descriptions.Item label={t("drawer.language")}>{t(`drawer.languages.${review.language}`)}</Descriptions.Item>
        {review.approvedAt && review.status === "APPROVED" && <Descriptions.Item label={t("columns.status")}>{t("drawer.approvedOn", { date: formatDateTime(review.approvedAt, locale) })}</Descriptions.Item>}
        {review.repliedAt && replied && <Descriptions.Item label={t("columns.status")}>{t("drawer.repliedOn", { date: formatDateTime(review.repliedAt, locale) })}</Descriptions.Item>}
      </Descriptions>

      <div className="sufra-review-reply-head">
        <Typography.Title level={3} className="sufra-section-title">
          <label htmlFor="review-reply">{t("drawer.reply")}</label>
        </Typography.Title>
        <Button onClick={onSuggest} loading={suggesting.loading} disabled={replied || busy} data-testid="suggest-reply">
          {review.reply ? t("drawer.suggestAgain") : t("drawer.suggest")}
        </Button>
      </div>
      <Spin spinning={suggesting.loading} description={t("drawer.suggesting")}>
        <Input.TextArea
          id="review-reply"
          dir="auto"
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
            setTouched(true);
          }}
          placeholder={t("drawer.replyPlaceholder")}
          rows={7}
          showCount
          maxLength={1000}
          status={touched && problem ? "error" : undefined}
          aria-invalid={touched && !!problem}
          aria-describedby={touched && problem ? "review-reply-problem" : undefined}
          data-testid="reply-text"
        />
      </Spin>
      {touched && problem && (
        <Typography.Text type="danger" id="review-reply-problem" role="alert">
          {problem}
        </Typography.Text>
      )}
      {review.status === "APPROVED" && dirty && <Note className="sufra-form-alert" title={t("drawer.editWithdraws")} />}
      <Space wrap className="sufra-review-actions">
        <Button onClick={onSave} disabled={!dirty || !draft.trim() || !!problem || busy} loading={saving.loading} data-testid="save-reply">
          {t("drawer.save")}
        </Button>
        <Button type="primary" onClick={onApprove} disabled={replied || (review.status === "APPROVED" && !dirty) || !draft.trim() || !!problem || busy} loading={approving.loading} data-testid="approve-reply">
          {t("drawer.approve")}
        </Button>
        <Button onClick={onReplied} disabled={replied || !!problem || busy} loading={marking.loading} data-testid="mark-replied">
          {t("drawer.markReplied")}
        </Button>
        <Button onClick={onCopy} disabled={!draft.trim()} data-testid="copy-reply">
          {t("drawer.copy")}
        </Button>
      </Space>
    </Drawer>
  );
}
