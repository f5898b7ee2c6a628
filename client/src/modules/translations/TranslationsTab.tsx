// The admin's Translations tab (docs/product.md#admin-dashboard): every text of the web client, searched by key, English or
// Arabic, filtered by category and by "missing Arabic" (with its count), refreshed and exported as
// translations.json. A row is viewed, edited (English and Arabic), then saved or cancelled (docs/product.md#admin-dashboard);
// "Translation saved successfully!" stays 3 seconds. A saved text also replaces the running one, so the
// admin sees it at once. A table on large screens, cards on small ones.
import { DownloadOutlined, EditOutlined, ReloadOutlined } from "@ant-design/icons";
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Empty,
  Grid,
  Input,
  Pagination,
  Select,
  Skeleton,
  Table,
  Typography,
} from "antd";
import { Fragment, useCallback, useEffect, useMemo, useState, type HTMLAttributes, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  fieldErrors,
  languageNeedsKey,
  LOCALES,
  messageText,
  TRANSLATION_NOTICE_MS,
  translationUpdateSchema,
  type Locale,
  type TranslationCategory,
  type TranslationRow,
  type TranslationUpdate,
} from "@sufra/schema";
import { api } from "../../lib/api.ts";
import { errorMessage } from "../../lib/errorMessage.ts";
import { formatNumber, pagerIn } from "../../lib/format.ts";
import { useLocale } from "../../lib/useLocale.ts";
import { applyTranslations } from "../../i18n/serverTexts.ts";
import "./i18n.ts";
import "./translations.css";
import { ToneTag } from "../../shared/ToneTag.tsx";

const ALL = "";
const PAGE_SIZE = 50;
const CARD_PAGE_SIZE = 20;

interface Draft {
  key: string;
  en: string;
  ar: string;
  errors: Partial<Record<Locale, string>>;
}

/** A key shown with a line-break chance after each separator, so a long key wraps between its parts, not mid-word. */
function KeyText({ value }: { value: string }) {
  const parts = value.split(/(?<=[.:_-])/);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 && <wbr />}
        </Fragment>
      ))}
    </>
  );
}

export default function TranslationsTab() {
  const { t } = useTranslation("translations");
  const locale = useLocale();
  const small = !Grid.useBreakpoint().md;

  const [rows, setRows] = useState<TranslationRow[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [search, setSearch] = useState("");
  const [category, setCategory] = useState(ALL);
  const [missingOnly, setMissingOnly] = useState(false);
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  // a counter, so a second save restarts the notice's 3 seconds
  const [notice, setNotice] = useState(0);

  const load = useCallback(async () => {
    setLoading(true);
    setLoadError(null);
    try {
      const { categories } = await api.get<{ categories: TranslationCategory[] }>("/translations/list");
      const all = categories.flatMap((c) => c.translations.map((row) => ({ ...row, category: c.name })));
      setRows(all);
      applyTranslations(all); // someone else's edits, too
    } catch (e) {
      setLoadError(errorMessage(e));
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(0), TRANSLATION_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  // a text is missing only where its language needs it (English has no Arabic-only plural forms)
  const keys = useMemo(() => new Set((rows ?? []).map((r) => r.key)), [rows]);
  const missing = useCallback(
    (row: TranslationRow, lng: Locale) => !row[lng].trim() && languageNeedsKey(row.key, lng, keys),
    [keys],
  );
  const categories = useMemo(() => [...new Set((rows ?? []).map((r) => r.category))].sort(), [rows]);
  const inCategory = useMemo(
    () => (rows ?? []).filter((r) => category === ALL || r.category === category),
    [rows, category],
  );
  const missingCount = useMemo(() => inCategory.filter((r) => missing(r, "ar")).length, [inCategory, missing]);
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return inCategory.filter(
      (r) =>
        (!missingOnly || missing(r, "ar")) &&
        (!q || r.key.toLowerCase().includes(q) || r.en.toLowerCase().includes(q) || r.ar.toLowerCase().includes(q)),
    );
  }, [inCategory, missingOnly, search, missing]);

  const pageSize = small ? CARD_PAGE_SIZE : PAGE_SIZE;
  const lastPage = Math.max(1, Math.ceil(shown.length / pageSize));
  const current = Math.min(page, lastPage);
  const filter = (change: () => void) => {
    change();
    setPage(1);
  };

  const edit = (row: TranslationRow) => {
    setSaveError(null);
    setDraft({ key: row.key, en: row.en, ar: row.ar, errors: {} });
  };
  const cancel = () => {
    setSaveError(null);
    setDraft(null);
  };

  async function save() {
    if (!draft || !rows) return;
    const row = rows.find((r) => r.key === draft.key);
    if (!row) return;
    const updates: TranslationUpdate[] = [];
    const errors: Draft["errors"] = {};
    for (const lng of LOCALES) {
      if (draft[lng].trim() === row[lng]) continue;
      // the server's rule, here first: a text is required and at most 2000 characters
      const parsed = translationUpdateSchema.safeParse({ key: row.key, locale: lng, value: draft[lng] });
      if (parsed.success) updates.push(parsed.data);
      else
        errors[lng] = Object.values(fieldErrors(parsed.error))
          .flat()
          .map((k) => messageText(k, locale))
          .join(" ");
    }
    if (Object.keys(errors).length) return setDraft({ ...draft, errors });
    if (!updates.length) return cancel();
    setSaving(true);
    setSaveError(null);
    try {
      const res = await api.put<{ translations: TranslationRow[] }>("/translations/bulk", { updates });
      const changed = new Map(res.translations.map((r) => [r.key, r]));
      setRows((all) => (all ?? []).map((r) => changed.get(r.key) ?? r));
      applyTranslations(res.translations);
      setDraft(null);
      setNotice((n) => n + 1);
    } catch (e) {
      setSaveError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  }

  async function exportAll() {
    setExporting(true);
    setExportError(null);
    try {
      const data = await api.get<unknown>("/translations/export");
      const url = URL.createObjectURL(new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: "application/json" }));
      const a = document.createElement("a");
      a.href = url;
      a.download = "translations.json";
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (e) {
      setExportError(errorMessage(e));
    } finally {
      setExporting(false);
    }
  }

  const editing = (row: TranslationRow) => draft?.key === row.key;

  const textCell = (row: TranslationRow, lng: Locale): ReactNode => {
    if (draft && editing(row)) {
      const error = draft.errors[lng];
      return (
        <div>
          <Input.TextArea
            value={draft[lng]}
            onChange={(e) =>
              setDraft({ ...draft, [lng]: e.target.value, errors: { ...draft.errors, [lng]: undefined } })
            }
            onKeyDown={(e) => e.key === "Escape" && cancel()}
            rows={Math.min(8, Math.max(2, Math.ceil(draft[lng].length / 48)))}
            dir={lng === "ar" ? "rtl" : "ltr"}
            lang={lng}
            status={error ? "error" : undefined}
            aria-label={t(lng === "en" ? "englishOf" : "arabicOf", { key: row.key })}
            aria-invalid={!!error}
            disabled={saving}
          />
          {error && (
            <Typography.Text type="danger" role="alert">
              {error}
            </Typography.Text>
          )}
        </div>
      );
    }
    if (missing(row, lng)) return <ToneTag tone="warning">{t("missing")}</ToneTag>;
    if (!row[lng].trim())
      return <Typography.Text type="secondary">{t(lng === "en" ? "notUsedEn" : "notUsedAr")}</Typography.Text>;
    return (
      <span dir={lng === "ar" ? "rtl" : "ltr"} lang={lng} className="sufra-translation-text">
        {row[lng]}
      </span>
    );
  };

  const actionsCell = (row: TranslationRow): ReactNode =>
    editing(row) ? (
      <div className="sufra-translation-actions">
        <Button type="primary" size="small" loading={saving} onClick={() => void save()}>
          {t("save")}
        </Button>
        <Button size="small" onClick={cancel} disabled={saving}>
          {t("cancel")}
        </Button>
      </div>
    ) : (
      <Button
        size="small"
        icon={<EditOutlined />}
        onClick={() => edit(row)}
        aria-label={t("editKey", { key: row.key })}
        disabled={saving}
      >
        {t("edit")}
      </Button>
    );

  const columns = [
    {
      key: "key",
      title: t("columns.key"),
      width: "24%",
      render: (_: unknown, r: TranslationRow) => (
        <Typography.Text code dir="ltr" className="sufra-translation-key">
          <KeyText value={r.key} />
        </Typography.Text>
      ),
    },
    { key: "en", title: t("columns.en"), render: (_: unknown, r: TranslationRow) => textCell(r, "en") },
    { key: "ar", title: t("columns.ar"), render: (_: unknown, r: TranslationRow) => textCell(r, "ar") },
    {
      key: "actions",
      title: t("columns.actions"),
      width: 160,
      render: (_: unknown, r: TranslationRow) => actionsCell(r),
    },
  ];

  const pageRows = shown.slice((current - 1) * pageSize, current * pageSize);
  let list: ReactNode;
  if (!rows && loadError)
    list = (
      <Alert
        type="error"
        showIcon
        title={t("loadFailed")}
        description={loadError}
        action={
          <Button size="small" onClick={() => void load()}>
            {t("retry")}
          </Button>
        }
      />
    );
  else if (!rows) list = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (!shown.length) list = <Empty description={t("empty")} />;
  else if (small)
    list = (
      <>
        <ul className="sufra-translation-cards" aria-busy={loading}>
          {pageRows.map((r) => (
            <li key={r.key}>
              <Card
                size="small"
                title={
                  <Typography.Text code dir="ltr" className="sufra-translation-key">
                    <KeyText value={r.key} />
                  </Typography.Text>
                }
                data-testid="translation-card"
              >
                <dl className="sufra-translation-fields">
                  <dt>{t("columns.en")}</dt>
                  <dd>{textCell(r, "en")}</dd>
                  <dt>{t("columns.ar")}</dt>
                  <dd>{textCell(r, "ar")}</dd>
                </dl>
                {actionsCell(r)}
              </Card>
            </li>
          ))}
        </ul>
        {shown.length > pageSize && (
          <Pagination
            {...pagerIn(locale, { small: true })}
            current={current}
            pageSize={pageSize}
            total={shown.length}
            onChange={setPage}
            showSizeChanger={false}
            className="sufra-translation-pager"
          />
        )}
      </>
    );
  else
    list = (
      <Table<TranslationRow>
        rowKey="key"
        columns={columns}
        dataSource={shown}
        loading={loading}
        pagination={
          shown.length > pageSize
            ? { ...pagerIn(locale), current, pageSize, total: shown.length, onChange: setPage, showSizeChanger: false }
            : false
        }
        onRow={(r) => ({ "data-testid": `translation-${r.key}` }) as HTMLAttributes<HTMLElement>}
        tableLayout="fixed"
        data-testid="translations-table"
      />
    );

  return (
    <div className="sufra-translations">
      <div className="sufra-translation-filters">
        <Input.Search
          allowClear
          value={search}
          onChange={(e) => filter(() => setSearch(e.target.value))}
          placeholder={t("search")}
          aria-label={t("search")}
          className="sufra-translation-search"
        />
        <Select<string>
          value={category}
          onChange={(v) => filter(() => setCategory(v))}
          options={[{ value: ALL, label: t("allCategories") }, ...categories.map((c) => ({ value: c, label: c }))]}
          aria-label={t("category")}
          className="sufra-translation-category"
          data-testid="category-filter"
        />
        <Checkbox checked={missingOnly} onChange={(e) => filter(() => setMissingOnly(e.target.checked))}>
          {t("missingArabic", { n: formatNumber(missingCount, locale) })}
        </Checkbox>
        <div className="sufra-translation-actions">
          <Button icon={<ReloadOutlined />} onClick={() => void load()} loading={loading && !!rows}>
            {t("refresh")}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => void exportAll()} loading={exporting}>
            {t("export")}
          </Button>
        </div>
      </div>
      {notice > 0 && (
        <Alert type="success" showIcon title={t("saved")} role="status" data-testid="translation-notice" />
      )}
      {rows && loadError && (
        <Alert
          type="error"
          showIcon
          title={t("loadFailed")}
          description={loadError}
          closable
          onClose={() => setLoadError(null)}
        />
      )}
      {saveError && (
        <Alert
          type="error"
          showIcon
          title={t("saveFailed")}
          description={saveError}
          closable
          onClose={() => setSaveError(null)}
        />
      )}
      {exportError && (
        <Alert
          type="error"
          showIcon
          title={t("exportFailed")}
          description={exportError}
          closable
          onClose={() => setExportError(null)}
        />
      )}
      {rows && (
        <Typography.Paragraph type="secondary" aria-live="polite" className="sufra-translation-count">
          {t("shown", { count: shown.length, n: formatNumber(shown.length, locale) })}
        </Typography.Paragraph>
      )}
      {list}
    </div>
  );
}
