// Texts of the notifications (the bell): each notification's line is written here from its type and
// data, in the person's language.
import { registerTranslations } from "../../i18n/index.ts";

registerTranslations("notifications", {
  en: {
    title: "Notifications",
    bellUnread_one: "Notifications, {{number}} unread",
    bellUnread_other: "Notifications, {{number}} unread",
    empty: "No new notifications",
    loadFailed: "We could not load your notifications",
    markAll: "Mark all as read",
    unread: "Unread",
    types: {
      client_signed_up: "{{company}} signed up and is waiting for your approval",
      account_approved: "Your account for {{company}} is approved. Your free trial has started.",
      account_rejected: "Your sign-up for {{company}} was not approved: {{reason}}",
      account_rejected_noReason: "Your sign-up for {{company}} was not approved.",
      trial_ending: "Your free trial for {{company}} ends on {{date}}",
      unknown: "You have a new notification",
    },
  },
  ar: {
    title: "الإشعارات",
    bellUnread_zero: "الإشعارات، لا يوجد غير مقروء",
    bellUnread_one: "الإشعارات، إشعار واحد غير مقروء",
    bellUnread_two: "الإشعارات، إشعاران غير مقروءين",
    bellUnread_few: "الإشعارات، {{number}} إشعارات غير مقروءة",
    bellUnread_many: "الإشعارات، {{number}} إشعارًا غير مقروء",
    bellUnread_other: "الإشعارات، {{number}} إشعار غير مقروء",
    empty: "لا توجد إشعارات جديدة",
    loadFailed: "تعذر تحميل الإشعارات",
    markAll: "تعليم الكل كمقروء",
    unread: "غير مقروء",
    types: {
      client_signed_up: "طلب تسجيل جديد من {{company}} بانتظار موافقتك",
      account_approved: "تمت الموافقة على حساب {{company}}. بدأت فترتك التجريبية المجانية.",
      account_rejected: "لم تتم الموافقة على طلب تسجيل {{company}}: {{reason}}",
      account_rejected_noReason: "لم تتم الموافقة على طلب تسجيل {{company}}.",
      trial_ending: "تنتهي فترتك التجريبية المجانية لـ {{company}} في {{date}}",
      unknown: "لديك إشعار جديد",
    },
  },
});
