// A network's part of a post that waits for a person: unconfirmed (we could not tell whether the post
// went out), awaiting by hand or failed. Says why, in the person's language (the server writes `error` in
// the request's language), and offers "It's posted" and "Send again". Awaiting by hand, the network's pack
// gives what the person needs to post it (the caption to copy and the files to download).
import { useMutation } from "@apollo/client/react";
import { composeText, PLATFORM_LABELS } from "@sufra/schema";
import { App, Button, Input, Modal, Popconfirm, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  PostsConfirmTargetDocument,
  PostsRetryTargetDocument,
  type PostsPostFieldsFragment,
  type PostsTargetFieldsFragment,
} from "../../../graphql/graphql.ts";
import { errorMessage } from "../../../lib/errorMessage.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { networkPack } from "../../../networks/index.ts";
import { POSTS_NS } from "../i18n.ts";
import { platformName } from "../../../shared/postBits.tsx";

export const needsAttention = (t: PostsTargetFieldsFragment) =>
  t.status === "UNCONFIRMED" || t.status === "AWAITING_MANUAL" || t.status === "FAILED";

export function TargetAttention({
  post,
  target,
}: {
  post: PostsPostFieldsFragment;
  target: PostsTargetFieldsFragment;
}) {
  const { t } = useTranslation(POSTS_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [permalink, setPermalink] = useState("");
  const [confirm, confirming] = useMutation(PostsConfirmTargetDocument);
  const [retry, retrying] = useMutation(PostsRetryTargetDocument);
  const platform = PLATFORM_LABELS[platformName(target.platform)][locale];
  // a network posted by hand says what the person needs to post it
  const ByHand = target.status === "AWAITING_MANUAL" ? networkPack(platformName(target.platform)).ByHand : undefined;
  const caption = composeText(post.content, post.hashtags);

  const doConfirm = async () => {
    try {
      await confirm({ variables: { id: target.id, permalink: permalink.trim() || null } });
    } catch (e) {
      void message.error(errorMessage(e));
      return;
    }
    setConfirmOpen(false);
    setPermalink("");
    void message.success(t("target.confirmed", { platform }));
  };
  const doRetry = async () => {
    try {
      await retry({ variables: { id: target.id } });
    } catch (e) {
      void message.error(errorMessage(e));
      return;
    }
    void message.success(t("target.sent", { platform }));
  };
  return (
    <div className="sufra-attention" data-testid={`attention-${target.id}`}>
      {ByHand && <ByHand caption={caption} media={post.media} />}
      {target.error && (
        <Typography.Paragraph
          type={target.status === "FAILED" ? "danger" : "warning"}
          className="sufra-attention-text"
          data-testid="target-error"
        >
          {target.error}
        </Typography.Paragraph>
      )}
      <div className="sufra-row-actions">
        {(target.status === "UNCONFIRMED" || target.status === "AWAITING_MANUAL") && (
          <Button size="small" type="primary" onClick={() => setConfirmOpen(true)} data-testid={`confirm-${target.id}`}>
            {t("target.posted")}
          </Button>
        )}
        {(target.status === "UNCONFIRMED" || target.status === "FAILED") && (
          <Popconfirm
            title={t("target.sendAgainTitle", { platform })}
            description={t("target.sendAgainText")}
            okText={t("target.sendAgain")}
            cancelText={t("actions.cancel", { ns: "common" })}
            onConfirm={doRetry}
          >
            <Button size="small" loading={retrying.loading} data-testid={`retry-${target.id}`}>
              {t("target.sendAgain")}
            </Button>
          </Popconfirm>
        )}
      </div>
      <Modal
        open={confirmOpen}
        title={t("target.postedTitle", { platform })}
        okText={t("target.posted")}
        cancelText={t("actions.cancel", { ns: "common" })}
        confirmLoading={confirming.loading}
        onOk={() => void doConfirm()}
        onCancel={() => setConfirmOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t("target.postedText")}</Typography.Paragraph>
        <label className="sufra-field-label" htmlFor={`permalink-${target.id}`}>
          {t("target.permalink")}
        </label>
        <Input
          id={`permalink-${target.id}`}
          dir="ltr"
          inputMode="url"
          value={permalink}
          onChange={(e) => setPermalink(e.target.value)}
          placeholder="https://"
        />
      </Modal>
    </div>
  );
}
