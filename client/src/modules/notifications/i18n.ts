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
      post_failed: "Your post “{{excerpt}}” was not published on {{platform}}. {{reason}}",
      post_failed_noReason:
        "Your post “{{excerpt}}” was not published on {{platform}}. Open it to see why and try again.",
      post_unconfirmed:
        "{{platform}} did not confirm your post “{{excerpt}}”. Check whether it is live, then confirm or retry.",
      snapchat_ready: "Time to post “{{excerpt}}” on {{platform}}. Post it in the app, then mark it as done.",
      tiktok_ready:
        "“{{excerpt}}” is waiting in your {{platform}} inbox. Open TikTok to finish and post it, then mark it as done.",
      account_reconnect_needed: "Reconnect {{platform}} (@{{handle}}) in Settings. Posts to it wait until then.",
      account_reconnect_needed_noHandle: "Reconnect {{platform}} in Settings. Posts to it wait until then.",
      competitor_discovery_expiring:
        "Your Facebook sign-in for competitors' figures (@{{handle}}) expires on {{date}}. Sign in again on the Competitors page to keep reading them from Instagram.",
      webhook_disabled:
        "A webhook endpoint was turned off: every delivery to it failed for 3 days. Check your receiver, then turn the endpoint on again.",
      review_negative_rated_one:
        "{{author}} left a {{count}}-star review on {{where}}: “{{excerpt}}”. Answer it in the inbox.",
      review_negative_rated_other:
        "{{author}} left a {{count}}-star review on {{where}}: “{{excerpt}}”. Answer it in the inbox.",
      review_negative_rated_branch_one:
        "{{author}} left a {{count}}-star review of {{branch}} on {{where}}: “{{excerpt}}”. Answer it in the inbox.",
      review_negative_rated_branch_other:
        "{{author}} left a {{count}}-star review of {{branch}} on {{where}}: “{{excerpt}}”. Answer it in the inbox.",
      review_negative: "{{author}} wrote something unhappy on {{where}}: “{{excerpt}}”. Answer it in the inbox.",
      trial_ended:
        "The free trial of {{company}} has ended. Publishing, scheduling and AI writing are paused; pay on the Billing page to carry on.",
      payment_due: "The paid month of {{company}} ends on {{date}}: {{amount}} for the {{plan}} plan is due then.",
      payment_overdue:
        "The payment for {{company}} ({{amount}}) is overdue. Pay by {{date}} or the subscription expires.",
      subscription_expired:
        "The subscription of {{company}} has expired. Your posts are kept and scheduled ones are held; pay on the Billing page to publish again.",
      subscription_cancelled:
        "The subscription of {{company}} has ended. Your posts are kept and scheduled ones are held; pay on the Billing page to publish again.",
      payment_received: "Payment received: {{amount}} for the {{plan}} plan. Thank you!",
      payment_failed:
        "Your payment of {{amount}} did not go through. Nothing was charged; try again on the Billing page.",
      payment_failed_reason:
        "Your payment of {{amount}} did not go through: {{reason}}. Nothing was charged; try again on the Billing page.",
      plan_changed: "{{company}} is now on the {{plan}} plan (was {{previous}}).",
      team_read_only: "{{company}} moved to the {{plan}} plan: you can read everything, but no longer make changes.",
      post_approved: "{{company}} approved your post “{{excerpt}}” from the approval link",
      post_approved_by: "{{approver}} approved your post “{{excerpt}}” for {{company}}",
      post_changes_requested: "{{company}} asked for changes to your post “{{excerpt}}”: {{comment}}",
      posts_awaiting_approval: "{{company}}: {{n}} posts are waiting for your approval",
      agency_request: "A business asked to link with yours as its agency or its café: answer on the Team page",
      agency_request_cafe: "{{from}} invites your agency to run its social media: answer on the Team page",
      agency_request_agency: "The agency {{from}} asks for access to your café: answer on the Team page",
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
      post_failed: "لم يُنشر منشورك «{{excerpt}}» على {{platform}}. {{reason}}",
      post_failed_noReason: "لم يُنشر منشورك «{{excerpt}}» على {{platform}}. افتحه لمعرفة السبب وإعادة المحاولة.",
      post_unconfirmed:
        "لم تؤكد {{platform}} نشر منشورك «{{excerpt}}». تحقق مما إذا كان قد نُشر، ثم أكِّد أو أعد المحاولة.",
      snapchat_ready: "حان وقت نشر «{{excerpt}}» على {{platform}}. انشره من التطبيق ثم أكِّد نشره.",
      tiktok_ready: "«{{excerpt}}» بانتظارك في صندوق الوارد على {{platform}}. افتح تيك توك لإكماله ونشره، ثم أكِّد نشره.",
      account_reconnect_needed:
        "أعد ربط {{platform}} (\u2068@{{handle}}\u2069) من الإعدادات. ستنتظر المنشورات عليها حتى ذلك الحين.",
      account_reconnect_needed_noHandle: "أعد ربط {{platform}} من الإعدادات. ستنتظر المنشورات عليها حتى ذلك الحين.",
      competitor_discovery_expiring:
        "ينتهي تسجيل دخولك عبر فيسبوك لأرقام المنافسين (\u2068@{{handle}}\u2069) في {{date}}. سجّل الدخول مجددًا من صفحة المنافسين لتواصل قراءتها من إنستغرام.",
      webhook_disabled:
        "أُوقف أحد عناوين خطافات الويب: فشلت كل عمليات الإرسال إليه مدة ثلاثة أيام. تحقّق من برنامج الاستقبال لديك، ثم أعد تشغيل العنوان.",
      review_negative_rated_zero:
        "ترك \u2068{{author}}\u2069 تقييمًا على {{where}}: «{{excerpt}}». ردّ عليه من صندوق الوارد.",
      review_negative_rated_one:
        "ترك \u2068{{author}}\u2069 تقييمًا بنجمة واحدة على {{where}}: «{{excerpt}}». ردّ عليه من صندوق الوارد.",
      review_negative_rated_two:
        "ترك \u2068{{author}}\u2069 تقييمًا بنجمتين على {{where}}: «{{excerpt}}». ردّ عليه من صندوق الوارد.",
      review_negative_rated_few:
        "ترك \u2068{{author}}\u2069 تقييمًا بـ {{count}} نجوم على {{where}}: «{{excerpt}}». ردّ عليه من صندوق الوارد.",
      review_negative_rated_many:
        "ترك \u2068{{author}}\u2069 تقييمًا بـ {{count}} نجمة على {{where}}: «{{excerpt}}». ردّ عليه من صندوق الوارد.",
      review_negative_rated_other:
        "ترك \u2068{{author}}\u2069 تقييمًا بـ {{count}} نجمة على {{where}}: «{{excerpt}}». ردّ عليه من صندوق الوارد.",
      review_negative_rated_branch_zero:
        "ترك \u2068{{author}}\u2069 تقييمًا لفرع {{branch}} على {{where}}: «{{excerpt}}». ردّ عليه من صندوق الوارد.",
      review_negative_rated_branch_one:
        "ترك \u2068{{author}}\u2069 تقييمًا بنجمة واحدة لفرع {{branch}} على {{where}}: «{{excerpt}}». ردّ عليه من صندوق الوارد.",
      review_negative_rated_branch_two:
        "ترك \u2068{{author}}\u2069 تقييمًا بنجمتين لفرع {{branch}} على {{where}}: «{{excerpt}}». ردّ عليه من صندوق الوارد.",
      review_negative_rated_branch_few:
        "ترك \u2068{{author}}\u2069 تقييمًا بـ {{count}} نجوم لفرع {{branch}} على {{where}}: «{{excerpt}}». ردّ عليه من صندوق الوارد.",
      review_negative_rated_branch_many:
        "ترك \u2068{{author}}\u2069 تقييمًا بـ {{count}} نجمة لفرع {{branch}} على {{where}}: «{{excerpt}}». ردّ عليه من صندوق الوارد.",
      review_negative_rated_branch_other:
        "ترك \u2068{{author}}\u2069 تقييمًا بـ {{count}} نجمة لفرع {{branch}} على {{where}}: «{{excerpt}}». ردّ عليه من صندوق الوارد.",
      review_negative:
        "كتب \u2068{{author}}\u2069 تعليقًا غير راضٍ على {{where}}: «{{excerpt}}». ردّ عليه من صندوق الوارد.",
      trial_ended:
        "انتهت التجربة المجانية لـ {{company}}. توقف النشر والجدولة والكتابة بالذكاء الاصطناعي؛ ادفع من صفحة الفوترة لتواصل.",
      payment_due: "ينتهي الشهر المدفوع لـ {{company}} في {{date}}، ويستحق حينها {{amount}} للباقة {{plan}}.",
      payment_overdue: "دفعة {{company}} ({{amount}}) متأخرة. ادفع قبل {{date}} وإلا انتهى الاشتراك.",
      subscription_expired:
        "انتهى اشتراك {{company}}. منشوراتك محفوظة والمجدولة منها محجوزة؛ ادفع من صفحة الفوترة لتعود إلى النشر.",
      subscription_cancelled:
        "انتهى اشتراك {{company}} الملغى. منشوراتك محفوظة والمجدولة منها محجوزة؛ ادفع من صفحة الفوترة لتعود إلى النشر.",
      payment_received: "تم استلام دفعتك: {{amount}} للباقة {{plan}}. شكرًا لك!",
      payment_failed: "لم تتم دفعتك بمبلغ {{amount}}. لم يُخصم أي مبلغ؛ حاول مجددًا من صفحة الفوترة.",
      payment_failed_reason: "لم تتم دفعتك بمبلغ {{amount}}: {{reason}}. لم يُخصم أي مبلغ؛ حاول مجددًا من صفحة الفوترة.",
      plan_changed: "أصبح {{company}} على الباقة {{plan}} (بدلًا من {{previous}}).",
      team_read_only: "انتقل {{company}} إلى الباقة {{plan}}: يمكنك الاطلاع على كل شيء دون إجراء تعديلات.",
      post_approved: "وافق {{company}} على منشورك «{{excerpt}}» من رابط الموافقة",
      post_approved_by: "وافق {{approver}} على منشورك «{{excerpt}}» لـ {{company}}",
      post_changes_requested: "طلب {{company}} تعديلات على منشورك «{{excerpt}}»: {{comment}}",
      posts_awaiting_approval: "{{company}}: منشورات بانتظار موافقتك ({{n}})",
      agency_request: "طلب نشاط تجاري الارتباط بنشاطك كوكالة أو كمقهى: أجب من صفحة الفريق",
      agency_request_cafe: "يدعو {{from}} وكالتك لإدارة حساباته على وسائل التواصل: أجب من صفحة الفريق",
      agency_request_agency: "تطلب الوكالة {{from}} الوصول إلى مقهاك: أجب من صفحة الفريق",
      unknown: "لديك إشعار جديد",
    },
  },
});
