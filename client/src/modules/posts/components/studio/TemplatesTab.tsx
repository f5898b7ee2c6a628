// The studio's Templates tab: the templates library (Ramadan, the Eids, National and Liberation Days,
// menu promotions and everyday posts, in English and Arabic) browsable by occasion and language, each
// card with a preview filled with the business's details; "Use template" asks for what the post adds
// (a dish from the menu or typed, a price, a discount) only when the template uses it, then applyTemplate
// fills it on the server and the caption goes to the composer (onApply). Templates the plan does not
// open are shown locked with the way up. Premium: "My templates", the business's own, to create, edit
// and delete.
import { LockOutlined, PlusOutlined } from "@ant-design/icons";
import { useMutation, useQuery } from "@apollo/client/react";
import {
  CONTENT_OCCASION_KEYS,
  CONTENT_OCCASIONS,
  fillTemplate,
  planForTemplateTier,
  PLANS,
  TEMPLATE_DISCOUNT_MAX,
  TEMPLATE_DISH_MAX,
  TEMPLATE_PRICE_MAX,
  templatePlaceholders,
  type ContentOccasionKey,
  type Locale,
  type TemplateLanguage,
  type TemplateTier as SchemaTier,
} from "@sufra/schema";
import {
  App,
  Button,
  Card,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Segmented,
  Select,
  Skeleton,
  Tag,
  Typography,
} from "antd";
import { useState, type JSX } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { TAG_COLORS } from "../../../../shared/tagColors.ts";
import {
  TemplatesApplyDocument,
  TemplatesBusinessProfileDocument,
  TemplatesDeleteDocument,
  TemplatesLibraryDocument,
  type ApplyTemplateInput,
  type ContentLanguage,
  type TemplatesTemplateFieldsFragment,
} from "../../../../graphql/graphql.ts";
import { errorDetails, errorMessage } from "../../../../lib/errorMessage.ts";
import { formatMoney, joinParts } from "../../../../lib/format.ts";
import { useLocale } from "../../../../lib/useLocale.ts";
import { TEMPLATES_NS } from "./templates/i18n.ts";
import { previewValues, type TemplatesProfile } from "./templates/preview.ts";
import { TemplateEditor } from "./templates/TemplateEditor.tsx";
import "./templates/templates.css";
import { LoadError } from "../../../../shared/LoadError.tsx";
import {
  contentLanguageFromKey,
  contentOccasionFromKey,
  contentOccasionKey,
  templateTierKey,
} from "../../../../graphql/enumKeys.ts";

type Template = TemplatesTemplateFieldsFragment;
type LanguageFilter = TemplateLanguage | "both";
type MenuItem = NonNullable<TemplatesProfile>["menu"][number];

export interface TemplatesTabProps {
  onApply: (v: { content: string; hashtags: string[]; language: "en" | "ar" }) => void;
}

const langOf = (l: ContentLanguage): TemplateLanguage => (l === "AR" ? "ar" : "en");
const tierOf = (t: Template): SchemaTier => templateTierKey[t.tier];
const occasionOf = (t: Template): ContentOccasionKey => contentOccasionKey[t.occasion];

/** What "Use template" must ask for: the parts of a post this template has a place for. */
function asks(t: Template) {
  const p = templatePlaceholders(t.body);
  return {
    dish: p.includes("dish") || p.includes("price"),
    price: p.includes("price"),
    discount: p.includes("discount"),
  };
}

export function TemplatesTab({ onApply }: TemplatesTabProps): JSX.Element {
  const { t } = useTranslation(TEMPLATES_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const [occasion, setOccasion] = useState<ContentOccasionKey | undefined>();
  const [language, setLanguage] = useState<LanguageFilter>(locale);
  const { data, error, refetch } = useQuery(TemplatesLibraryDocument, {
    variables: {
      occasion: occasion ? contentOccasionFromKey[occasion] : null,
      language: contentLanguageFromKey[language],
    },
    fetchPolicy: "cache-and-network",
  });
  // the profile fills the previews and lists the menu; without it, templates still work
  const profile = useQuery(TemplatesBusinessProfileDocument).data?.businessProfile;
  const [applyTemplate, applyState] = useMutation(TemplatesApplyDocument);
  const [deleteTemplate] = useMutation(TemplatesDeleteDocument);
  const [using, setUsing] = useState<Template | null>(null);
  const [editing, setEditing] = useState<Template | "new" | null>(null);
  const [applyingId, setApplyingId] = useState<string | null>(null);

  const premium = !!data?.templateAccess.tiers.includes("CUSTOM");
  const mine = data?.contentTemplates.filter((x) => x.tier === "CUSTOM") ?? [];
  const library = data?.contentTemplates.filter((x) => x.tier !== "CUSTOM") ?? [];

  /** Applies a template; the form's fields come back with the server's reasons when it refuses them. */
  async function apply(
    template: Template,
    input: Omit<ApplyTemplateInput, "templateId"> = {},
  ): Promise<Record<string, string[]> | null> {
    setApplyingId(template.id);
    try {
      const r = await applyTemplate({ variables: { input: { templateId: template.id, ...input } } });
      const a = r.data!.applyTemplate;
      onApply({ content: a.content, hashtags: a.hashtags, language: langOf(a.language) });
      void message.success(t("applied"));
      setUsing(null);
      return null;
    } catch (e) {
      const details = errorDetails(e);
      if (!Object.keys(details).length) void message.error(errorMessage(e));
      return details;
    } finally {
      setApplyingId(null);
    }
  }

  function use(template: Template) {
    const a = asks(template);
    if (a.dish || a.price || a.discount) setUsing(template);
    else void apply(template);
  }

  async function remove(template: Template) {
    try {
      await deleteTemplate({ variables: { id: template.id } });
      void message.success(t("mine.deleted"));
      await refetch();
    } catch (e) {
      void message.error(errorMessage(e));
    }
  }

  const card = (x: Template) => (
    <li key={x.id}>
      <TemplateCard
        template={x}
        profile={profile}
        locale={locale}
        applying={applyingId === x.id && applyState.loading}
        onUse={() => use(x)}
        onEdit={premium && x.tier === "CUSTOM" ? () => setEditing(x) : undefined}
        onDelete={x.tier === "CUSTOM" ? () => remove(x) : undefined}
      />
    </li>
  );

  return (
    <div className="sufra-templates" data-testid="templates-tab">
      <Typography.Paragraph type="secondary" className="sufra-templates-intro">
        {t("intro")}
      </Typography.Paragraph>
      <div className="sufra-templates-filters">
        <div className="sufra-templates-filter">
          <Typography.Text id="templates-occasion-label">{t("filters.occasion")}</Typography.Text>
          <Select<ContentOccasionKey | "">
            aria-labelledby="templates-occasion-label"
            value={occasion ?? ""}
            onChange={(v) => setOccasion(v || undefined)}
            options={[
              { value: "", label: t("filters.allOccasions") },
              ...CONTENT_OCCASION_KEYS.map((k) => ({ value: k, label: CONTENT_OCCASIONS[k][locale] })),
            ]}
            data-testid="templates-occasion"
          />
        </div>
        <div className="sufra-templates-filter">
          <Typography.Text id="templates-language-label">{t("filters.language")}</Typography.Text>
          <Segmented<LanguageFilter>
            aria-labelledby="templates-language-label"
            value={language}
            onChange={setLanguage}
            options={[
              { value: "en", label: t("filters.en") },
              { value: "ar", label: t("filters.ar") },
              { value: "both", label: t("filters.both") },
            ]}
          />
        </div>
      </div>

      {error && !data ? (
        <LoadError title={t("loadFailed")} error={error} onRetry={() => refetch().catch(() => {})} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <>
          {(premium || mine.length > 0) && (
            <section className="sufra-templates-section" aria-labelledby="templates-mine" data-testid="templates-mine">
              <div className="sufra-templates-section-head">
                <Typography.Title level={3} id="templates-mine" className="sufra-templates-section-title">
                  {t("mine.title")}
                </Typography.Title>
                {premium && (
                  <Button icon={<PlusOutlined />} onClick={() => setEditing("new")}>
                    {t("mine.create")}
                  </Button>
                )}
              </div>
              {!premium && (
                <Typography.Text type="secondary">
                  {t("mine.premiumOnly")} <Link to="/settings">{t("upgrade")}</Link>
                </Typography.Text>
              )}
              {mine.length > 0 ? (
                <ul className="sufra-templates-list">{mine.map(card)}</ul>
              ) : (
                !occasion && (
                  <Empty
                    image={Empty.PRESENTED_IMAGE_SIMPLE}
                    description={
                      <>
                        <Typography.Text strong>{t("mine.emptyTitle")}</Typography.Text>
                        <br />
                        <Typography.Text type="secondary">{t("mine.emptyText")}</Typography.Text>
                      </>
                    }
                  >
                    <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing("new")}>
                      {t("mine.create")}
                    </Button>
                  </Empty>
                )
              )}
            </section>
          )}
          <section
            className="sufra-templates-section"
            aria-labelledby="templates-library"
            data-testid="templates-library"
          >
            <Typography.Title level={3} id="templates-library" className="sufra-templates-section-title">
              {t("library")}
            </Typography.Title>
            {library.length > 0 ? (
              <ul className="sufra-templates-list">{library.map(card)}</ul>
            ) : (
              <Empty
                description={
                  <>
                    <Typography.Text strong>{t("empty.title")}</Typography.Text>
                    <br />
                    <Typography.Text type="secondary">{t("empty.text")}</Typography.Text>
                  </>
                }
              >
                <Button
                  onClick={() => {
                    setOccasion(undefined);
                    setLanguage("both");
                  }}
                >
                  {t("empty.reset")}
                </Button>
              </Empty>
            )}
          </section>
        </>
      )}

      {using && (
        <ApplyModal
          template={using}
          menu={profile?.menu ?? []}
          loading={applyState.loading}
          onCancel={() => setUsing(null)}
          onSubmit={(input) => apply(using, input)}
        />
      )}
      {editing && (
        <TemplateEditor
          template={editing === "new" ? null : editing}
          defaults={{ occasion, language: language === "both" ? locale : language }}
          profile={profile}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refetch().catch(() => {});
          }}
        />
      )}
    </div>
  );
}

function TemplateCard(props: {
  template: Template;
  profile: TemplatesProfile;
  locale: Locale;
  applying: boolean;
  onUse: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const { template: x, profile, locale, applying, onUse, onEdit, onDelete } = props;
  const { t } = useTranslation(TEMPLATES_NS);
  const lang = langOf(x.language);
  const tier = tierOf(x);
  const preview = fillTemplate(x.body, previewValues(profile, lang, occasionOf(x)), lang);
  return (
    <Card
      size="small"
      className={`sufra-templates-card${x.locked ? " is-locked" : ""}`}
      data-testid={`template-${x.id}`}
    >
      <Typography.Title level={4} className="sufra-templates-name">
        {x.name}
      </Typography.Title>
      <div className="sufra-templates-tags">
        <Tag>{CONTENT_OCCASIONS[occasionOf(x)]?.[locale] ?? occasionOf(x)}</Tag>
        <Tag>{t(`language.${lang}`)}</Tag>
        {tier === "advanced" && (
          <Tag variant="solid" color={TAG_COLORS.warning}>
            {t("tier.advanced")}
          </Tag>
        )}
        {tier === "custom" && (
          <Tag variant="solid" color={TAG_COLORS.success}>
            {t("tier.custom")}
          </Tag>
        )}
      </div>
      <Typography.Paragraph className="sufra-templates-preview" lang={lang} dir={lang === "ar" ? "rtl" : "ltr"}>
        {preview}
      </Typography.Paragraph>
      {x.hashtags.length > 0 && (
        <Typography.Text
          type="secondary"
          className="sufra-templates-hashtags"
          lang={lang}
          dir={lang === "ar" ? "rtl" : "ltr"}
        >
          {x.hashtags.map((h) => `#${h}`).join(" ")}
        </Typography.Text>
      )}
      {x.locked && (
        <Typography.Text type="secondary" className="sufra-templates-lock" data-testid="template-locked">
          <LockOutlined aria-hidden />
          {t("locked", { plan: PLANS[planForTemplateTier(tier)].name[locale] })}
          <Link to="/settings">{t("upgrade")}</Link>
        </Typography.Text>
      )}
      <div className="sufra-templates-actions">
        <Button
          type="primary"
          disabled={x.locked}
          loading={applying}
          onClick={onUse}
          aria-label={`${t("use")}: ${x.name}`}
        >
          {t("use")}
        </Button>
        {onEdit && <Button onClick={onEdit}>{t("mine.edit")}</Button>}
        {onDelete && (
          <Popconfirm
            title={t("mine.deleteTitle", { name: x.name })}
            description={t("mine.deleteText")}
            okText={t("mine.delete")}
            cancelText={t("actions.cancel", { ns: "common" })}
            okButtonProps={{ danger: true }}
            onConfirm={onDelete}
          >
            <Button danger>{t("mine.delete")}</Button>
          </Popconfirm>
        )}
      </div>
    </Card>
  );
}

interface ApplyValues {
  menuItemId?: string;
  dish?: string;
  price?: number | null;
  discount?: string;
}

/** What the post adds to the template: only the fields the template has a place for. */
function ApplyModal(props: {
  template: Template;
  menu: readonly MenuItem[];
  loading: boolean;
  onCancel: () => void;
  onSubmit: (input: Omit<ApplyTemplateInput, "templateId">) => Promise<Record<string, string[]> | null>;
}) {
  const { template, menu, loading, onCancel, onSubmit } = props;
  const { t } = useTranslation(TEMPLATES_NS);
  const locale = useLocale();
  const [form] = Form.useForm<ApplyValues>();
  const menuItemId = Form.useWatch("menuItemId", form);
  const a = asks(template);
  const lang = langOf(template.language);

  async function submit() {
    const v = form.getFieldsValue(true) as ApplyValues;
    const problems = await onSubmit({
      menuItemId: v.menuItemId || null,
      dish: v.menuItemId ? null : v.dish?.trim() || null,
      price: v.price ?? null,
      discount: v.discount?.trim() || null,
    });
    if (problems)
      form.setFields(Object.entries(problems).map(([name, errors]) => ({ name: name as keyof ApplyValues, errors })));
  }

  return (
    <Modal
      open
      title={t("apply.title", { name: template.name })}
      okText={t("apply.submit")}
      cancelText={t("apply.cancel")}
      confirmLoading={loading}
      onOk={() => void submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t("apply.intro")}</Typography.Paragraph>
      <Form<ApplyValues> form={form} layout="vertical" onFinish={() => void submit()} data-testid="template-apply-form">
        {a.dish && menu.length > 0 && (
          <Form.Item name="menuItemId" label={t("apply.menuItem")}>
            <Select
              allowClear
              placeholder={t("apply.menuItemPlaceholder")}
              options={menu.map((m) => ({
                value: m.id,
                label: joinParts(
                  [(lang === "ar" && m.nameAr) || m.name, m.priceKwd == null ? null : formatMoney(m.priceKwd, locale)],
                  locale,
                ),
              }))}
            />
          </Form.Item>
        )}
        {a.dish && !menuItemId && (
          <Form.Item name="dish" label={t("apply.dish")}>
            <Input
              maxLength={TEMPLATE_DISH_MAX}
              placeholder={t("apply.dishPlaceholder")}
              lang={lang}
              dir={lang === "ar" ? "rtl" : "ltr"}
            />
          </Form.Item>
        )}
        {a.price && (
          <Form.Item
            name="price"
            label={menuItemId ? t("apply.offerPrice") : t("apply.price")}
            extra={menuItemId ? t("apply.offerPriceHint") : undefined}
          >
            <InputNumber min={0} max={TEMPLATE_PRICE_MAX} step={0.25} precision={3} style={{ inlineSize: "100%" }} />
          </Form.Item>
        )}
        {a.discount && (
          <Form.Item name="discount" label={t("apply.discount")}>
            <Input maxLength={TEMPLATE_DISCOUNT_MAX} placeholder={t("apply.discountPlaceholder")} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
