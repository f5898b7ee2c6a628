// The menu of the business profile: a table of items (name, Arabic name, price in KWD), a list of cards
// on a phone (the price and the actions in view, nothing to scroll sideways), each with move up/down,
// edit and delete; items grouped under their section (English and Arabic), in the order the menu first
// names it; adding and editing in a dialog with a price of three decimals (fils) and the section;
// pasting a whole menu, one item a line. The shared rules check every field before anything is sent.
import { FormFailure } from "../../shared/FormFailure.tsx";
import type { Reference } from "@apollo/client";
import { useMutation } from "@apollo/client/react";
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  SnippetsOutlined,
} from "@ant-design/icons";
import {
  isMessageKey,
  MAX_MENU_ITEMS,
  menuItemSchema,
  messageText,
  parseMenuText,
  BUSINESS_PROFILE_LIMITS,
} from "@sufra/schema";
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Empty,
  Form,
  Grid,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Space,
  Table,
  Typography,
} from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  AddMenuItemDocument,
  ImportMenuDocument,
  RemoveMenuItemDocument,
  ReorderMenuDocument,
  UpdateMenuItemDocument,
  type BusinessProfileFieldsFragment,
  type BusinessProfileMenuItemFragment,
} from "../../graphql/graphql.ts";
import { errorDetails, errorMessage } from "../../lib/errorMessage.ts";
import { formatMoney, formatNumber, joinNodes, partSeparator } from "../../lib/format.ts";
import { useLocale } from "../../lib/useLocale.ts";
import { BUSINESS_PROFILE_NS } from "./i18n.ts";
import { schemaRule } from "./model.ts";

type Item = BusinessProfileMenuItemFragment;

interface ItemValues {
  name?: string;
  nameAr?: string | null;
  priceKwd?: number | string | null;
  section?: string | null;
  sectionAr?: string | null;
}

const ITEM_FIELDS = ["name", "nameAr", "priceKwd", "section", "sectionAr"] as const;

/** The menu's items under their sections, each section where the menu first names it (docs/product.md#one-menu-and-one-link). */
function sectionsOf(
  menu: readonly Item[],
): { key: string; name: string | null; nameAr: string | null; items: Item[] }[] {
  const out = new Map<string, { key: string; name: string | null; nameAr: string | null; items: Item[] }>();
  for (const m of menu) {
    const key = `${(m.section ?? "").trim().toLowerCase()}\u0000${(m.sectionAr ?? "").trim()}`;
    if (!out.has(key)) out.set(key, { key, name: m.section ?? null, nameAr: m.sectionAr ?? null, items: [] });
    out.get(key)!.items.push(m);
  }
  return [...out.values()];
}

/**
 * Shows a price with three decimals (2.75 as 2.750) when the field is not being typed in, without
 * rounding: InputNumber's `precision` would silently turn 3.1234 into 3.123, where the person should
 * be told that KWD has three decimals.
 */
const kwdDisplay = (value: string | number | undefined, info: { userTyping: boolean; input: string }) => {
  if (info.userTyping) return info.input;
  const text = value === undefined || value === null ? "" : String(value);
  if (!/^\d+(\.\d*)?$/.test(text)) return text;
  const [whole, fils = ""] = text.split(".");
  return fils.length >= 3 ? text : `${whole}.${fils.padEnd(3, "0")}`;
};

export function MenuEditor({ profile }: { profile: BusinessProfileFieldsFragment }) {
  const { t } = useTranslation(BUSINESS_PROFILE_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<Item | "new" | null>(null);
  const [pasting, setPasting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [reorder, { loading: moving }] = useMutation(ReorderMenuDocument);
  const [remove] = useMutation(RemoveMenuItemDocument);
  const menu = profile.menu;
  const full = menu.length >= MAX_MENU_ITEMS;
  const small = !Grid.useBreakpoint().md;

  const move = async (index: number, by: -1 | 1) => {
    const ids = menu.map((m) => m.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    setFailure(null);
    try {
      await reorder({ variables: { ids } });
    } catch (e) {
      setFailure(errorMessage(e));
    }
  };

  const drop = async (item: Item) => {
    setFailure(null);
    try {
      await remove({
        variables: { id: item.id },
        update: (cache) => {
          cache.modify<{ menu: readonly Reference[] }>({
            id: cache.identify({ __typename: "BusinessProfile", id: profile.id }),
            fields: { menu: (refs, { readField }) => refs.filter((r) => readField("id", r) !== item.id) },
          });
          cache.evict({ id: cache.identify({ __typename: "MenuItem", id: item.id }) });
        },
      });
      void message.success(t("menu.removed", { name: item.name }));
    } catch (e) {
      setFailure(errorMessage(e));
    }
  };

  const price = (m: Item) =>
    m.priceKwd == null ? (
      <Typography.Text type="secondary">{t("menu.noPrice")}</Typography.Text>
    ) : (
      <bdi className="sufra-menu-price">{formatMoney(m.priceKwd, locale)}</bdi>
    );
  const actions = (m: Item, index: number) => (
    <Space size={4} wrap>
      <Button
        size="small"
        type="text"
        icon={<ArrowUpOutlined />}
        aria-label={t("menu.moveUp", { name: m.name })}
        disabled={index === 0 || moving}
        onClick={() => void move(index, -1)}
      />
      <Button
        size="small"
        type="text"
        icon={<ArrowDownOutlined />}
        aria-label={t("menu.moveDown", { name: m.name })}
        disabled={index === menu.length - 1 || moving}
        onClick={() => void move(index, 1)}
      />
      <Button
        size="small"
        type="text"
        icon={<EditOutlined />}
        aria-label={t("menu.edit", { name: m.name })}
        onClick={() => setEditing(m)}
      />
      <Popconfirm
        title={t("menu.removeTitle", { name: m.name })}
        okText={t("menu.removeOk")}
        cancelText={t("menu.cancel")}
        okButtonProps={{ danger: true }}
        onConfirm={() => drop(m)}
      >
        <Button
          size="small"
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={t("menu.remove", { name: m.name })}
        />
      </Popconfirm>
    </Space>
  );
  const columns = [
    { key: "name", title: t("menu.name"), render: (_: unknown, m: Item) => <bdi>{m.name}</bdi> },
    {
      key: "nameAr",
      title: t("menu.nameAr"),
      render: (_: unknown, m: Item) =>
        m.nameAr ? (
          <span dir="rtl" lang="ar">
            {m.nameAr}
          </span>
        ) : null,
    },
    { key: "price", title: t("menu.price"), align: "end" as const, render: (_: unknown, m: Item) => price(m) },
    { key: "actions", title: t("menu.actions"), render: (_: unknown, m: Item) => actions(m, menu.indexOf(m)) },
  ];
  const groups = sectionsOf(menu);
  // one heading per section; a menu without sections shows no heading at all
  const heading = (g: (typeof groups)[number]) =>
    groups.length > 1 || g.name || g.nameAr ? (
      <Typography.Title level={5} className="sufra-menu-section" data-testid="menu-section">
        {g.name || g.nameAr ? (
          <>
            {joinNodes(
              [
                g.name && <bdi key="en">{g.name}</bdi>,
                g.nameAr && (
                  <span key="ar" dir="rtl" lang="ar">
                    {g.nameAr}
                  </span>
                ),
              ],
              locale,
            )}
          </>
        ) : (
          t("menu.noSection")
        )}
      </Typography.Title>
    ) : null;

  return (
    <div className="sufra-menu-editor" data-testid="menu-editor">
      <Typography.Paragraph type="secondary">{t("menu.intro")}</Typography.Paragraph>
      {failure && (
        <Alert
          className="sufra-form-alert"
          type="error"
          showIcon
          title={failure}
          closable={{ onClose: () => setFailure(null) }}
        />
      )}
      {small ? (
        menu.length ? (
          groups.map((g) => (
            <div key={g.key}>
              {heading(g)}
              <ul className="sufra-menu-list" data-testid="menu-list">
                {g.items.map((m) => (
                  <li key={m.id}>
                    <Card size="small" data-testid="menu-card">
                      <div className="sufra-menu-card-head">
                        <div className="sufra-menu-card-names">
                          <bdi className="sufra-menu-card-name">{m.name}</bdi>
                          {m.nameAr && (
                            <span dir="rtl" lang="ar">
                              {m.nameAr}
                            </span>
                          )}
                        </div>
                        {price(m)}
                      </div>
                      <div className="sufra-card-actions">{actions(m, menu.indexOf(m))}</div>
                    </Card>
                  </li>
                ))}
              </ul>
            </div>
          ))
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("menu.empty")} />
        )
      ) : (
        (menu.length ? groups : [{ key: "", name: null, nameAr: null, items: [] as Item[] }]).map((g) => (
          <div key={g.key}>
            {heading(g)}
            <Table<Item>
              rowKey="id"
              size="small"
              columns={columns}
              dataSource={g.items}
              pagination={false}
              scroll={{ x: "max-content" }}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("menu.empty")} /> }}
              data-testid="menu-table"
            />
          </div>
        ))
      )}
      <div className="sufra-menu-toolbar">
        <Space wrap>
          <Button type="primary" icon={<PlusOutlined />} disabled={full} onClick={() => setEditing("new")}>
            {t("menu.add")}
          </Button>
          <Button icon={<SnippetsOutlined />} disabled={full} onClick={() => setPasting(true)}>
            {t("menu.import")}
          </Button>
        </Space>
        <Typography.Text type="secondary">
          {t("menu.count", { n: formatNumber(menu.length, locale), max: formatNumber(MAX_MENU_ITEMS, locale) })}
        </Typography.Text>
      </div>
      {/* mounted for each opening, so its form starts from the item (or empty) every time */}
      {editing && (
        <ItemDialog
          profileId={profile.id}
          item={editing}
          onClose={() => setEditing(null)}
          onSaved={(name, added) => {
            setEditing(null);
            void message.success(t(added ? "menu.added" : "menu.updated", { name }));
          }}
        />
      )}
      <PasteDialog
        open={pasting}
        onClose={() => setPasting(false)}
        onDone={(count) => {
          setPasting(false);
          void message.success(t("menu.imported", { n: formatNumber(count, locale) }));
        }}
      />
    </div>
  );
}

function ItemDialog({
  profileId,
  item,
  onClose,
  onSaved,
}: {
  profileId: string;
  item: Item | "new";
  onClose: () => void;
  onSaved: (name: string, added: boolean) => void;
}) {
  const { t } = useTranslation(BUSINESS_PROFILE_NS);
  const locale = useLocale();
  const [form] = Form.useForm<ItemValues>();
  const [add, { loading: adding }] = useMutation(AddMenuItemDocument);
  const [update, { loading: updating }] = useMutation(UpdateMenuItemDocument);
  const [failure, setFailure] = useState<string | null>(null);
  const shape = menuItemSchema.shape;
  const isNew = item === "new";

  const submit = async (v: ItemValues) => {
    setFailure(null);
    // the form's rules passed, so this reads the same values: trimmed, the price as a number of dinars
    const checked = menuItemSchema.safeParse({
      name: v.name ?? "",
      nameAr: v.nameAr ?? null,
      priceKwd: v.priceKwd ?? null,
      section: v.section ?? null,
      sectionAr: v.sectionAr ?? null,
    });
    if (!checked.success) return;
    const parsed = checked.data;
    const input = {
      name: parsed.name,
      nameAr: parsed.nameAr ?? null,
      priceKwd: parsed.priceKwd ?? null,
      section: parsed.section ?? null,
      sectionAr: parsed.sectionAr ?? null,
    };
    try {
      if (isNew) {
        await add({
          variables: { input },
          update: (c, { data }) => {
            const added = data?.addMenuItem;
            if (!added) return;
            const ref = c.identify({ __typename: "MenuItem", id: added.id });
            c.modify<{ menu: readonly Reference[] }>({
              id: c.identify({ __typename: "BusinessProfile", id: profileId }),
              fields: {
                menu: (refs, { toReference }) =>
                  ref && !refs.some((r) => r.__ref === ref) ? [...refs, toReference(ref)!] : refs,
              },
            });
          },
        });
      } else await update({ variables: { id: item.id, input } });
      onSaved(parsed.name, isNew);
    } catch (e) {
      const details = errorDetails(e);
      const fields = ITEM_FIELDS.filter((f) => details[f]?.length);
      if (fields.length) form.setFields(fields.map((f) => ({ name: f, errors: details[f] })));
      else setFailure(errorMessage(e));
    }
  };

  return (
    <Modal
      open
      title={isNew ? t("menu.addTitle") : t("menu.editTitle", { name: item.name })}
      okText={t("menu.save")}
      cancelText={t("menu.cancel")}
      confirmLoading={adding || updating}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form
        form={form}
        name="menuItem"
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        initialValues={
          isNew
            ? {}
            : {
                name: item.name,
                nameAr: item.nameAr ?? undefined,
                priceKwd: item.priceKwd ?? undefined,
                section: item.section ?? undefined,
                sectionAr: item.sectionAr ?? undefined,
              }
        }
        data-testid="menu-item-form"
      >
        <Form.Item name="name" label={t("menu.name")} rules={[schemaRule(shape.name, locale)]}>
          <Input maxLength={BUSINESS_PROFILE_LIMITS.menuName + 1} placeholder={t("menu.namePlaceholder")} />
        </Form.Item>
        <Form.Item name="nameAr" label={t("menu.nameAr")} rules={[schemaRule(shape.nameAr, locale)]}>
          <Input dir="rtl" lang="ar" placeholder={t("menu.nameArPlaceholder")} />
        </Form.Item>
        <Form.Item
          name="priceKwd"
          label={t("menu.price")}
          extra={t("menu.priceHint")}
          rules={[schemaRule(shape.priceKwd, locale)]}
        >
          <InputNumber<string | number>
            className="sufra-menu-price-input"
            dir="ltr"
            inputMode="decimal"
            step={0.001}
            controls={false}
            stringMode
            formatter={kwdDisplay}
            suffix={t("menu.currency")}
            placeholder="0.000"
          />
        </Form.Item>
        <Form.Item
          name="section"
          label={t("menu.section")}
          extra={t("menu.sectionHint")}
          rules={[schemaRule(shape.section, locale)]}
        >
          <Input placeholder={t("menu.sectionPlaceholder")} data-testid="menu-item-section" />
        </Form.Item>
        <Form.Item name="sectionAr" label={t("menu.sectionAr")} rules={[schemaRule(shape.sectionAr, locale)]}>
          <Input dir="rtl" lang="ar" placeholder={t("menu.sectionArPlaceholder")} data-testid="menu-item-section-ar" />
        </Form.Item>
        <FormFailure failure={failure} />
      </Form>
    </Modal>
  );
}

function PasteDialog({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  onDone: (count: number) => void;
}) {
  const { t } = useTranslation(BUSINESS_PROFILE_NS);
  const locale = useLocale();
  const [text, setText] = useState("");
  const [replace, setReplace] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [importMenu, { loading }] = useMutation(ImportMenuDocument);
  // the same reading as the server's, so a bad line is named before anything is sent
  const parsed = parseMenuText(text);
  const problems = Object.entries(parsed.errors).map(([field, keys]) => ({
    line: field.replace("lines.", ""),
    message: keys.map((k) => messageText(isMessageKey(k) ? k : "invalidValue", locale)).join(", "),
  }));

  const submit = async () => {
    setFailure(null);
    try {
      const res = await importMenu({ variables: { text, replace } });
      setText("");
      setReplace(false);
      onDone(res.data?.importMenu.menu.length ?? 0);
    } catch (e) {
      setFailure(errorMessage(e));
    }
  };

  return (
    <Modal
      open={open}
      title={t("menu.importTitle")}
      okText={t("menu.importOk")}
      cancelText={t("menu.cancel")}
      okButtonProps={{ disabled: !parsed.items.length || problems.length > 0 }}
      confirmLoading={loading}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary">{t("menu.importHint")}</Typography.Paragraph>
      <pre className="sufra-menu-example" dir="auto">
        {t("menu.importExample")}
      </pre>
      <Input.TextArea
        aria-label={t("menu.importText")}
        dir="auto"
        rows={8}
        value={text}
        onChange={(e) => setText(e.target.value)}
        data-testid="menu-import-text"
      />
      <Checkbox className="sufra-menu-replace" checked={replace} onChange={(e) => setReplace(e.target.checked)}>
        {t("menu.importReplace")}
      </Checkbox>
      {problems.length > 0 ? (
        <Alert
          className="sufra-menu-import-status"
          type="warning"
          showIcon
          title={problems
            .map((p) => t("menu.importLine", { line: formatNumber(Number(p.line), locale), message: p.message }))
            .join(partSeparator(locale))}
          data-testid="menu-import-problems"
        />
      ) : parsed.items.length > 0 ? (
        <Alert
          className="sufra-menu-import-status"
          type="info"
          showIcon
          title={t("menu.importReady", { n: formatNumber(parsed.items.length, locale) })}
        />
      ) : null}
      {failure && <Alert className="sufra-menu-import-status" type="error" showIcon title={failure} />}
    </Modal>
  );
}
