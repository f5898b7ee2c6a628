// The campaigns' conversation with the server shared by both pages (docs/architecture.md#client-rooms: data.ts).
// "Delete" a campaign: a confirmation that says its posts stay (without a campaign), then the deletion
// and what happened, in the person's language.
import { useMutation } from "@apollo/client/react";
import { App } from "antd";
import { useTranslation } from "react-i18next";
import { CampaignsDeleteDocument } from "../../graphql/graphql.ts";
import { errorMessage } from "../../lib/errorMessage.ts";
import { formatNumber } from "../../lib/format.ts";
import { useLocale } from "../../lib/useLocale.ts";
import { CAMPAIGNS_NS } from "./i18n.ts";

export function useDeleteCampaign(onDeleted: (id: string) => void) {
  const { t } = useTranslation(CAMPAIGNS_NS);
  const locale = useLocale();
  const { modal, message } = App.useApp();
  const [remove] = useMutation(CampaignsDeleteDocument);

  return (c: { id: string; name: string; postCount: number }) =>
    modal.confirm({
      title: t("deleteTitle", { name: c.name }),
      content: t("deleteText", { count: c.postCount, n: formatNumber(c.postCount, locale) }),
      okText: t("delete"),
      okButtonProps: { danger: true, "data-testid": "confirm-delete" } as never,
      cancelText: t("actions.cancel", { ns: "common" }),
      onOk: async () => {
        try {
          const r = (await remove({ variables: { id: c.id } })).data?.deleteCampaign;
          const kept = r?.postsKept ?? c.postCount;
          void message.success(t("deleted", { count: kept, n: formatNumber(kept, locale) }));
          onDeleted(c.id);
        } catch (e) {
          void message.error(errorMessage(e));
        }
      },
    });
}
