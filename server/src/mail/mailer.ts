// The outbox. A mail is written in the transaction of the change that causes it, delivered after
// commit, and retried by a job when SMTP fails; without SMTP_URL it stays in the table and is logged.
// A mail about an invoice names it (OutboundMail.invoiceId): its PDF is rendered and attached when the
// mail is sent, by the `attachmentFor` the composition root hands in (app.ts), so the outbox never
// imports a module and the PDF is never stored twice.
import type { Transporter } from "nodemailer";
import type { Locale } from "@sufra/schema";
import type { Db, Tx } from "../db/prisma.ts";
import type { Logger } from "../kernel/logger.ts";
import { renderMail, type TemplateName, type TemplateVars } from "./templates.ts";

const MAX_MAIL_ATTEMPTS = 5;

/** A file to attach to a mail that names an invoice: its name and bytes (a PDF). */
export interface MailAttachment {
  filename: string;
  content: Buffer;
}

export function createMailer(opts: {
  db: Db;
  smtpUrl?: string;
  from: string;
  logger: Logger;
  attachmentFor?: (invoiceId: string) => Promise<MailAttachment>;
}) {
  const smtpUrl = opts.smtpUrl;
  // nodemailer is loaded with the first mail sent, not at start (docs/scaling.md#memory)
  let transport: Promise<Transporter> | undefined;
  const smtp = (url: string) =>
    (transport ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(url)));

  async function send(id: string) {
    if (!smtpUrl) return;
    // claim the row so that two processes never send the same mail
    const claimed = await opts.db.outboundMail.updateMany({
      where: { id, status: { in: ["queued", "failed"] }, attempts: { lt: MAX_MAIL_ATTEMPTS } },
      data: { status: "sending", attempts: { increment: 1 } },
    });
    if (claimed.count !== 1) return;
    const mail = await opts.db.outboundMail.findUniqueOrThrow({ where: { id } });
    try {
      const attachments = [];
      if (mail.invoiceId) {
        // without its PDF the mail is not sent: it fails and the retry job tries again
        if (!opts.attachmentFor) throw new Error("this mail names an invoice, and no attachmentFor renders its PDF");
        const file = await opts.attachmentFor(mail.invoiceId);
        attachments.push({ filename: file.filename, content: file.content, contentType: "application/pdf" });
      }
      const transporter = await smtp(smtpUrl);
      await transporter.sendMail({
        from: opts.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments,
      });
      await opts.db.outboundMail.update({
        where: { id },
        data: { status: "sent", sentAt: new Date(), lastError: null },
      });
    } catch (e) {
      opts.logger.warn("mail delivery failed; the retry job sends it again", {
        id,
        to: mail.to,
        error: (e as Error).message,
      });
      await opts.db.outboundMail.update({
        where: { id },
        data: { status: "failed", lastError: (e as Error).message.slice(0, 1000) },
      });
    }
  }

  return {
    /** Writes a mail to the outbox inside `tx`; deliver its id after commit. `invoiceId`: the invoice whose PDF goes with it. */
    async queue<T extends TemplateName>(
      tx: Tx,
      to: string,
      template: T,
      vars: TemplateVars<T>,
      locale: Locale,
      extra: { invoiceId?: string } = {},
    ): Promise<string> {
      const { subject, text, html } = renderMail(template, vars, locale);
      const row = await tx.outboundMail.create({
        data: { to, subject, text, html, template, invoiceId: extra.invoiceId ?? null },
      });
      if (!smtpUrl) opts.logger.info(`mail kept in the outbox (no SMTP_URL): to=${to} subject="${subject}"\n${text}`);
      return row.id;
    },
    /** Sends the given outbox rows; failures stay in the outbox for the retry job. */
    async deliver(ids: string[]) {
      for (const id of ids) await send(id);
    },
    /** The retry job: sends what is queued or failed, and what a crashed process left half-sent. */
    async deliverPending(limit = 50) {
      if (!smtpUrl) return 0;
      await opts.db.outboundMail.updateMany({
        where: { status: "sending", createdAt: { lt: new Date(Date.now() - 5 * 60_000) } },
        data: { status: "failed" },
      });
      const rows = await opts.db.outboundMail.findMany({
        where: { status: { in: ["queued", "failed"] }, attempts: { lt: MAX_MAIL_ATTEMPTS } },
        orderBy: { createdAt: "asc" },
        take: limit,
        select: { id: true },
      });
      for (const r of rows) await send(r.id);
      return rows.length;
    },
    close: () => void transport?.then((t) => t.close()),
  };
}
export type Mailer = ReturnType<typeof createMailer>;
