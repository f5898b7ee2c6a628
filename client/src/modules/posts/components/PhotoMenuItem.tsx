// Captions from the photo (docs/product.md#captions-from-the-photo): whether the AI will see the
// post's photos (aiCapabilities), and beside each photo "Which menu item is this?", remembered in the
// media library (setMediaMenuItem) for every post that uses the photo. Without a model that sees, the
// built-in writer names the photo's dish from it, and alt text is proposed from it.
import { useMutation, useQuery } from "@apollo/client/react";
import { Alert, App, Select, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { PostsPhotoFactsDocument, PostsSetMediaMenuItemDocument } from "../../../graphql/graphql.ts";
import { errorMessage } from "../../../lib/errorMessage.ts";
import { formatMoney, joinParts } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { POSTS_NS } from "../i18n.ts";

/** The composer reads the capabilities and the menu once; every photo's select shares the answer. */
export function usePhotoFacts(skip = false) {
  const q = useQuery(PostsPhotoFactsDocument, { fetchPolicy: "cache-first", skip });
  return { vision: q.data?.aiCapabilities.vision ?? null, menu: q.data?.businessProfile?.menu ?? null };
}

/** One line above the photos: will the AI see them? Nothing until the server has said. */
export function PhotoVisionLine({ vision }: { vision: boolean | null }) {
  const { t } = useTranslation(POSTS_NS);
  if (vision === null) return null;
  return (
    <Alert
      type={vision ? "success" : "info"}
      showIcon
      className="sufra-photo-vision"
      title={vision ? t("composer.photoMenuItem.aiSees") : t("composer.photoMenuItem.aiBlind")}
      data-testid="photo-vision"
    />
  );
}

interface SelectProps {
  mediaId: string;
  name: string;
  menuItemId: string | null | undefined;
  menu: readonly { id: string; name: string; nameAr?: string | null; priceKwd?: number | null }[] | null;
  /** the media's menu item changed (the composer keeps its copy of the media in step) */
  onChanged?: (menuItemId: string | null) => void;
}

export function PhotoMenuItemSelect({ mediaId, name, menuItemId, menu, onChanged }: SelectProps) {
  const { t } = useTranslation(POSTS_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const [save, saving] = useMutation(PostsSetMediaMenuItemDocument);
  if (!menu) return null;
  if (!menu.length) {
    return (
      <Typography.Text type="secondary" className="sufra-photo-menu-item" data-testid="photo-menu-empty">
        {t("composer.photoMenuItem.noMenu")}
      </Typography.Text>
    );
  }
  const label = t("composer.photoMenuItem.label", { name });
  const choose = async (value: string | undefined) => {
    const next = value ?? null;
    try {
      await save({ variables: { id: mediaId, menuItemId: next } });
      onChanged?.(next);
      if (next) void message.success(t("composer.photoMenuItem.saved"));
    } catch (e) {
      void message.error(errorMessage(e));
    }
  };
  return (
    <div className="sufra-photo-menu-item">
      <Select
        size="small"
        allowClear
        showSearch={{ optionFilterProp: "label" }}
        aria-label={label}
        title={label}
        placeholder={t("composer.photoMenuItem.placeholder")}
        value={menuItemId ?? undefined}
        loading={saving.loading}
        onChange={(v?: string) => void choose(v)}
        options={menu.map((m) => {
          const itemName = locale === "ar" ? m.nameAr || m.name : m.name;
          return {
            value: m.id,
            label: m.priceKwd == null ? itemName : joinParts([itemName, formatMoney(m.priceKwd, locale)], locale),
          };
        })}
        popupMatchSelectWidth={false}
        data-testid="photo-menu-item"
      />
    </div>
  );
}
