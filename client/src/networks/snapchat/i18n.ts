// Snapchat's texts (namespace "networks", under snapchat): where a public profile post goes; and (namespace
// "posts", under target) what the person does to post by hand, when Sufra cannot post for them.
// The keys are those the texts are stored and edited under (schema/translations.json), so moving them here
// changed no key (docs/architecture.md#in-the-client).
import { registerTranslations } from "../../i18n/index.ts";
import { COMPOSER_NS, NETWORKS_NS } from "../i18n.ts";

registerTranslations(NETWORKS_NS, {
  en: {
    snapchat: {
      title: "On Snapchat",
      kind: "Post to",
      kinds: { story: "Story", saved_story: "Saved Story", spotlight: "Spotlight" },
      hints: {
        story: "Your public profile's story, seen for 24 hours",
        saved_story: "Kept on your public profile",
        spotlight: "Snapchat's Spotlight feed, seen by everyone: a video only",
      },
    },
  },
  ar: {
    snapchat: {
      title: "على سناب شات",
      kind: "انشره في",
      kinds: { story: "القصة", saved_story: "قصة محفوظة", spotlight: "سبوتلايت" },
      hints: {
        story: "قصة ملفك العام، تظهر ليوم كامل",
        saved_story: "تبقى في ملفك العام",
        spotlight: "خلاصة سبوتلايت في سناب شات، يراها الجميع: فيديو فقط",
      },
    },
  },
});

// posting by hand
registerTranslations(COMPOSER_NS, {
  en: {
    target: {
      manualTitle: "Post it on Snapchat yourself",
      manualText:
        'Snapchat has no way for us to post for you. Copy the caption, download the picture or video, and post it from the Snapchat app. Then tap "It\'s posted".',
      copy: "Copy caption",
      copied: "Caption copied",
      download: "Download {{name}}",
    },
  },
  ar: {
    target: {
      manualTitle: "انشره على سناب شات بنفسك",
      manualText:
        "لا يتيح سناب شات النشر نيابةً عنك. انسخ النص، ونزّل الصورة أو الفيديو، وانشره من تطبيق سناب شات، ثم اضغط «تم النشر».",
      copy: "انسخ النص",
      copied: "تم نسخ النص",
      download: "تنزيل {{name}}",
    },
  },
});
