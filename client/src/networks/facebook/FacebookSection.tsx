// The composer's Facebook part (docs/product.md#posts): an optional link shared with the post, checked
// by the shared rule (network-options.ts): the Facebook preview shows its problem as the person types,
// the field on saving.
import { Form, Input, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { NETWORKS_NS } from "../i18n.ts";
import type { FacebookDraft } from "./draft.ts";
import "./i18n.ts";

interface Props {
  value: FacebookDraft;
  onChange: (next: FacebookDraft) => void;
  /** the link's problem, in the person's language */
  error?: string;
}

export function FacebookSection({ value, onChange, error }: Props) {
  const { t } = useTranslation(NETWORKS_NS);
  return (
    <section className="sufra-network-section" aria-labelledby="facebook-options-title" data-testid="facebook-options">
      <Typography.Title level={3} id="facebook-options-title" className="sufra-section-title">
        {t("facebook.title")}
      </Typography.Title>
      <Form.Item
        label={t("facebook.link")}
        htmlFor="facebook-link"
        extra={t("facebook.linkHint")}
        validateStatus={error ? "error" : undefined}
        help={error}
      >
        <Input
          id="facebook-link"
          dir="ltr"
          inputMode="url"
          type="url"
          value={value.link}
          onChange={(e) => onChange({ link: e.target.value })}
          placeholder="https://"
          data-testid="facebook-link"
        />
      </Form.Item>
    </section>
  );
}
