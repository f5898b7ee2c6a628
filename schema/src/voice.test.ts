// The café's voice rules (voice.ts): one rule for the Settings card and both doors, habits left out
// stay, null gives them back, the stored choice read back without trusting it, and the choice winning
// over the learned habit, field by field.
import { describe, expect, test } from "@jest/globals";
import {
  applyVoiceChange,
  businessVoiceSchema,
  fieldErrors,
  messageText,
  readChosenVoice,
  resolveVoice,
  VOICE_DEFAULTS,
} from "./index.ts";

const errorsOf = (r: { success: boolean; error?: unknown }) => (r.success ? {} : fieldErrors(r.error as never));

describe("businessVoiceSchema", () => {
  test("takes every habit, leaves out what is not given, reads blank as null", () => {
    expect(
      businessVoiceSchema.parse({
        arabicVariety: "gulf",
        languageOrder: "en_first",
        tone: "playful",
        length: "short",
        emoji: "many",
        hashtagCount: "4",
        hashtagScript: "ar",
      }),
    ).toEqual({
      arabicVariety: "gulf",
      languageOrder: "en_first",
      tone: "playful",
      length: "short",
      emoji: "many",
      hashtagCount: 4,
      hashtagScript: "ar",
    });
    expect(businessVoiceSchema.parse({})).toEqual({});
    expect(businessVoiceSchema.parse({ arabicVariety: " ", hashtagCount: null })).toEqual({
      arabicVariety: null,
      hashtagCount: null,
    });
  });

  test("refuses unknown values with a message in both languages", () => {
    const r = businessVoiceSchema.safeParse({
      arabicVariety: "levantine",
      languageOrder: "both",
      tone: "angry",
      length: "epic",
      emoji: 3,
      hashtagCount: 16,
      hashtagScript: "fr",
    });
    expect(errorsOf(r)).toEqual({
      arabicVariety: ["voiceVarietyInvalid"],
      languageOrder: ["voiceLanguageOrderInvalid"],
      tone: ["contentToneInvalid"],
      length: ["voiceLengthInvalid"],
      emoji: ["voiceEmojiInvalid"],
      hashtagCount: ["voiceHashtagCountRange"],
      hashtagScript: ["voiceHashtagScriptInvalid"],
    });
    expect(errorsOf(businessVoiceSchema.safeParse({ hashtagCount: 2.5 }))).toEqual({
      hashtagCount: ["voiceHashtagCountRange"],
    });
    expect(messageText("voiceVarietyInvalid", "ar")).toBe("اختر اللهجة الخليجية أو العربية الفصحى");
  });
});

describe("the stored choice and the voice in force", () => {
  test("a change keeps what it leaves out and clears what it sets to null", () => {
    const current = { arabicVariety: "msa", tone: "premium" } as const;
    expect(applyVoiceChange(current, { tone: null, emoji: "none" })).toEqual({ arabicVariety: "msa", emoji: "none" });
    expect(applyVoiceChange(current, {})).toEqual(current);
  });

  test("the stored JSON is read back habit by habit; anything unknown is dropped", () => {
    expect(readChosenVoice({ arabicVariety: "gulf", emoji: "sparkly", extra: 1, hashtagCount: 3 })).toEqual({
      arabicVariety: "gulf",
      hashtagCount: 3,
    });
    expect(readChosenVoice(null)).toEqual({});
    expect(readChosenVoice([1, 2])).toEqual({});
  });

  test("chosen wins over learned, learned over the defaults (Gulf Arabic, Arabic first)", () => {
    const r = resolveVoice({ arabicVariety: "msa" }, { arabicVariety: "gulf", length: "short", emoji: null });
    expect(r.voice).toEqual({ ...VOICE_DEFAULTS, arabicVariety: "msa", length: "short" });
    expect(r.sources).toMatchObject({ arabicVariety: "chosen", length: "learned", emoji: "default" });
    expect(VOICE_DEFAULTS).toMatchObject({ arabicVariety: "gulf", languageOrder: "ar_first" });
  });
});
