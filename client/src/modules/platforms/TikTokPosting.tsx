// The TikTok card's way of posting (Settings), read fresh from TikTok (tiktokCreatorInfo): straight to
// the profile, or, where TikTok allows this app only its inbox, to the creator's TikTok inbox, where the
// person finishes each post in the TikTok app (the post then waits as "to finish by hand").
import { Alert, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { PLATFORMS_NS } from "./i18n.ts";
import { useTikTokCreatorInfo } from "./data.ts";

export function TikTokPosting({ accountId }: { accountId: string }) {
  const { t } = useTranslation(PLATFORMS_NS);
  const { info, error } = useTikTokCreatorInfo(accountId);
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
