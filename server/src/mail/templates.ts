// Mails go out in both languages, the person's own first: a Kuwaiti inbox reads either.
import { formatFils, isolateText, PLANS, type Locale, type PlanId } from "@sufra/schema";

type Text = { subject: string; lines: string[]; action?: { label: string; url: string } };
type Both = Record<Locale, Text>;

const KUWAIT = "Asia/Kuwait";
const day = (d: Date, locale: Locale) =>
  new Intl.DateTimeFormat(locale === "ar" ? "ar-KW" : "en-GB", { dateStyle: "long", timeZone: KUWAIT }).format(d);

const TEMPLATES = {
  verifyEmail: (v: { name: string; url: string }): Both => ({
    en: {
      subject: "Confirm your e-mail for Sufra",
      lines: [
        `Hello ${v.name},`,
        "Thank you for signing up to Sufra. Please confirm your e-mail address. The link works for 48 hours.",
      ],
      action: { label: "Confirm e-mail", url: v.url },
    },
    ar: {
      subject: "تأكيد بريدك الإلكتروني في سفرة",
      lines: [`مرحبًا ${v.name}،`, "شكرًا لتسجيلك في سفرة. يرجى تأكيد بريدك الإلكتروني. الرابط صالح لمدة ٤٨ ساعة."],
      action: { label: "تأكيد البريد الإلكتروني", url: v.url },
    },
  }),
  resetPassword: (v: { name: string; url: string }): Both => ({
    en: {
      subject: "Reset your Sufra password",
      lines: [
        `Hello ${v.name},`,
        "Someone asked to reset the password of your Sufra account. If it was you, choose a new password within the hour. If not, ignore this mail.",
      ],
      action: { label: "Choose a new password", url: v.url },
    },
    ar: {
      subject: "إعادة تعيين كلمة مرور سفرة",
      lines: [
        `مرحبًا ${v.name}،`,
        "طلب أحدهم إعادة تعيين كلمة مرور حسابك في سفرة. إن كنت أنت، فاختر كلمة مرور جديدة خلال ساعة. وإلا فتجاهل هذه الرسالة.",
      ],
      action: { label: "اختيار كلمة مرور جديدة", url: v.url },
    },
  }),
  passwordChanged: (v: { name: string }): Both => ({
    en: {
      subject: "Your Sufra password was changed",
      lines: [
        `Hello ${v.name},`,
        "The password of your Sufra account was just changed, and other devices were signed out. If this was not you, reset your password at once.",
      ],
    },
    ar: {
      subject: "تم تغيير كلمة مرور سفرة",
      lines: [
        `مرحبًا ${v.name}،`,
        "تم للتو تغيير كلمة مرور حسابك في سفرة وتسجيل الخروج من الأجهزة الأخرى. إن لم تكن أنت، فأعد تعيين كلمة المرور فورًا.",
      ],
    },
  }),
  approved: (v: { name: string; plan: PlanId; trialEndsAt: Date; url: string }): Both => ({
    en: {
      subject: "Welcome to Sufra: your account is approved",
      lines: [
        `Hello ${v.name},`,
        `Your Sufra account is approved. Your free trial of the ${PLANS[v.plan].name.en} plan runs until ${day(v.trialEndsAt, "en")}.`,
      ],
      action: { label: "Sign in", url: v.url },
    },
    ar: {
      subject: "أهلًا بك في سفرة: تمت الموافقة على حسابك",
      lines: [
        `مرحبًا ${v.name}،`,
        `تمت الموافقة على حسابك في سفرة. تستمر تجربتك المجانية للباقة ${PLANS[v.plan].name.ar} حتى ${day(v.trialEndsAt, "ar")}.`,
      ],
      action: { label: "تسجيل الدخول", url: v.url },
    },
  }),
  rejected: (v: { name: string; reason: string }): Both => ({
    en: {
      subject: "Your Sufra application",
      lines: [
        `Hello ${v.name},`,
        "Thank you for your interest in Sufra. We could not approve your account at this time.",
        `Reason: ${v.reason}`,
        "Reply to this mail if you would like us to look again.",
      ],
    },
    ar: {
      subject: "طلبك في سفرة",
      lines: [
        `مرحبًا ${v.name}،`,
        "شكرًا لاهتمامك بسفرة. لم نتمكن من الموافقة على حسابك في الوقت الحالي.",
        `السبب: ${v.reason}`,
        "يمكنك الرد على هذه الرسالة إن أردت أن نعيد النظر.",
      ],
    },
  }),
  trialGifted: (v: { name: string; days: number; trialEndsAt: Date }): Both => ({
    en: {
      subject: `${v.days} more trial days on Sufra`,
      lines: [
        `Hello ${v.name},`,
        `We have added ${v.days} days to your Sufra trial. It now runs until ${day(v.trialEndsAt, "en")}.`,
      ],
    },
    ar: {
      subject: `${v.days} يومًا إضافيًا لتجربتك في سفرة`,
      lines: [
        `مرحبًا ${v.name}،`,
        `أضفنا ${v.days} يومًا إلى تجربتك في سفرة. تستمر الآن حتى ${day(v.trialEndsAt, "ar")}.`,
      ],
    },
  }),
  suspended: (v: { name: string }): Both => ({
    en: {
      subject: "Your Sufra account is suspended",
      lines: [
        `Hello ${v.name},`,
        "Your Sufra account has been suspended. Scheduled posts will not be published. Reply to this mail to talk to us.",
      ],
    },
    ar: {
      subject: "تم إيقاف حسابك في سفرة",
      lines: [
        `مرحبًا ${v.name}،`,
        "تم إيقاف حسابك في سفرة ولن تُنشر المنشورات المجدولة. يمكنك الرد على هذه الرسالة للتواصل معنا.",
      ],
    },
  }),
  reactivated: (v: { name: string; url: string }): Both => ({
    en: {
      subject: "Your Sufra account is active again",
      lines: [`Hello ${v.name},`, "Your Sufra account is active again. Welcome back."],
      action: { label: "Sign in", url: v.url },
    },
    ar: {
      subject: "أُعيد تفعيل حسابك في سفرة",
      lines: [`مرحبًا ${v.name}،`, "أُعيد تفعيل حسابك في سفرة. أهلًا بعودتك."],
      action: { label: "تسجيل الدخول", url: v.url },
    },
  }),
  invitation: (v: {
    inviterName: string;
    businessName: string;
    role: "owner" | "client";
    expiresAt: Date;
    url: string;
    /** the address has a Sufra account: it joins with it (docs/architecture.md#memberships) */
    hasAccount?: boolean;
  }): Both => ({
    en: {
      subject: `${v.inviterName} invited you to ${v.businessName} on Sufra`,
      lines: [
        "Hello,",
        `${v.inviterName} invited you to join ${v.businessName} on Sufra as ${v.role === "owner" ? "an owner" : "a team member"}. Sufra is where the team writes, schedules and publishes its social media posts.`,
        `${v.hasAccount ? "Accept with the password of your Sufra account: the business is added to yours." : "Choose your name and password to accept."} The invitation works until ${day(v.expiresAt, "en")}. If you did not expect it, ignore this mail.`,
      ],
      action: { label: "Accept the invitation", url: v.url },
    },
    ar: {
      subject: `دعاك ${v.inviterName} للانضمام إلى ${v.businessName} في سفرة`,
      lines: [
        "مرحبًا،",
        `دعاك ${v.inviterName} للانضمام إلى ${v.businessName} في سفرة ${v.role === "owner" ? "بصفة مالك" : "بصفة عضو في الفريق"}. في سفرة يكتب الفريق منشوراته على وسائل التواصل ويجدولها وينشرها.`,
        `${v.hasAccount ? "اقبل الدعوة بكلمة مرور حسابك في سفرة، فيُضاف النشاط التجاري إلى حسابك." : "اختر اسمك وكلمة مرورك لقبول الدعوة."} الدعوة صالحة حتى ${day(v.expiresAt, "ar")}. إن لم تكن تتوقعها، فتجاهل هذه الرسالة.`,
      ],
      action: { label: "قبول الدعوة", url: v.url },
    },
  }),
  // an approval link mailed to a café's owner (docs/product.md#agencies-and-approvals)
  approvalRequest: (v: {
    senderName: string;
    businessName: string;
    count: number;
    expiresAt: Date;
    url: string;
  }): Both => ({
    en: {
      subject: `${v.businessName}: ${v.count === 1 ? "a post waits" : `${v.count} posts wait`} for your approval`,
      lines: [
        "Hello,",
        `${v.senderName} sent ${v.count === 1 ? "a post" : `${v.count} posts`} of ${v.businessName} for your approval. Open the link on your phone: approve each post, or say what should change. No account is needed.`,
        `The link works until ${day(v.expiresAt, "en")}. If you did not expect it, ignore this mail.`,
      ],
      action: { label: "Review the posts", url: v.url },
    },
    ar: {
      subject: `${v.businessName}: ${v.count === 1 ? "منشور بانتظار موافقتك" : `${v.count} منشورات بانتظار موافقتك`}`,
      lines: [
        "مرحبًا،",
        `أرسل ${v.senderName} ${v.count === 1 ? "منشورًا" : `${v.count} منشورات`} من ${v.businessName} لموافقتك. افتح الرابط على هاتفك: وافق على كل منشور، أو اذكر التعديل المطلوب. لا حاجة إلى حساب.`,
        `الرابط صالح حتى ${day(v.expiresAt, "ar")}. إن لم تكن تتوقع هذه الرسالة، فتجاهلها.`,
      ],
      action: { label: "مراجعة المنشورات", url: v.url },
    },
  }),
  // an invoice or a credit note, its PDF attached by the outbox (mailer.ts); docs/product.md#subscriptions-and-billing
  invoiceIssued: (v: {
    name: string;
    kind: "invoice" | "credit_note";
    number: string;
    totalFils: number;
    issuedAt: Date;
  }): Both =>
    v.kind === "invoice"
      ? {
          en: {
            subject: `Your Sufra invoice ${v.number}`,
            lines: [
              `Hello ${v.name},`,
              `Thank you for your payment. Your invoice ${v.number} of ${day(v.issuedAt, "en")} for ${formatFils(v.totalFils, { currency: "en" })} is attached as a PDF.`,
              "You can download your invoices at any time from the Billing page in Sufra.",
            ],
          },
          ar: {
            subject: `فاتورتك من سفرة ${v.number}`,
            lines: [
              `مرحبًا ${v.name}،`,
              `شكرًا لدفعتك. مرفقة بهذه الرسالة فاتورتك رقم ${v.number} بتاريخ ${day(v.issuedAt, "ar")} بمبلغ ${formatFils(v.totalFils, { digits: "arabic", currency: "ar" })} بصيغة PDF.`,
              "يمكنك تنزيل فواتيرك في أي وقت من صفحة الفوترة في سفرة.",
            ],
          },
        }
      : {
          en: {
            subject: `Your Sufra credit note ${v.number}`,
            lines: [
              `Hello ${v.name},`,
              `We have refunded ${formatFils(v.totalFils, { currency: "en" })}. Your credit note ${v.number} of ${day(v.issuedAt, "en")} is attached as a PDF.`,
              "You can download your invoices and credit notes at any time from the Billing page in Sufra.",
            ],
          },
          ar: {
            subject: `إشعار دائن من سفرة ${v.number}`,
            lines: [
              `مرحبًا ${v.name}،`,
              `أعدنا إليك ${formatFils(v.totalFils, { digits: "arabic", currency: "ar" })}. مرفق بهذه الرسالة الإشعار الدائن رقم ${v.number} بتاريخ ${day(v.issuedAt, "ar")} بصيغة PDF.`,
              "يمكنك تنزيل فواتيرك وإشعاراتك الدائنة في أي وقت من صفحة الفوترة في سفرة.",
            ],
          },
        },
  // billing's notices (docs/product.md#subscriptions-and-billing): the reminders of the lifecycle, a payment's outcome, a plan's change
  billingNotice: (v: BillingNoticeVars): Both => billingNoticeText(v),
} satisfies Record<string, (v: never) => Both>;

/** What a billing notice's mail says, by its type; money in fils, dates as instants (written as Kuwait days). */
export interface BillingNoticeVars {
  type:
    | "trial_ending"
    | "trial_ended"
    | "payment_due"
    | "payment_overdue"
    | "subscription_expired"
    | "payment_received"
    | "payment_failed"
    | "plan_changed"
    | "team_read_only";
  name: string;
  companyName: string;
  plan?: PlanId | null;
  previousPlan?: PlanId | null;
  amountFils?: number | null;
  /** trial_ending, trial_ended: the trial's end; payment_due, payment_received: the month's end; payment_overdue: the grace's end */
  date?: Date | null;
  /** subscription_expired: expired or cancelled */
  status?: string | null;
  /** payment_failed: the gateway's words */
  reason?: string | null;
  /** the billing page */
  url: string;
  /** no payment gateway is configured: months are paid by bank transfer (the billing page gives the details) */
  byTransfer?: boolean;
}

function billingNoticeText(v: BillingNoticeVars): Both {
  const money = {
    en: v.amountFils != null ? formatFils(v.amountFils, { currency: "en" }) : "",
    ar: v.amountFils != null ? formatFils(v.amountFils, { digits: "arabic", currency: "ar" }) : "",
  };
  const when = { en: v.date ? day(v.date, "en") : "", ar: v.date ? day(v.date, "ar") : "" };
  const plan = { en: v.plan ? PLANS[v.plan].name.en : "", ar: v.plan ? PLANS[v.plan].name.ar : "" };
  const before = {
    en: v.previousPlan ? PLANS[v.previousPlan].name.en : "",
    ar: v.previousPlan ? PLANS[v.previousPlan].name.ar : "",
  };
  const pay = { en: { label: "Open Billing", url: v.url }, ar: { label: "فتح صفحة الفوترة", url: v.url } };
  const hi = { en: `Hello ${v.name},`, ar: `مرحبًا ${v.name}،` };
  const kept = {
    en: "Your posts, figures and files are kept, and you can still sign in, read and export.",
    ar: "منشوراتك وأرقامك وملفاتك محفوظة، ويمكنك تسجيل الدخول والاطلاع والتصدير.",
  };
  const both = (en: [string, string[]], ar: [string, string[]], action = true): Both => ({
    en: { subject: en[0], lines: [hi.en, ...en[1]], ...(action && v.url ? { action: pay.en } : {}) },
    ar: { subject: ar[0], lines: [hi.ar, ...ar[1]], ...(action && v.url ? { action: pay.ar } : {}) },
  });
  switch (v.type) {
    case "trial_ending":
      return both(
        [
          `Your Sufra trial ends on ${when.en}`,
          [
            `The free trial of ${v.companyName} ends on ${when.en}. Pay for your first month on the Billing page to keep publishing, scheduling and writing with AI without a break; no trial day is lost.`,
          ],
        ],
        [
          `تنتهي تجربتك في سفرة في ${when.ar}`,
          [
            `تنتهي التجربة المجانية لـ ${v.companyName} في ${when.ar}. ادفع شهرك الأول من صفحة الفوترة لتواصل النشر والجدولة والكتابة بالذكاء الاصطناعي دون انقطاع، ولن تخسر أي يوم من التجربة.`,
          ],
        ],
      );
    case "trial_ended":
      return both(
        [
          "Your Sufra trial has ended",
          [
            `The free trial of ${v.companyName} ended on ${when.en}. Publishing, scheduling and AI writing are paused and scheduled posts are held until you pay.`,
            kept.en,
          ],
        ],
        [
          "انتهت تجربتك في سفرة",
          [
            `انتهت التجربة المجانية لـ ${v.companyName} في ${when.ar}. توقف النشر والجدولة والكتابة بالذكاء الاصطناعي، والمنشورات المجدولة محجوزة حتى تدفع.`,
            kept.ar,
          ],
        ],
      );
    case "payment_due":
      return both(
        [
          `Your Sufra payment of ${money.en} is due on ${when.en}`,
          [
            `The paid month of ${v.companyName} ends on ${when.en}. The next month of the ${plan.en} plan, ${money.en}, is due then. ${v.byTransfer ? "Pay it by bank transfer, as the Billing page shows." : "Pay it on the Billing page with KNET, a card or Apple Pay."}`,
          ],
        ],
        [
          `دفعتك في سفرة بمبلغ ${money.ar} مستحقة في ${when.ar}`,
          [
            `ينتهي الشهر المدفوع لـ ${v.companyName} في ${when.ar}، ويستحق حينها الشهر التالي من الباقة ${plan.ar} بمبلغ ${money.ar}. ${v.byTransfer ? "ادفعه بتحويل بنكي كما تبيّن صفحة الفوترة." : "ادفعه من صفحة الفوترة عبر كي نت أو البطاقة أو Apple Pay."}`,
          ],
        ],
      );
    case "payment_overdue":
      return both(
        [
          `Your Sufra payment of ${money.en} is overdue`,
          [
            `The payment for ${v.companyName} (${plan.en}, ${money.en}) is overdue. Everything keeps working until ${when.en}; if it is still unpaid then, the subscription expires and publishing stops.`,
          ],
        ],
        [
          `دفعتك في سفرة بمبلغ ${money.ar} متأخرة`,
          [
            `دفعة ${v.companyName} (الباقة ${plan.ar}، ${money.ar}) متأخرة. يبقى كل شيء يعمل حتى ${when.ar}؛ وإن لم تُدفع حتى ذلك الحين ينتهي الاشتراك ويتوقف النشر.`,
          ],
        ],
      );
    case "subscription_expired":
      return v.status === "cancelled"
        ? both(
            [
              "Your Sufra subscription has ended",
              [
                `The subscription of ${v.companyName} was cancelled and its last paid month is over. Publishing, scheduling and AI writing have stopped and scheduled posts are held; pay again at any time to pick up where you left off.`,
                kept.en,
              ],
            ],
            [
              "انتهى اشتراكك في سفرة",
              [
                `أُلغي اشتراك ${v.companyName} وانتهى آخر شهر مدفوع. توقف النشر والجدولة والكتابة بالذكاء الاصطناعي والمنشورات المجدولة محجوزة؛ ادفع في أي وقت لتستأنف من حيث توقفت.`,
                kept.ar,
              ],
            ],
          )
        : both(
            [
              "Your Sufra subscription has expired",
              [
                `The subscription of ${v.companyName} expired unpaid. Publishing, scheduling and AI writing have stopped and scheduled posts are held until you pay.`,
                kept.en,
              ],
            ],
            [
              "انتهى اشتراكك في سفرة",
              [
                `انتهى اشتراك ${v.companyName} دون دفع. توقف النشر والجدولة والكتابة بالذكاء الاصطناعي، والمنشورات المجدولة محجوزة حتى تدفع.`,
                kept.ar,
              ],
            ],
          );
    case "payment_received":
      return both(
        [
          `Payment received: ${money.en}`,
          [
            `Thank you: we received ${money.en} for ${v.companyName} (${plan.en}).${v.date ? ` Your subscription is paid until ${when.en}.` : ""} The invoice follows in its own mail.`,
          ],
        ],
        [
          `تم استلام دفعتك: ${money.ar}`,
          [
            `شكرًا لك: استلمنا ${money.ar} لـ ${v.companyName} (الباقة ${plan.ar}).${v.date ? ` اشتراكك مدفوع حتى ${when.ar}.` : ""} تصلك الفاتورة في رسالة مستقلة.`,
          ],
        ],
        false,
      );
    case "payment_failed":
      return both(
        [
          `Your Sufra payment of ${money.en} did not go through`,
          [
            `The payment of ${money.en} for ${v.companyName} failed${v.reason ? `: ${v.reason}` : "."} Nothing was charged. You can try again on the Billing page.`,
          ],
        ],
        [
          `لم تتم دفعتك في سفرة بمبلغ ${money.ar}`,
          [
            `فشلت دفعة ${money.ar} لـ ${v.companyName}${v.reason ? `: ${v.reason}` : "."} لم يُخصم أي مبلغ. يمكنك المحاولة مجددًا من صفحة الفوترة.`,
          ],
        ],
      );
    case "plan_changed":
      return both(
        [
          `Your Sufra plan is now ${plan.en}`,
          [
            `The plan of ${v.companyName} changed from ${before.en} to ${plan.en}.${v.previousPlan === "premium" ? " Team members other than the owners and the account holder can now only read, and API keys and webhooks are paused; they work again on Premium." : ""}`,
          ],
        ],
        [
          `باقتك في سفرة الآن ${plan.ar}`,
          [
            `تغيرت باقة ${v.companyName} من ${before.ar} إلى ${plan.ar}.${v.previousPlan === "premium" ? " أصبح أعضاء الفريق غير الملاك وصاحب الحساب يطّلعون فقط، وتوقفت مفاتيح API والويب هوك؛ وتعود للعمل مع الباقة المميزة." : ""}`,
          ],
        ],
      );
    case "team_read_only":
      return both(
        [
          `You can now only read ${v.companyName} on Sufra`,
          [
            `${v.companyName} moved to the ${plan.en} plan, which has no team. You can still sign in and read its posts and figures, but not change them. The owners can move back to Premium at any time.`,
          ],
        ],
        [
          `أصبح بإمكانك الاطلاع فقط على ${v.companyName} في سفرة`,
          [
            `انتقل ${v.companyName} إلى الباقة ${plan.ar} التي لا تشمل الفريق. لا يزال بإمكانك تسجيل الدخول والاطلاع على منشوراته وأرقامه، دون تعديلها. يمكن للملاك العودة إلى الباقة المميزة في أي وقت.`,
          ],
        ],
        false,
      );
  }
}

export type TemplateName = keyof typeof TEMPLATES;
export type TemplateVars<T extends TemplateName> = Parameters<(typeof TEMPLATES)[T]>[0];

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The variables that carry a person's words (a name, a business's name, an admin's or a gateway's
 * reason): each goes into the subject and the lines isolated (isolateText), so that it keeps its own
 * direction, cannot turn the words after it around and brings no line break into the subject.
 */
const PERSON_TEXT = new Set(["name", "inviterName", "senderName", "businessName", "companyName", "reason"]);

function isolated<V>(vars: V): V {
  const out = { ...vars } as Record<string, unknown>;
  for (const [k, v] of Object.entries(out)) if (PERSON_TEXT.has(k) && typeof v === "string") out[k] = isolateText(v);
  return out as V;
}

export function renderMail<T extends TemplateName>(template: T, vars: TemplateVars<T>, locale: Locale) {
  const both = (TEMPLATES[template] as (v: TemplateVars<T>) => Both)(isolated(vars));
  const order: Locale[] = locale === "ar" ? ["ar", "en"] : ["en", "ar"];
  const first = both[order[0]];
  const subject = `${first.subject} | ${both[order[1]].subject}`;
  const text = order
    .map((l) =>
      [...both[l].lines, ...(both[l].action ? [`${both[l].action!.label}: ${both[l].action!.url}`] : [])].join("\n\n"),
    )
    .join("\n\n———\n\n");
  const html = order
    .map((l) => {
      const t = both[l];
      const button = t.action
        ? `<p><a href="${escape(t.action.url)}" style="background:#C8691C;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escape(t.action.label)}</a></p>`
        : "";
      return `<div dir="${l === "ar" ? "rtl" : "ltr"}" lang="${l}" style="font-family:Inter,'IBM Plex Sans Arabic',sans-serif;color:#2B211A">${t.lines.map((x) => `<p>${escape(x)}</p>`).join("")}${button}</div>`;
    })
    .join('<hr style="border:none;border-top:1px solid #eee">');
  return { subject, text, html };
}
