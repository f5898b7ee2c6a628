// The menu on Google (docs/product.md#one-menu-and-one-link): each picked Google location with "Compare with
// Google", which opens Google's menu there beside Sufra's, every difference marked (new on Google, changed, removed,
// not sent for want of a price), and "Send to Google" behind a confirmation that says Google's menu is replaced.
// Both languages; Arabic names and sections read right to left; prices as the person writes numbers.
import { useMutation, useQuery } from "@apollo/client/react";
import { App, Alert, Button, Drawer, Empty, Grid, Popconfirm, Skeleton, Space, Tag, Typography } from "antd";
import { useState } from "react";
import { ToneTag } from "../../shared/ToneTag.tsx";
import { useTranslation } from "react-i18next";
import {
  GoogleMenuDiffDocument,
  GoogleMenuLocationsDocument,
  SendMenuToGoogleDocument,
  type GoogleMenuFieldsFragment,
  type GoogleMenuItemFieldsFragment,
} from "../../graphql/graphql.ts";
import { errorMessage } from "../../lib/errorMessage.ts";
import { formatDateTime, formatFilsMoney, formatNumber, joinNodes, partSeparator } from "../../lib/format.ts";
import { useLocale } from "../../lib/useLocale.ts";
import { LoadError } from "../../shared/LoadError.tsx";
import type { TagTone } from "../../shared/tagColors.ts";
import { BUSINESS_PROFILE_NS } from "./i18n.ts";

type Row = GoogleMenuFieldsFragment["rows"][number];
type Side = GoogleMenuFieldsFragment["google"];

const STATUS_TONE: Record<string, TagTone | null> = {
  ADDED: "success",
  CHANGED: "warning",
  REMOVED: "danger",
  SKIPPED: null,
  SAME: null,
};

export function GoogleMenu() {
  const { t } = useTranslation(BUSINESS_PROFILE_NS);
  const { data, error, refetch } = useQuery(GoogleMenuLocationsDocument, { fetchPolicy: "cache-and-network" });
  const [open, setOpen] = useState<{ id: string; title: string } | null>(null);

  if (!data)
    return error ? (
      <LoadError title={t("googleMenu.loadFailed")} error={error} onRetry={() => refetch().catch(() => {})} />
    ) : (
      <Skeleton active paragraph={{ rows: 1 }} />
    );
  const picked = data.googleLocations.filter((l) => l.picked && !l.goneAt);
  return (
    <div className="sufra-google-menu" data-testid="google-menu">
      <Typography.Paragraph type="secondary">{t("googleMenu.intro")}</Typography.Paragraph>
      {picked.length === 0 ? (
        <Typography.Paragraph type="secondary" data-testid="google-menu-none">
          {t("googleMenu.none")}
        </Typography.Paragraph>
      ) : (
        <ul className="sufra-google-menu-locations">
          {picked.map((l) => (
            <li key={l.id} data-testid={`google-menu-location-${l.id}`}>
              <Space orientation="vertical" size={0}>
                <bdi>{l.title}</bdi>
                {!l.verified && (
                  <Typography.Text type="warning" data-testid="google-menu-unverified">
                    {t("googleMenu.unverified")}
                  </Typography.Text>
                )}
              </Space>
              <Button
                onClick={() => setOpen({ id: l.id, title: l.title })}
                aria-label={t("googleMenu.openFor", { title: l.title })}
                data-testid="google-menu-open"
              >
                {t("googleMenu.open")}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {open && <GoogleMenuDrawer location={open} onClose={() => setOpen(null)} />}
    </div>
  );
}

function GoogleMenuDrawer({ location, onClose }: { location: { id: string; title: string }; onClose: () => void }) {
  const { t } = useTranslation(BUSINESS_PROFILE_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const { data, error, refetch, loading } = useQuery(GoogleMenuDiffDocument, {
    variables: { locationId: location.id },
    fetchPolicy: "network-only",
  });
  const [send, { loading: sending }] = useMutation(SendMenuToGoogleDocument);
  const [sent, setSent] = useState<GoogleMenuFieldsFragment | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const menu = sent ?? data?.googleMenuDiff ?? null;
  const small = !Grid.useBreakpoint().md;

  const doSend = async () => {
    setFailure(null);
    try {
      const r = await send({ variables: { locationId: location.id } });
      if (r.data) setSent(r.data.sendMenuToGoogle);
      void message.success(t("googleMenu.sent", { title: location.title }));
    } catch (e) {
      setFailure(errorMessage(e));
      void refetch().catch(() => {});
    }
  };

  const priced = menu ? menu.counts.same + menu.counts.added + menu.counts.changed : 0;
  return (
    <Drawer
      open
      size={small ? "100%" : 960}
      placement={locale === "ar" ? "left" : "right"}
      title={t("googleMenu.drawerTitle", { title: location.title })}
      onClose={onClose}
      closable={{ "aria-label": t("googleMenu.close") }}
      data-testid="google-menu-drawer"
      extra={
        menu && (
          <Popconfirm
            title={t("googleMenu.confirmTitle")}
            description={t("googleMenu.confirmBody", {
              title: location.title,
              count: formatNumber(priced, locale),
            })}
            okText={t("googleMenu.confirmOk")}
            cancelText={t("googleMenu.cancel")}
            onConfirm={() => doSend()}
          >
            <Button type="primary" loading={sending} disabled={!priced} data-testid="google-menu-send">
              {t("googleMenu.send")}
            </Button>
          </Popconfirm>
        )
      }
    >
      {failure && (
        <Alert
          type="error"
          showIcon
          title={failure}
          closable={{ onClose: () => setFailure(null) }}
          data-testid="google-menu-failure"
        />
      )}
      {!menu ? (
        error ? (
          <LoadError title={t("googleMenu.loadFailed")} error={error} onRetry={() => refetch().catch(() => {})} />
        ) : (
          <Skeleton active={loading} paragraph={{ rows: 4 }} />
        )
      ) : (
        <GoogleMenuBody menu={menu} />
      )}
    </Drawer>
  );
}

function GoogleMenuBody({ menu }: { menu: GoogleMenuFieldsFragment }) {
  const { t } = useTranslation(BUSINESS_PROFILE_NS);
  const locale = useLocale();
  const c = menu.counts;
  const rowOf = (side: "google" | "sufra", i: GoogleMenuItemFieldsFragment) =>
    menu.rows.find((r) => r[side] && r[side]!.name === i.name && r[side]!.priceFils === i.priceFils) ?? null;
  return (
    <div className="sufra-google-menu-body">
      <Space orientation="vertical" size={4} className="sufra-google-menu-state">
        {menu.inSync ? (
          <Alert type="success" showIcon title={t("googleMenu.inSync")} data-testid="google-menu-in-sync" />
        ) : (
          <Typography.Text data-testid="google-menu-summary">
            {t("googleMenu.summary", {
              added: formatNumber(c.added, locale),
              changed: formatNumber(c.changed, locale),
              removed: formatNumber(c.removed, locale),
              skipped: formatNumber(c.skipped, locale),
            })}
          </Typography.Text>
        )}
        <Typography.Text type="secondary" data-testid="google-menu-sent-at">
          {menu.location.menuSentAt
            ? t("googleMenu.sentAt", { at: formatDateTime(menu.location.menuSentAt, locale) })
            : t("googleMenu.neverSent")}
        </Typography.Text>
        {menu.location.sendError && (
          <Typography.Text type="danger" data-testid="google-menu-last-error">
            {t("googleMenu.lastError", { reason: menu.location.sendError })}
          </Typography.Text>
        )}
        {!menu.location.verified && <Alert type="warning" showIcon title={t("googleMenu.unverified")} />}
      </Space>
      <div className="sufra-google-menu-sides">
        <MenuSide
          title={t("googleMenu.google")}
          empty={t("googleMenu.googleEmpty")}
          sections={menu.google}
          rowOf={(i) => rowOf("google", i)}
          testid="google-menu-google"
        />
        <MenuSide
          title={t("googleMenu.sufra")}
          empty={t("googleMenu.sufraEmpty")}
          sections={menu.sufra}
          rowOf={(i) => rowOf("sufra", i)}
          testid="google-menu-sufra"
        />
      </div>
    </div>
  );
}

function MenuSide({
  title,
  empty,
  sections,
  rowOf,
  testid,
}: {
  title: string;
  empty: string;
  sections: Side;
  rowOf: (i: GoogleMenuItemFieldsFragment) => Row | null;
  testid: string;
}) {
  const { t } = useTranslation(BUSINESS_PROFILE_NS);
  const locale = useLocale();
  const change = (r: Row) =>
    r.changes
      .map((k) => t(`googleMenu.change.${k === "NAME_AR" ? "nameAr" : k.toLowerCase()}`))
      .join(partSeparator(locale));
  return (
    <section className="sufra-google-menu-side" data-testid={testid} aria-label={title}>
      <Typography.Title level={5}>{title}</Typography.Title>
      {sections.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />}
      {sections.map((s, si) => (
        <div key={si} className="sufra-google-menu-section">
          <Typography.Text strong>
            {s.name || s.nameAr ? (
              <>
                {joinNodes(
                  [
                    s.name && <bdi key="en">{s.name}</bdi>,
                    s.nameAr && (
                      <span key="ar" dir="rtl" lang="ar">
                        {s.nameAr}
                      </span>
                    ),
                  ],
                  locale,
                )}
              </>
            ) : (
              t("googleMenu.noSection")
            )}
          </Typography.Text>
          <ul className="sufra-google-menu-items">
            {s.items.map((i, ii) => {
              const r = rowOf(i);
              return (
                <li key={ii} data-testid="google-menu-item" data-status={r?.status.toLowerCase() ?? "same"}>
                  <span className="sufra-google-menu-names">
                    <bdi>{i.name}</bdi>
                    {i.nameAr && (
                      <span dir="rtl" lang="ar">
                        {i.nameAr}
                      </span>
                    )}
                  </span>
                  <span className="sufra-google-menu-price">
                    {i.priceFils == null ? (
                      <Typography.Text type="secondary">{t("googleMenu.noPrice")}</Typography.Text>
                    ) : (
                      <bdi>{formatFilsMoney(i.priceFils, locale)}</bdi>
                    )}
                    {i.photo && <Tag>{t("googleMenu.photo")}</Tag>}
                    {r && r.status !== "SAME" && (
                      <ToneTag tone={STATUS_TONE[r.status] ?? null} testId="google-menu-status">
                        {t(`googleMenu.status.${r.status.toLowerCase()}`)}
                      </ToneTag>
                    )}
                  </span>
                  {r?.status === "CHANGED" && (
                    <Typography.Text type="secondary" className="sufra-google-menu-changes">
                      {t("googleMenu.changes", { list: change(r) })}
                    </Typography.Text>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </section>
  );
}
