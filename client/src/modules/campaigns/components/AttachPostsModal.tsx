// "Attach posts": the business's drafts and scheduled posts not yet in this campaign, to tick and attach
// at once. A post in another campaign says so (it moves here). Afterwards it says how many were
// attached and how many fall outside the campaign's dates (they stay attached).
import { FormFailure } from "../../../shared/FormFailure.tsx";
import { useMutation, useQuery } from "@apollo/client/react";
import { App, Checkbox, Empty, Modal, Skeleton, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../../shared/LoadError.tsx";
import { CampaignsAttachableDocument, CampaignsAttachDocument } from "../../../graphql/graphql.ts";
import { errorMessage } from "../../../lib/errorMessage.ts";
import { formatDateTime, formatNumber } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { PlatformIcon, PostStatusTag } from "../../../shared/postBits.tsx";
import { CAMPAIGNS_NS } from "../i18n.ts";

const excerpt = (s: string, n = 80) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export function AttachPostsModal({
  campaignId,
  open,
  onClose,
  onAttached,
}: {
  campaignId: string;
  open: boolean;
  onClose: () => void;
  onAttached: () => void;
}) {
  const { t } = useTranslation(CAMPAIGNS_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const list = useQuery(CampaignsAttachableDocument, { skip: !open, fetchPolicy: "network-only" });
  const [attach, { loading }] = useMutation(CampaignsAttachDocument);
  const [chosen, setChosen] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const posts = (list.data?.posts.edges ?? []).map((e) => e.node).filter((p) => p.campaignId !== campaignId);

  const submit = async () => {
    setFailure(null);
    try {
      const r = (await attach({ variables: { id: campaignId, postIds: chosen } })).data?.attachPostsToCampaign;
      if (!r) return;
      const n = r.attachedIds.length;
      const outside = r.outsideDatesIds.length;
      void message.success(
        [
          t("attach.attached", { count: n, n: formatNumber(n, locale) }),
          outside ? t("attach.outside", { count: outside, n: formatNumber(outside, locale) }) : "",
        ]
          .filter(Boolean)
          .join(" "),
      );
      setChosen([]);
      onAttached();
    } catch (e) {
      setFailure(errorMessage(e));
    }
  };

  let body;
  if (list.error && !list.data)
    body = (
      <LoadError title={t("attach.loadFailed")} error={list.error} onRetry={() => list.refetch().catch(() => {})} />
    );
  else if (!list.data) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (!posts.length) body = <Empty description={t("attach.none")} data-testid="attach-none" />;
  else
    body = (
      <Checkbox.Group value={chosen} onChange={(v) => setChosen(v as string[])} className="sufra-attach-list">
        <ul>
          {posts.map((p) => (
            <li key={p.id} data-testid={`attachable-${p.id}`}>
              <Checkbox value={p.id} aria-label={excerpt(p.content, 60) || p.id}>
                <span className="sufra-attach-post">
                  <span className="sufra-attach-icons">
                    {p.platforms.map((x) => (
                      <PlatformIcon key={x} platform={x} />
                    ))}
                  </span>
                  <span dir="auto">{excerpt(p.content) || t("page.noCaption")}</span>
                  <PostStatusTag status={p.status} />
                  {p.scheduledFor && (
                    <Typography.Text type="secondary">{formatDateTime(p.scheduledFor, locale)}</Typography.Text>
                  )}
                  {p.campaignName && (
                    <Typography.Text type="warning">{t("attach.inOther", { name: p.campaignName })}</Typography.Text>
                  )}
                </span>
              </Checkbox>
            </li>
          ))}
        </ul>
      </Checkbox.Group>
    );

  return (
    <Modal
      open={open}
      title={t("attach.title")}
      okText={t("attach.submit")}
      okButtonProps={{ disabled: !chosen.length, "data-testid": "attach-submit" } as never}
      cancelText={t("actions.cancel", { ns: "common" })}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={loading}
      destroyOnHidden
      data-testid="attach-posts"
    >
      <Typography.Paragraph type="secondary">{t("attach.intro")}</Typography.Paragraph>
      <FormFailure failure={failure} />
      {body}
    </Modal>
  );
}
