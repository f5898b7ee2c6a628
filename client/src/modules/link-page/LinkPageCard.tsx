// The link page in Settings (docs/product.md#one-menu-and-one-link): the café's public page /l/<name> — its address
// with Copy, the bio in English and Arabic, which blocks show, Publish / Unpublish, and a live preview (the server's
// own render in a sandboxed frame, in either language, following the unsaved fields after a short pause). Checked
// with the shared rules before anything is sent; the server's field messages (a name another café has) land on
// their fields.
import { useMutation, useQuery } from "@apollo/client/react";
import { linkPageSchema, linkPageSlugSchema, type Locale } from "@sufra/schema";
import { App, Button, Card, Checkbox, Col, Form, Input, Row, Segmented, Skeleton, Space, Typography } from "antd";
import type { FormInstance } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ToneTag } from "../../shared/ToneTag.tsx";
import {
  LinkPagePreviewDocument,
  LinkPageSettingsDocument,
  PublishLinkPageDocument,
  UpdateLinkPageDocument,
  type LinkPageFieldsFragment,
} from "../../graphql/graphql.ts";
import { errorDetails, errorMessage } from "../../lib/errorMessage.ts";
import { useLocale } from "../../lib/useLocale.ts";
import { FormFailure } from "../../shared/FormFailure.tsx";
import { LoadError } from "../../shared/LoadError.tsx";
import { LINK_PAGE_NS } from "./i18n.ts";
import { addressBase, inputOf, previewDraft, ruleOf, valuesOf, type LinkPageValues } from "./model.ts";
import "./link-page.css";

/** How long the preview waits after the last keystroke before asking the server again. */
const PREVIEW_PAUSE_MS = 400;

export function LinkPageCard() {
  const { t } = useTranslation(LINK_PAGE_NS);
  const { data, error, refetch } = useQuery(LinkPageSettingsDocument, { fetchPolicy: "cache-and-network" });
  const page = data?.linkPage;
  let body;
  if (page) body = <LinkPageForm page={page} />;
  else if (error) body = <LoadError title={t("loadFailed")} error={error} onRetry={() => refetch().catch(() => {})} />;
  else body = <Skeleton active paragraph={{ rows: 6 }} />;
  return (
    <Card title={t("title")} className="sufra-account-card sufra-link-page" data-testid="link-page">
      <Typography.Paragraph type="secondary">{t("intro")}</Typography.Paragraph>
      {body}
    </Card>
  );
}

function LinkPageForm({ page }: { page: LinkPageFieldsFragment }) {
  const { t } = useTranslation(LINK_PAGE_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const [form] = Form.useForm<LinkPageValues>();
  // the page's settings have no id for the cache to match the answers with: the card's query is read again
  const again = { refetchQueries: [LinkPageSettingsDocument], awaitRefetchQueries: true };
  const [save, saving] = useMutation(UpdateLinkPageDocument, again);
  const [publish, publishing] = useMutation(PublishLinkPageDocument, again);
  const [failure, setFailure] = useState<string | null>(null);
  const shape = linkPageSchema.shape;

  const submit = async (v: LinkPageValues) => {
    setFailure(null);
    try {
      const res = await save({ variables: { input: inputOf(v) } });
      if (res.data?.updateLinkPage) form.setFieldsValue(valuesOf(res.data.updateLinkPage));
      void message.success(t("saved"));
    } catch (e) {
      const details = errorDetails(e);
      const fields = Object.keys(details).filter((f) => f !== "_" && details[f]?.length);
      if (fields.length) form.setFields(fields.map((f) => ({ name: f as keyof LinkPageValues, errors: details[f] })));
      else setFailure(errorMessage(e));
    }
  };

  const togglePublished = async () => {
    setFailure(null);
    try {
      const res = await publish({ variables: { published: !page.published } });
      void message.success(t(res.data?.publishLinkPage.published ? "publishedDone" : "unpublishedDone"));
    } catch (e) {
      setFailure(errorMessage(e));
    }
  };

  const slug = Form.useWatch("slug", form) ?? page.slug;
  const base = addressBase(page.url, page.slug);
  const address = `${base}${slug}`;

  return (
    <Row gutter={24}>
      <Col xs={24} lg={12}>
        <Space wrap className="sufra-link-page-status" data-testid="link-page-status">
          <ToneTag tone={page.published ? "success" : null}>{t(page.published ? "published" : "notPublished")}</ToneTag>
          <Typography.Text type="secondary">{t(page.published ? "publishedNote" : "notPublishedNote")}</Typography.Text>
        </Space>
        <Form
          form={form}
          name="linkPage"
          layout="vertical"
          requiredMark={false}
          onFinish={submit}
          initialValues={valuesOf(page)}
          data-testid="link-page-form"
        >
          <Form.Item name="slug" label={t("slug")} extra={t("slugHelp")} rules={[ruleOf(linkPageSlugSchema, locale)]}>
            <Input
              dir="ltr"
              lang="en"
              className="sufra-ltr-input"
              prefix={<bdi className="sufra-link-page-base">{base}</bdi>}
              autoCapitalize="none"
              spellCheck={false}
              data-testid="link-page-slug"
            />
          </Form.Item>
          <div className="sufra-link-page-address">
            <Typography.Text type="secondary">{t("address")}: </Typography.Text>
            <Typography.Text
              dir="ltr"
              copyable={{ text: address, tooltips: [t("copy"), t("copied")] }}
              data-testid="link-page-address"
            >
              <bdi>{address}</bdi>
            </Typography.Text>
            {page.published && (
              <Typography.Link href={page.url} target="_blank" rel="noopener" data-testid="link-page-open">
                {t("open")}
              </Typography.Link>
            )}
          </div>
          <Form.Item name="bio" label={t("bio")} rules={[ruleOf(shape.bio, locale)]}>
            <Input.TextArea
              dir="ltr"
              lang="en"
              autoSize={{ minRows: 2, maxRows: 4 }}
              maxLength={200}
              placeholder={t("bioPlaceholder")}
              data-testid="link-page-bio"
            />
          </Form.Item>
          <Form.Item name="bioAr" label={t("bioAr")} rules={[ruleOf(shape.bioAr, locale)]}>
            <Input.TextArea
              dir="rtl"
              lang="ar"
              autoSize={{ minRows: 2, maxRows: 4 }}
              maxLength={200}
              data-testid="link-page-bio-ar"
            />
          </Form.Item>
          <Typography.Text strong>{t("sections")}</Typography.Text>
          <div className="sufra-link-page-toggles">
            {(["showMenu", "showHours", "showPosts", "showMap"] as const).map((k) => (
              <Form.Item key={k} name={k} valuePropName="checked" noStyle>
                <Checkbox data-testid={`link-page-${k.replace(/^show/, "show-").toLowerCase()}`}>{t(k)}</Checkbox>
              </Form.Item>
            ))}
          </div>
          <FormFailure failure={failure} testId="link-page-failure" />
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={saving.loading} data-testid="link-page-save">
              {t("save")}
            </Button>
            <Button
              onClick={() => void togglePublished()}
              loading={publishing.loading}
              danger={page.published}
              data-testid={page.published ? "link-page-unpublish" : "link-page-publish"}
            >
              {t(page.published ? "unpublish" : "publish")}
            </Button>
          </Space>
        </Form>
      </Col>
      <Col xs={24} lg={12}>
        <Preview form={form} />
      </Col>
    </Row>
  );
}

/** The server's render of the page with the unsaved fields, in a frame that runs nothing and goes nowhere. */
function Preview({ form }: { form: FormInstance<LinkPageValues> }) {
  const { t } = useTranslation(LINK_PAGE_NS);
  const locale = useLocale();
  const [lang, setLang] = useState<Locale>(locale);
  const values = Form.useWatch([], form) as Partial<LinkPageValues> | undefined;
  const [draft, setDraft] = useState(() => previewDraft(form.getFieldsValue(true) as LinkPageValues));
  const key = JSON.stringify(previewDraft(values));
  useEffect(() => {
    const next = JSON.parse(key) as ReturnType<typeof previewDraft>;
    if (!next) return; // a field that does not pass yet: keep the last good preview
    const timer = setTimeout(() => setDraft(next), PREVIEW_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [key]);
  const { data, previousData, error } = useQuery(LinkPagePreviewDocument, {
    variables: { draft, locale: lang === "ar" ? "AR" : "EN" },
    skip: !draft,
  });
  const html = (data ?? previousData)?.linkPagePreview;
  return (
    <div className="sufra-link-page-preview">
      <Space className="sufra-link-page-preview-head" wrap>
        <Typography.Text strong>{t("preview")}</Typography.Text>
        <Segmented
          aria-label={t("previewLanguage")}
          size="small"
          value={lang}
          onChange={(v) => setLang(v as Locale)}
          options={[
            { value: "en", label: t("english") },
            { value: "ar", label: t("arabic") },
          ]}
          data-testid="link-page-preview-lang"
        />
      </Space>
      {error && !html ? (
        <Typography.Text type="danger">{t("previewFailed")}</Typography.Text>
      ) : html ? (
        // sandboxed: no script, no navigation out of Settings, no forms; the page's images still load
        <iframe
          title={t("previewTitle")}
          srcDoc={html}
          sandbox=""
          className="sufra-link-page-frame"
          data-testid="link-page-preview"
        />
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </div>
  );
}
