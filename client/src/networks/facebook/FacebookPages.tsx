// The Facebook card's Pages (Settings): every Page the person who connected Facebook manages, the chosen
// one marked (the business's Facebook posts go there), a button to choose another, and a Page where their
// role cannot create posts shown but not choosable (Facebook's CREATE_CONTENT task). While none is chosen
// the account waits and so do its posts: the card asks for a choice instead of a reconnection.
import { skipToken, useMutation, useQuery } from "@apollo/client/react";
import { Alert, App, Button, List, Skeleton, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import {
  PlatformsChooseFacebookPageDocument,
  PlatformsFacebookPagesDocument,
  type PlatformsFacebookPageFragment,
} from "../../graphql/graphql.ts";
import { errorMessage } from "../../lib/errorMessage.ts";
import { LoadError } from "../../shared/LoadError.tsx";
import { TAG_COLORS } from "../../shared/tagColors.ts";
import { ACCOUNTS_NS } from "../i18n.ts";
import "./i18n.ts";

/** Pages were read, there are some, and none is chosen yet. */
export const needsPageChoice = (pages: readonly { chosen: boolean }[] | null) =>
  !!pages && pages.length > 0 && !pages.some((p) => p.chosen);

/** The connection's Pages, and whether the person still has to choose one (none chosen, some there). */
export function useFacebookPages(accountId: string | null) {
  const q = useQuery(
    PlatformsFacebookPagesDocument,
    accountId ? { variables: { accountId }, fetchPolicy: "cache-and-network" } : skipToken,
  );
  const pages = q.data?.facebookPages ?? null;
  return { ...q, pages, needsChoice: needsPageChoice(pages) };
}

export function FacebookPages({
  accountId,
  pages,
  error,
  onRetry,
  onChosen,
}: {
  accountId: string;
  pages: readonly PlatformsFacebookPageFragment[] | null;
  error?: Error;
  onRetry: () => unknown;
  onChosen: () => unknown;
}) {
  const { t } = useTranslation(ACCOUNTS_NS);
  const { message } = App.useApp();
  const [choose, { loading }] = useMutation(PlatformsChooseFacebookPageDocument);

  const pick = async (page: PlatformsFacebookPageFragment) => {
    try {
      // the answer is the whole list: Apollo updates each Page in its cache
      await choose({ variables: { accountId, pageId: page.id } });
    } catch (e) {
      void message.error(errorMessage(e));
      return;
    }
    void message.success(t("facebook.chosen", { name: page.name }));
    await onChosen();
  };

  if (!pages)
    return error ? (
      <LoadError title={t("facebook.loadFailed")} error={error} onRetry={() => void onRetry()} />
    ) : (
      <Skeleton active paragraph={{ rows: 2 }} />
    );
  const none = !pages.some((p) => p.chosen);
  return (
    <div className="sufra-facebook-pages" data-testid="facebook-pages">
      <Typography.Text strong>{t("facebook.title")}</Typography.Text>
      {pages.length === 0 ? (
        <Typography.Paragraph type="secondary" data-testid="facebook-no-pages">
          {t("facebook.none")}
        </Typography.Paragraph>
      ) : none ? (
        <Alert
          type="warning"
          showIcon
          title={t("facebook.choose")}
          description={t("facebook.chooseHint")}
          data-testid="facebook-choose"
        />
      ) : (
        <Typography.Paragraph type="secondary">{t("facebook.intro")}</Typography.Paragraph>
      )}
      {pages.length > 0 && (
        <List
          size="small"
          dataSource={[...pages]}
          renderItem={(p) => (
            <List.Item
              key={p.id}
              data-testid={`facebook-page-${p.id}`}
              actions={
                p.chosen
                  ? []
                  : [
                      <Button
                        key="choose"
                        size="small"
                        type={none ? "primary" : "default"}
                        disabled={!p.canPublish}
                        loading={loading}
                        onClick={() => void pick(p)}
                        aria-label={t("facebook.pick", { name: p.name })}
                      >
                        {t("facebook.pickShort")}
                      </Button>,
                    ]
              }
            >
              <div className="sufra-facebook-page">
                <bdi>{p.name}</bdi>{" "}
                {p.chosen && (
                  <Tag variant="solid" color={TAG_COLORS.success} data-testid="facebook-page-chosen">
                    {t("facebook.publishesHere")}
                  </Tag>
                )}
                {p.category && (
                  <Typography.Text type="secondary" className="sufra-facebook-page-category">
                    <bdi>{p.category}</bdi>
                  </Typography.Text>
                )}
                {!p.canPublish && (
                  <Typography.Paragraph type="secondary">{t("facebook.roleMissing")}</Typography.Paragraph>
                )}
              </div>
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
