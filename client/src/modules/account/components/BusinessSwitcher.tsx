// The top bar's business switcher (docs/architecture.md#memberships): shown to a person who belongs to more
// than one business; choosing one moves every screen, subscription and export to it without a reload, and
// a screen the new role may not open gives way to that role's home.
import { ShopOutlined } from "@ant-design/icons";
import { App, Select } from "antd";
import { homeFor, mayOpen } from "@sufra/schema";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router-dom";
import { roleKey } from "../../../graphql/enumKeys.ts";
import { joinParts } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { useSession } from "../../../lib/session.ts";
import { useMyBusinesses } from "../data.ts";
import "../i18n.ts";

export function BusinessSwitcher() {
  const { t } = useTranslation("account");
  const locale = useLocale();
  const { user } = useSession();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { businesses, choose } = useMyBusinesses(!user || user.role === "admin");
  if (businesses.length < 2 || !user) return null;
  const onChange = async (businessId: string) => {
    try {
      const saved = await choose(businessId);
      const name = businesses.find((b) => b.businessId === businessId)?.companyName ?? "";
      void message.success(t("switcher.switched", { name }));
      if (!mayOpen(saved.role, pathname)) navigate(homeFor(saved.role));
    } catch {
      void message.error(t("switcher.failed"));
    }
  };
  return (
    <Select
      className="sufra-business-switcher"
      value={user.business_id ?? undefined}
      onChange={(id: string) => void onChange(id)}
      aria-label={t("switcher.label")}
      suffixIcon={<ShopOutlined aria-hidden />}
      popupMatchSelectWidth={false}
      data-testid="business-switcher"
      options={businesses.map((b) => ({
        value: b.businessId,
        label: b.companyName,
        title: joinParts(
          [b.companyName, t(`switcher.role.${roleKey[b.role] === "owner" ? "owner" : "client"}`)],
          locale,
        ),
      }))}
    />
  );
}
