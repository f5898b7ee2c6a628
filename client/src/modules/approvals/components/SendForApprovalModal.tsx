// Sending posts for the café's approval (docs/product.md#agencies-and-approvals): the posts chosen or the Kuwait
// days of a week or month, and the approval page's language; then the signed link with Copy, Share on
// WhatsApp (its wa.me link, the message in the link's language), Send by e-mail, and how many posts it carries.
import { CopyOutlined, MailOutlined, WhatsAppOutlined } from "@ant-design/icons";
import { App, Button, Form, Input, Modal, Radio, Space, Typography } from "antd";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ApprovalLinkFieldsFragment, ApprovalLinkLocale } from "../../../graphql/graphql.ts";
import { errorMessage } from "../../../lib/errorMessage.ts";
import { formatDate, formatNumber } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { addressRule } from "../../../shared/addressRule.ts";
import { FormFailure } from "../../../shared/FormFailure.tsx";
import { useMailApprovalLink, useSendForApproval, type ApprovalRequest } from "../data.ts";
import { APPROVALS_NS } from "../i18n.ts";
import { useCopyLink } from "./useCopyLink.ts";
import "../approvals.css";

/** A Kuwait day (YYYY-MM-DD) written as the person reads dates (noon in Kuwait, so the day is never off by one). */
const kuwaitDay = (day: string, locale: "en" | "ar") => formatDate(`${day}T09:00:00Z`, locale);

export function SendForApprovalModal({
  request,
  onClose,
  onSent,
}: {
  /** what to send; null: the modal is closed */
  request: ApprovalRequest | null;
  onClose: () => void;
  /** the link is made (the posts moved to in review) */
  onSent?: () => unknown;
}) {
  const { t } = useTranslation(APPROVALS_NS);
  const locale = useLocale();
  const { send, sending } = useSendForApproval();
  const [language, setLanguage] = useState<ApprovalLinkLocale>(locale === "ar" ? "AR" : "EN");
  const [link, setLink] = useState<ApprovalLinkFieldsFragment | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const languageId = useId();

  const close = () => {
    setLink(null);
    setFailure(null);
    onClose();
  };
  const submit = async () => {
    if (!request) return;
    setFailure(null);
    try {
      const made = await send(request, language);
      if (made) setLink(made);
    } catch (e) {
      setFailure(errorMessage(e));
      return;
    }
    await onSent?.();
  };

  const what =
    request && "postIds" in request
      ? t("send.posts", { count: request.postIds.length, n: formatNumber(request.postIds.length, locale) })
      : request
        ? t("send.period", { from: kuwaitDay(request.from, locale), to: kuwaitDay(request.to, locale) })
        : "";

  return (
    <Modal
      open={!!request}
      title={link ? t("send.sentTitle") : t("send.title")}
      onCancel={close}
      destroyOnHidden
      footer={
        link ? (
          <Button type="primary" onClick={close}>
            {t("send.done")}
          </Button>
        ) : (
          <Space>
            <Button onClick={close}>{t("actions.cancel", { ns: "common" })}</Button>
            <Button type="primary" loading={sending} onClick={() => void submit()} data-testid="approval-send">
              {t("send.submit")}
            </Button>
          </Space>
        )
      }
      data-testid="approval-modal"
    >
      {link ? (
        <SentLink link={link} />
      ) : (
        <>
          <Typography.Paragraph data-testid="approval-what">{what}</Typography.Paragraph>
          <Typography.Text strong id={languageId}>
            {t("send.language")}
          </Typography.Text>
          <Radio.Group
            aria-labelledby={languageId}
            value={language}
            onChange={(e) => setLanguage(e.target.value as ApprovalLinkLocale)}
            className="sufra-approval-language"
            options={[
              { value: "AR", label: t("language.ar", { ns: "common" }) },
              { value: "EN", label: t("language.en", { ns: "common" }) },
            ]}
          />
          <FormFailure failure={failure} testId="approval-send-error" />
        </>
      )}
    </Modal>
  );
}

/** The link made: its count and date, Copy, WhatsApp, and e-mail to an owner. */
function SentLink({ link }: { link: ApprovalLinkFieldsFragment }) {
  const { t } = useTranslation(APPROVALS_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const { mail, mailing } = useMailApprovalLink();
  const [form] = Form.useForm<{ email: string }>();
  const [failure, setFailure] = useState<string | null>(null);
  const linkId = useId();

  const copyLink = useCopyLink();
  const copy = () => copyLink(link.url);
  const send = async ({ email }: { email: string }) => {
    setFailure(null);
    const address = email.trim().toLowerCase();
    try {
      await mail(link.id, address);
    } catch (e) {
      setFailure(errorMessage(e));
      return;
    }
    form.resetFields();
    void message.success(t("send.mailed", { email: address }));
  };

  return (
    <div className="sufra-approval-sent">
      <Typography.Paragraph data-testid="approval-count">
        {t("send.count", { count: link.postCount, n: formatNumber(link.postCount, locale) })}{" "}
        {t("send.expires", { date: formatDate(link.expiresAt, locale) })}
      </Typography.Paragraph>
      <label htmlFor={linkId} className="sufra-approval-label">
        {t("send.link")}
      </label>
      <Space.Compact className="sufra-approval-link">
        <Input id={linkId} readOnly value={link.url} dir="ltr" data-testid="approval-url" />
        <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()} data-testid="approval-copy">
          {t("send.copy")}
        </Button>
      </Space.Compact>
      <Button
        icon={<WhatsAppOutlined aria-hidden />}
        href={link.whatsappUrl}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="approval-whatsapp"
      >
        {t("send.whatsapp")}
      </Button>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={send} data-testid="approval-mail-form">
        <Form.Item name="email" label={t("send.emailLabel")} rules={[addressRule(locale)]}>
          <Input type="email" inputMode="email" dir="ltr" placeholder={t("send.emailPlaceholder")} />
        </Form.Item>
        <FormFailure failure={failure} testId="approval-mail-error" />
        <Button htmlType="submit" icon={<MailOutlined aria-hidden />} loading={mailing}>
          {t("send.email")}
        </Button>
      </Form>
    </div>
  );
}
