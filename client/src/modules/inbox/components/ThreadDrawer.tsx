// One item and everything under it: what the guest wrote (in its own direction), the stars, source, branch
// and day; for a comment, the post it is under and the replies beneath it; Sufra's draft reply, suggested
// in the guest's language or in Arabic and English (the person's choice, remembered), edited, approved
// and sent through the network, or marked handled where the network has no reply door. Instagram
// comments can be hidden and answered privately once. Whatever cannot be done says why, and every step
// says what happened, in the person's language (docs/product.md#routes).
import { isMessageKey, messageText, REPLY_GAP_LABELS, reviewReplySchema } from "@sufra/schema";
import {
  Alert,
  App,
  Button,
  Descriptions,
  Drawer,
  Grid,
  Input,
  Popconfirm,
  Segmented,
  Space,
  Spin,
  Tag,
  Typography,
} from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { Note } from "../../../shared/Note.tsx";
import { formatDateTime, showCountIn } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { failureText, useInboxActions } from "../data.ts";
import { INBOX_NS } from "../i18n.ts";
import {
  PRIVATE_REPLY_WINDOW_MS,
  rememberReplyLanguages,
  replyLanguages,
  type InboxItem,
  type ReplyLanguages,
} from "../model.ts";
import {
  BranchTag,
  DemoTag,
  excerpt,
  IntentTag,
  ReviewDate,
  ReviewStatusTag,
  SentimentTag,
  SourceTag,
  sourceLabel,
  Stars,
  TopicTags,
} from "./bits.tsx";

/** The reply rule's first message in the person's language; null when the text is a valid reply. */
function replyProblem(text: string, locale: "en" | "ar"): string | null {
  const r = reviewReplySchema.safeParse({ reply: text });
  if (r.success) return null;
  const key = r.error.issues[0]?.message;
  return messageText(isMessageKey(key) ? key : "invalidValue", locale);
}

/** Why sending is not possible now (a key of drawer.reasons), or null. */
function sendBlocked(item: InboxItem): string | null {
  if (item.can.sendReply || !item.network) return null;
  if (item.status === "replied") return "replied";
  if (item.can.needsVerification) return "needsVerification";
  return "notAllowed";
}

function privateBlocked(item: InboxItem, now = Date.now()): string | null {
  if (item.can.privateReply) return null;
  if (item.privateRepliedAt) return "privateDone";
  if (now - new Date(item.writtenAt).getTime() > PRIVATE_REPLY_WINDOW_MS) return "privateWindow";
  return "notAllowed";
}

export function ThreadDrawer({
  item,
  onClose,
  onChanged,
  onFailed,
  onDeleted,
}: {
  item: InboxItem | null;
  onClose: () => void;
  onChanged: (i: InboxItem) => void;
  onFailed: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation(INBOX_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const small = !Grid.useBreakpoint().md;
  const act = useInboxActions();
  const [draft, setDraft] = useState(item?.reply ?? "");
  const [touched, setTouched] = useState(false);
  const [languages, setLanguages] = useState<ReplyLanguages>(replyLanguages);
  const [running, setRunning] = useState<string | null>(null);
  const [privateText, setPrivateText] = useState<string | null>(null);

  // the server's reply wins when another item opens or a suggestion arrives
  useEffect(() => {
    setDraft(item?.reply ?? "");
    setTouched(false);
    setPrivateText(null);
  }, [item?.id, item?.reply]);

  if (!item) return null;

  const saved = item.reply ?? "";
  const dirty = draft.trim() !== saved.trim();
  const problem = draft.trim() ? replyProblem(draft, locale) : null;
  const replied = item.status === "replied";
  const busy = running !== null;
  const comment = item.kind === "comment";
  const instagram = item.network === "instagram";
  const guestLanguage = t(`drawer.languages.${item.language}`);

  /** Saves the edited text first when there is one, so what is approved or sent is what is shown. */
  async function saveIfEdited(): Promise<InboxItem | null> {
    if (!dirty || !draft.trim()) return item;
    if (problem) return null;
    const r = await act.update(item!.id, draft);
    onChanged(r);
    return r;
  }

  async function step(
    name: string,
    action: () => Promise<InboxItem | null | undefined>,
    done: (r: InboxItem) => string,
  ) {
    setRunning(name);
    try {
      const r = await action();
      if (!r) return;
      onChanged(r);
      void message.success(done(r));
    } catch (e) {
      void message.error({ content: failureText(e, locale), key: "inbox-failure" });
      // the server's state wins after a refusal (the network's reason, a claim released)
      onFailed();
      act.refresh();
    } finally {
      setRunning(null);
    }
  }

  const chooseLanguages = (v: ReplyLanguages) => {
    setLanguages(v);
    rememberReplyLanguages(v);
  };
  const onSuggest = () =>
    step(
      "suggest",
      () => act.suggest(item.id, languages),
      () => (languages === "both" ? t("drawer.suggestedBoth") : t("drawer.suggested", { language: guestLanguage })),
    );
  const onSave = () => step("save", saveIfEdited, () => t("drawer.saved"));
  const onApprove = () =>
    step(
      "approve",
      async () => ((await saveIfEdited()) ? act.approve(item.id) : null),
      (r) => (r.network ? t("drawer.approvedSend") : t("drawer.approved", { source: sourceLabel(r.source, locale) })),
    );
  const onSend = () =>
    step(
      "send",
      async () => ((await saveIfEdited()) ? act.send(item.id) : null),
      (r) => t("drawer.sent", { source: sourceLabel(r.source, locale) }),
    );
  const onHandled = () =>
    step(
      "handled",
      async () => ((await saveIfEdited()) ? act.markHandled(item.id) : null),
      () => t("drawer.markedReplied"),
    );
  const onDeleteReply = () =>
    step(
      "deleteReply",
      () => act.deleteReply(item.id),
      () => t("drawer.replyDeleted"),
    );
  const onHide = () =>
    step(
      "hide",
      () => act.hide(item.id, !item.hidden),
      (r) => (r.hidden ? t("drawer.hiddenDone") : t("drawer.shownDone")),
    );
  const onPrivate = () =>
    step(
      "private",
      async () => {
        const text = (privateText ?? "").trim();
        if (!text) return null;
        return act.privateReply(item.id, text);
      },
      () => {
        // Instagram takes one private reply per comment: the form closes, and the reply shows as sent
        setPrivateText(null);
        return t("drawer.privateSent");
      },
    );
  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(draft.trim());
      void message.success(t("drawer.copied"));
    } catch {
      void message.error(t("drawer.copyFailed"));
    }
  };
  const onDelete = async () => {
    setRunning("delete");
    try {
      await act.remove(item.id);
    } catch (e) {
      void message.error(failureText(e, locale));
      return;
    } finally {
      setRunning(null);
    }
    void message.success(t("drawer.deleted"));
    onDeleted();
  };

  const sendReason = sendBlocked(item);
  const privateReason = comment && instagram ? privateBlocked(item) : null;
  const hideReason = comment && instagram && !item.can.hide ? "notAllowed" : null;

  return (
    <Drawer
      open
      onClose={onClose}
      size={small ? "100%" : 600}
      placement={locale === "ar" ? "left" : "right"}
      title={comment ? t("drawer.commentTitle", { author: item.author }) : t("drawer.title", { author: item.author })}
      data-testid="review-drawer"
      footer={
        !item.network ? (
          <Popconfirm
            title={t("drawer.deleteTitle")}
            description={t("drawer.deleteText")}
            okText={t("drawer.delete")}
            cancelText={t("actions.cancel", { ns: "common" })}
            okButtonProps={{ danger: true }}
            onConfirm={onDelete}
          >
            <Button danger disabled={busy} data-testid="review-delete">
              {t("drawer.delete")}
            </Button>
          </Popconfirm>
        ) : null
      }
    >
      <div className="sufra-review-head">
        <Stars rating={item.rating} />
        <SourceTag source={item.source} comment={comment} />
        <BranchTag branch={item.branch} />
        <ReviewDate value={item.writtenAt} />
        <ReviewStatusTag status={item.status} via={item.repliedVia} />
        <DemoTag demo={item.demo} />
        {item.hidden && <Tag data-testid="review-hidden">{t("drawer.hidden")}</Tag>}
      </div>

      {comment && item.post && (
        <div className="sufra-inbox-post" data-testid="comment-post">
          <Typography.Text type="secondary">{t("drawer.underPost")}</Typography.Text>{" "}
          {item.post.caption && (
            <span dir="auto" className="sufra-inbox-post-caption">
              {excerpt(item.post.caption, 120)}
            </span>
          )}{" "}
          {item.post.permalink && (
            <Typography.Link href={item.post.permalink} target="_blank" rel="noreferrer">
              {t("drawer.openPost")}
            </Typography.Link>
          )}
        </div>
      )}

      <p className="sufra-review-full" dir="auto" data-testid="review-text">
        {item.text}
      </p>

      {item.thread.length > 0 && (
        <ul className="sufra-inbox-thread" aria-label={t("drawer.thread")} data-testid="comment-thread">
          {item.thread.map((e, i) => (
            <li key={i} className={e.fromBusiness ? "is-business" : undefined}>
              <strong>
                <bdi>{e.fromBusiness ? t("drawer.you") : e.author}</bdi>
              </strong>{" "}
              <span dir="auto">{e.text}</span> <ReviewDate value={e.at} />
            </li>
          ))}
        </ul>
      )}

      <Descriptions size="small" column={1} className="sufra-review-facts">
        <Descriptions.Item label={t("drawer.sentiment")}>
          <SentimentTag sentiment={item.sentiment} />
        </Descriptions.Item>
        {/* a question or an order or booking, as the list tags it; a complaint and praise are their sentiment already */}
        {(item.intent === "question" || item.intent === "order") && (
          <Descriptions.Item label={t("drawer.intent")}>
            <IntentTag intent={item.intent} />
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t("drawer.topics")}>
          <TopicTags topics={item.topics} />
        </Descriptions.Item>
        <Descriptions.Item label={t("drawer.language")}>{guestLanguage}</Descriptions.Item>
        {item.approvedAt && item.status === "approved" && (
          <Descriptions.Item label={t("columns.status")}>
            {t("drawer.approvedOn", { date: formatDateTime(item.approvedAt, locale) })}
          </Descriptions.Item>
        )}
        {item.repliedAt && replied && (
          <Descriptions.Item label={t("columns.status")}>
            {t("drawer.repliedOn", { date: formatDateTime(item.repliedAt, locale) })}
          </Descriptions.Item>
        )}
      </Descriptions>

      {item.sendError && !replied && (
        <Alert
          className="sufra-form-alert"
          type="error"
          showIcon
          title={t("drawer.sendFailed")}
          description={item.sendError}
          data-testid="send-error"
        />
      )}
      {item.can.needsVerification && !replied && (
        <Note
          className="sufra-form-alert"
          title={t("drawer.reasons.needsVerification")}
          data-testid="needs-verification"
        />
      )}

      <div className="sufra-review-reply-head">
        <Typography.Title level={3} className="sufra-section-title">
          <label htmlFor="review-reply">{t("drawer.reply")}</label>
        </Typography.Title>
        <Space wrap>
          <Segmented<ReplyLanguages>
            size="small"
            value={languages}
            onChange={chooseLanguages}
            aria-label={t("drawer.replyIn")}
            data-testid="reply-languages"
            options={[
              { value: "guest", label: t("drawer.inGuestLanguage", { language: guestLanguage }) },
              { value: "both", label: t("drawer.inBoth") },
            ]}
          />
          <Button
            onClick={onSuggest}
            loading={running === "suggest"}
            disabled={replied || busy}
            data-testid="suggest-reply"
          >
            {item.reply ? t("drawer.suggestAgain") : t("drawer.suggest")}
          </Button>
        </Space>
      </div>
      <Spin spinning={running === "suggest"} description={t("drawer.suggesting")}>
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
          showCount={showCountIn(locale)}
          maxLength={1000}
          readOnly={replied && item.repliedVia !== "marked" && !!item.network}
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
      {item.replyGaps.length > 0 && !replied && (
        <Note
          className="sufra-form-alert"
          data-testid="reply-gaps"
          title={t("drawer.gaps.title")}
          description={
            <>
              <Space size={[4, 4]} wrap className="sufra-reply-gaps">
                {item.replyGaps.map((g) => (
                  <Tag key={g}>{REPLY_GAP_LABELS[g][locale]}</Tag>
                ))}
              </Space>
              <div>
                {t("drawer.gaps.hint")} <Link to="/settings#business-profile">{t("drawer.gaps.link")}</Link>
              </div>
            </>
          }
        />
      )}
      {item.replyRejected.length > 0 && !replied && (
        <Note
          className="sufra-form-alert"
          data-testid="reply-rejected"
          title={t("drawer.rejected.title")}
          description={t("drawer.rejected.description", {
            facts: item.replyRejected.join(locale === "ar" ? "، " : ", "),
          })}
        />
      )}
      {item.status === "approved" && dirty && <Note className="sufra-form-alert" title={t("drawer.editWithdraws")} />}
      <Space wrap className="sufra-review-actions">
        <Button
          onClick={onSave}
          disabled={replied || !dirty || !draft.trim() || !!problem || busy}
          loading={running === "save"}
          data-testid="save-reply"
        >
          {t("drawer.save")}
        </Button>
        <Button
          onClick={onApprove}
          disabled={replied || (item.status === "approved" && !dirty) || !draft.trim() || !!problem || busy}
          loading={running === "approve"}
          data-testid="approve-reply"
        >
          {t("drawer.approve")}
        </Button>
        {item.network ? (
          <Button
            type="primary"
            onClick={onSend}
            disabled={!!sendReason || !draft.trim() || !!problem || busy}
            loading={running === "send"}
            aria-describedby={sendReason ? "send-reason" : undefined}
            data-testid="send-reply"
          >
            {t("drawer.send", { source: sourceLabel(item.source, locale) })}
          </Button>
        ) : (
          <Button
            type="primary"
            onClick={onHandled}
            disabled={replied || !!problem || busy}
            loading={running === "handled"}
            data-testid="mark-replied"
          >
            {t("drawer.markReplied")}
          </Button>
        )}
        <Button onClick={onCopy} disabled={!draft.trim()} data-testid="copy-reply">
          {t("drawer.copy")}
        </Button>
        {item.can.deleteReply && (
          <Popconfirm
            title={t("drawer.deleteReplyTitle")}
            okText={t("drawer.deleteReply")}
            cancelText={t("actions.cancel", { ns: "common" })}
            okButtonProps={{ danger: true }}
            onConfirm={onDeleteReply}
          >
            <Button danger disabled={busy} data-testid="delete-reply">
              {t("drawer.deleteReply")}
            </Button>
          </Popconfirm>
        )}
      </Space>
      {item.network && sendReason && sendReason !== "needsVerification" && (
        <Typography.Paragraph
          type="secondary"
          id="send-reason"
          data-testid="send-reason"
          className="sufra-inbox-reason"
        >
          {t(`drawer.reasons.${sendReason}`)}
        </Typography.Paragraph>
      )}
      {item.network && !replied && sendReason === "needsVerification" && (
        <span id="send-reason" hidden>
          {t("drawer.reasons.needsVerification")}
        </span>
      )}
      {item.network && item.network === "google" && !replied && !sendReason && (
        <Typography.Paragraph type="secondary" className="sufra-inbox-reason">
          {t("drawer.sendsPublicly")}
        </Typography.Paragraph>
      )}

      {comment && instagram && (
        <section className="sufra-inbox-comment-tools" aria-label={t("drawer.commentTools")}>
          <Typography.Title level={3} className="sufra-section-title">
            {t("drawer.commentTools")}
          </Typography.Title>
          <Space wrap>
            <Button
              onClick={onHide}
              disabled={!!hideReason || busy}
              loading={running === "hide"}
              aria-describedby={hideReason ? "hide-reason" : undefined}
              data-testid="hide-comment"
            >
              {item.hidden ? t("drawer.unhide") : t("drawer.hide")}
            </Button>
            {privateText === null && !item.privateReply && (
              <Button
                onClick={() => setPrivateText("")}
                disabled={!!privateReason || busy}
                aria-describedby={privateReason ? "private-reason" : undefined}
                data-testid="private-reply"
              >
                {t("drawer.privateReply")}
              </Button>
            )}
          </Space>
          {hideReason && (
            <Typography.Paragraph type="secondary" id="hide-reason" className="sufra-inbox-reason">
              {t(`drawer.reasons.${hideReason}`)}
            </Typography.Paragraph>
          )}
          {privateReason && !item.privateReply && (
            <Typography.Paragraph
              type="secondary"
              id="private-reason"
              data-testid="private-reason"
              className="sufra-inbox-reason"
            >
              {t(`drawer.reasons.${privateReason}`)}
            </Typography.Paragraph>
          )}
          {item.privateReply && (
            <p className="sufra-inbox-private" data-testid="private-reply-sent">
              <Typography.Text type="secondary">{t("drawer.privateReplied")}</Typography.Text>{" "}
              <span dir="auto">{item.privateReply}</span>
            </p>
          )}
          {privateText !== null && !item.privateReply && (
            <div className="sufra-inbox-private-form">
              <label htmlFor="private-reply-text">{t("drawer.privateLabel")}</label>
              <Input.TextArea
                id="private-reply-text"
                dir="auto"
                rows={3}
                maxLength={1000}
                showCount={showCountIn(locale)}
                value={privateText}
                onChange={(e) => setPrivateText(e.target.value)}
                data-testid="private-reply-text"
              />
              <Space>
                <Button
                  type="primary"
                  onClick={onPrivate}
                  disabled={!privateText.trim() || busy}
                  loading={running === "private"}
                  data-testid="private-reply-send"
                >
                  {t("drawer.privateSend")}
                </Button>
                <Button onClick={() => setPrivateText(null)}>{t("actions.cancel", { ns: "common" })}</Button>
              </Space>
            </div>
          )}
        </section>
      )}
    </Drawer>
  );
}
