// The approval page (docs/product.md#agencies-and-approvals): what a signed link opens, for a café's owner on a
// phone, without an account. Server-rendered HTML with its styles inline and no script: it loads at once on a
// slow line (no app bundle), works with forms alone, and shows nothing beyond the posts the link names.
import { approvalKey, messageText, PLATFORM_LABELS, type ApprovalState, type Locale } from "@sufra/schema";
import type { ApprovalsService } from "./approvals.service.ts";

type Page = Awaited<ReturnType<ApprovalsService["page"]>>;

/** The page's words, in both languages. */
const T = {
  title: { en: "Posts waiting for your approval", ar: "منشورات بانتظار موافقتك" },
  intro: {
    en: "Each post below is shown as it will go out. Approve it, or say what should change.",
    ar: "كل منشور أدناه معروض كما سيُنشر. وافق عليه، أو اذكر التعديل المطلوب.",
  },
  approve: { en: "Approve", ar: "موافقة" },
  changes: { en: "Request changes", ar: "طلب تعديلات" },
  comment: { en: "What should change?", ar: "ما التعديل المطلوب؟" },
  send: { en: "Send", ar: "إرسال" },
  when: { en: "Goes out", ar: "موعد النشر" },
  noTime: { en: "No time chosen yet", ar: "لم يُحدَّد موعد بعد" },
  firstComment: { en: "First comment", ar: "التعليق الأول" },
  yourComment: { en: "Changes asked", ar: "التعديلات المطلوبة" },
  share: { en: "Share this link", ar: "مشاركة هذا الرابط" },
  whatsapp: { en: "Share on WhatsApp", ar: "مشاركة عبر واتساب" },
  copy: { en: "Copy the link", ar: "انسخ الرابط" },
  mail: { en: "Send by e-mail", ar: "إرسال بالبريد الإلكتروني" },
  mailAddress: { en: "E-mail address", ar: "البريد الإلكتروني" },
  mailed: { en: "The link was sent.", ar: "أُرسل الرابط." },
  expires: { en: "This link works until", ar: "هذا الرابط صالح حتى" },
  other: { en: "عربي", ar: "English" },
  done: { en: "Thank you: your answer was saved.", ar: "شكرًا: حُفظ ردك." },
  changed: {
    en: "This post changed after you opened the page: here is the new version.",
    ar: "تغيّر هذا المنشور بعد أن فتحت الصفحة: هذه هي النسخة الجديدة.",
  },
  needComment: { en: "Please say what should change.", ar: "يرجى توضيح التعديل المطلوب." },
  video: { en: "Video", ar: "فيديو" },
  photo: { en: "Photo of the post", ar: "صورة المنشور" },
  none: { en: "No posts are waiting.", ar: "لا توجد منشورات بانتظار الرد." },
  invalid: {
    en: "This link is invalid, has expired or was revoked. Ask for a new one.",
    ar: "هذا الرابط غير صالح أو انتهت صلاحيته أو أُلغي. اطلب رابطًا جديدًا.",
  },
} as const satisfies Record<string, Record<Locale, string>>;

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Tahoma,sans-serif;color:#1f2328;background:#f6f7f9}
main{max-width:480px;margin:0 auto;padding:16px}h1{font-size:1.35rem;margin:.2em 0}.muted{color:#57606a;font-size:.9rem}
.card{background:#fff;border:1px solid #d0d7de;border-radius:12px;margin:16px 0;padding:14px}
.nets{display:flex;flex-wrap:wrap;gap:6px;margin-bottom:8px}.net{background:#eef1f4;border-radius:999px;padding:2px 10px;font-size:.85rem}
.state{display:inline-block;border-radius:6px;padding:2px 8px;font-size:.85rem;font-weight:600}
.s-in_review{background:#fff4d6;color:#6a4a00}.s-approved{background:#dcf5e3;color:#0f5b2a}.s-changes_requested{background:#ffe3e3;color:#8a1c1c}.s-none{background:#eef1f4;color:#3d444d}
.media{display:flex;gap:6px;overflow-x:auto;margin:8px 0}.media img{width:160px;height:160px;object-fit:cover;border-radius:8px;background:#eef1f4}
.text{white-space:pre-wrap;overflow-wrap:anywhere}.tags{color:#0b5cad}
.row{display:flex;gap:8px;margin-top:12px;flex-wrap:wrap}button,.btn{font:inherit;border-radius:8px;border:1px solid #0b5cad;padding:10px 16px;min-height:44px;cursor:pointer;text-decoration:none;display:inline-block}
.ok{background:#0b5cad;color:#fff}.alt{background:#fff;color:#0b5cad}textarea,input{font:inherit;width:100%;border:1px solid #8c959f;border-radius:8px;padding:8px;margin:6px 0}
label{font-weight:600}details{margin-top:10px}summary{cursor:pointer;color:#0b5cad;min-height:44px;display:flex;align-items:center}
.note{background:#dcf5e3;border-radius:8px;padding:8px 12px}.warn{background:#ffe3e3;border-radius:8px;padding:8px 12px}
a{color:#0b5cad}:focus-visible{outline:3px solid #0b5cad;outline-offset:2px}`;

/** The frame of every answer: the language's direction, the viewport of a phone, the styles inline. */
function frame(locale: Locale, title: string, body: string) {
  return `<!doctype html><html lang="${locale}" dir="${locale === "ar" ? "rtl" : "ltr"}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex,nofollow">
<meta name="referrer" content="no-referrer"><title>${esc(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

/** The page of a link that opens nothing (forged, unknown, revoked, expired). */
export const invalidPage = (locale: Locale) => frame(locale, T.invalid[locale], `<h1>${T.invalid[locale]}</h1>`);

export type Notice = "done" | "changed" | "needComment" | "mailed" | null;

/** The page of a link in force: each post as it will go out, its state, and the owner's two answers. */
export function approvalPage(p: Page, locale: Locale, self: string, notice: Notice, noticePost: string | null) {
  const t = (k: keyof typeof T) => T[k][locale];
  const dateTime = new Intl.DateTimeFormat(locale === "ar" ? "ar-KW" : "en-GB", {
    timeZone: "Asia/Kuwait",
    weekday: "long",
    day: "numeric",
    month: "long",
    hour: "numeric",
    minute: "2-digit",
  });
  const day = new Intl.DateTimeFormat(locale === "ar" ? "ar-KW" : "en-GB", {
    timeZone: "Asia/Kuwait",
    day: "numeric",
    month: "long",
    year: "numeric",
  });
  const name = locale === "ar" && p.companyNameAr ? p.companyNameAr : p.companyName;
  const other: Locale = locale === "ar" ? "en" : "ar";
  const shareText = encodeURIComponent(
    locale === "ar" ? `${name}: منشورات بانتظار موافقتك ${p.url}` : `${name}: posts waiting for your approval ${p.url}`,
  );
  const posts = p.posts.map((post, i) => {
    const noticeHere = noticePost === post.id && notice ? notice : null;
    const media = post.media
      .map((m, j) =>
        m.kind === "video"
          ? `<span class="net">${t("video")}</span>`
          : `<img src="${esc(m.thumbnailUrl ?? m.url)}" alt="${t("photo")} ${i + 1}.${j + 1}" loading="${i < 2 ? "eager" : "lazy"}" width="160" height="160">`,
      )
      .join("");
    const state = post.approval as ApprovalState;
    const action = `${self}/posts/${post.id}?lang=${locale}`;
    // a post the agency lead has not passed yet is shown, not answered (the first step is the agency's)
    const answer =
      (post.status === "draft" || post.status === "scheduled") && state !== "lead_review"
        ? `<form method="post" action="${action}" class="row"><input type="hidden" name="revision" value="${post.revision}">
<button class="ok" name="decision" value="approve">${t("approve")}</button></form>
<details${noticeHere === "needComment" ? " open" : ""}><summary>${t("changes")}</summary>
<form method="post" action="${action}"><input type="hidden" name="revision" value="${post.revision}"><input type="hidden" name="decision" value="changes">
<label for="c-${post.id}">${t("comment")}</label><textarea id="c-${post.id}" name="comment" rows="3" maxlength="1000" required></textarea>
<button class="alt">${t("send")}</button></form></details>`
        : "";
    return `<section class="card" id="p-${post.id}" aria-labelledby="h-${post.id}">
${noticeHere ? `<p class="${noticeHere === "done" ? "note" : "warn"}" role="status">${t(noticeHere === "mailed" ? "mailed" : noticeHere)}</p>` : ""}
<h2 id="h-${post.id}" style="font-size:1rem;margin:0 0 6px">${t("when")}: ${post.scheduledFor ? esc(dateTime.format(post.scheduledFor)) : t("noTime")}</h2>
<div class="nets">${post.platforms.map((n) => `<span class="net">${esc(PLATFORM_LABELS[n.platform as keyof typeof PLATFORM_LABELS]?.[locale] ?? n.platform)} @${esc(n.handle)}</span>`).join("")}</div>
<span class="state s-${state}">${esc(messageText(approvalKey(state), locale))}</span>
${media ? `<div class="media">${media}</div>` : ""}
<p class="text" dir="auto">${esc(post.content)}${post.hashtags.length ? `<br><span class="tags" dir="auto">${esc(post.hashtags.map((h) => `#${h}`).join(" "))}</span>` : ""}</p>
${post.firstComment ? `<p class="muted" dir="auto">${t("firstComment")}: ${esc(post.firstComment)}</p>` : ""}
${post.lastComment && state === "changes_requested" ? `<p class="muted" dir="auto">${t("yourComment")}: ${esc(post.lastComment)}</p>` : ""}
${answer}</section>`;
  });
  const body = `<p class="muted"><a href="${self}?lang=${other}" lang="${other}">${t("other")}</a></p>
<h1>${esc(name)}</h1><p>${t("title")}. ${t("intro")}</p>
${posts.length ? posts.join("") : `<p>${t("none")}</p>`}
<section class="card" aria-labelledby="share"><h2 id="share" style="font-size:1rem;margin:0">${t("share")}</h2>
${notice === "mailed" && !noticePost ? `<p class="note" role="status">${t("mailed")}</p>` : ""}
<div class="row"><a class="btn ok" href="https://wa.me/?text=${shareText}" rel="noopener noreferrer">${t("whatsapp")}</a></div>
<label for="link">${t("copy")}</label><input id="link" readonly value="${esc(p.url)}">
<form method="post" action="${self}/mail?lang=${locale}"><label for="mail">${t("mail")}</label>
<input id="mail" name="email" type="email" autocomplete="email" required><button class="alt">${t("send")}</button></form>
<p class="muted">${t("expires")} ${esc(day.format(p.expiresAt))}</p></section>`;
  return frame(locale, `${name}: ${t("title")}`, body);
}
