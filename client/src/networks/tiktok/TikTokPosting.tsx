// The TikTok card's way of posting (Settings), read fresh from TikTok (tiktokCreatorInfo): straight to
// the profile, or, where TikTok allows this app only its inbox, to the creator's TikTok inbox, where the
// person finishes each post in the TikTok app (the post then waits as "to finish by hand").
import { useQuery } from "@apollo/client/react";
import { Alert, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { PlatformsTikTokCreatorInfoDocument } from "../../graphql/graphql.ts";
import { ACCOUNTS_NS } from "../i18n.ts";
import "./i18n.ts";

export function TikTokPosting({ accountId }: { accountId: string }) {
  const { t } = useTranslation(ACCOUNTS_NS);
  const { data, error } = useQuery(PlatformsTikTokCreatorInfoDocument, {
    variables: { accountId },
    fetchPolicy: "cache-and-network",
  });
  const info = data?.tiktokCreatorInfo;
  if (!info) {
    // TikTok did not answer (or refused): the card's own state says whether to reconnect
    return error ? (
      <Typography.Paragraph type="secondary" data-testid="tiktok-posting-unknown">
        {t("tiktok.unknown")}
      </Typography.Paragraph>
    ) : null;
  }
  return info.directPost ? (
    <Typography.Paragraph className="sufra-account-note" data-testid="tiktok-direct">
      {t("tiktok.direct", { handle: info.creatorUsername })}
    </Typography.Paragraph>
  ) : (
    <Alert
      className="sufra-account-note"
      type="info"
      showIcon
      title={t("tiktok.inbox")}
      description={t("tiktok.inboxHint")}
      data-testid="tiktok-inbox"
    />
  );
}
