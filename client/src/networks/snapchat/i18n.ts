// Snapchat's texts (namespace "networks", under snapchat): where a public profile post goes.
// The keys are those the texts are stored and edited under (schema/translations.json), so moving them here
// changed no key (docs/architecture.md#in-the-client).
import { registerTranslations } from "../../i18n/index.ts";
import { NETWORKS_NS } from "../i18n.ts";

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
