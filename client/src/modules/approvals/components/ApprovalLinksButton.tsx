// The approval links sent (a drawer opened from the posts page): each with its state, how many of its posts
// were approved, have changes asked or still wait, its dates, Copy and Revoke.
import { CopyOutlined, LinkOutlined } from "@ant-design/icons";
import { Button, Drawer, Empty, Grid, Skeleton, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ApprovalLinkFieldsFragment } from "../../../graphql/graphql.ts";
import { approvalLinkStateKey } from "../../../graphql/enumKeys.ts";
import { formatDate, formatNumber, partSeparator } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { DangerConfirm, useReportedChange } from "../../../shared/DangerConfirm.tsx";
import { LoadError } from "../../../shared/LoadError.tsx";
import { ToneTag } from "../../../shared/ToneTag.tsx";
import { useApprovalLinks } from "../data.ts";
import { APPROVALS_NS } from "../i18n.ts";
import { useCopyLink } from "./useCopyLink.ts";
import "../approvals.css";

const TONES = { active: "success", expired: null, revoked: "neutral" } as const;

export function ApprovalLinksButton() {
  const { t } = useTranslation(APPROVALS_NS);
  const locale = useLocale();
  const small = !Grid.useBreakpoint().sm;
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<LinkOutlined aria-hidden />} onClick={() => setOpen(true)} data-testid="approval-links-open">
        {t("links.open")}
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={t("links.title")}
        placement={locale === "ar" ? "left" : "right"}
        size={small ? "100%" : 460}
        destroyOnHidden
        data-testid="approval-links"
      >
        <LinksList open={open} />
      </Drawer>
    </>
  );
}

function LinksList({ open }: { open: boolean }) {
  const { t } = useTranslation(APPROVALS_NS);
  const { links, error, reload, revoke } = useApprovalLinks(!open);
  const report = useReportedChange();
  if (!links)
    return error ? (
      <LoadError title={t("links.loadFailed")} error={error} onRetry={reload} />
    ) : (
      <Skeleton active paragraph={{ rows: 4 }} />
    );
  if (!links.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("links.empty")} />;
  return (
    <ul className="sufra-approval-links">
      {links.map((l) => (
        <LinkRow
          key={l.id}
          link={l}
          onRevoke={() =>
            report(
              () => revoke(l.id),
              () => t("links.revoked"),
              () => undefined,
            )
          }
        />
      ))}
    </ul>
  );
}

function LinkRow({ link, onRevoke }: { link: ApprovalLinkFieldsFragment; onRevoke: () => unknown }) {
  const { t } = useTranslation(APPROVALS_NS);
  const locale = useLocale();
  const state = approvalLinkStateKey[link.state];
  const n = (v: number) => formatNumber(v, locale);
  const copyLink = useCopyLink();
  const copy = () => copyLink(link.url);
  return (
    <li className="sufra-approval-link-row" data-testid={`approval-link-${link.id}`}>
      <div className="sufra-approval-link-head">
        <ToneTag tone={TONES[state]}>{t(`links.state.${state}`)}</ToneTag>
        <Typography.Text type="secondary">
          {t("links.created", { date: formatDate(link.createdAt, locale) })}
          {partSeparator(locale)}
          {t("links.expires", { date: formatDate(link.expiresAt, locale) })}
        </Typography.Text>
      </div>
      <Typography.Text data-testid={`approval-link-counts-${link.id}`}>
        {t("links.counts", {
          approved: n(link.approved),
          changes: n(link.changesRequested),
          waiting: n(link.waiting),
        })}
      </Typography.Text>
      {state === "active" && (
        <div className="sufra-approval-link-actions">
          <Button size="small" icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
            {t("send.copy")}
          </Button>
          <DangerConfirm
            title={t("links.revokeTitle")}
            description={t("links.revokeText")}
            okText={t("links.revoke")}
            onConfirm={onRevoke}
            testId={`approval-revoke-${link.id}`}
          >
            {t("links.revoke")}
          </DangerConfirm>
        </div>
      )}
    </li>
  );
}
