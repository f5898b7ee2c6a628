// Telling Gulf (Kuwaiti) Arabic from Modern Standard Arabic in a caption, word by word. The built-in
// writer's tests hold its Gulf captions to "at least one Gulf marker, no MSA-only marker" and its MSA
// captions to "no Gulf marker"; learning counts a published post as Gulf or MSA by the same lists
// (docs/product.md#the-cafes-voice). Markers are whole words: a leading و or ف (and, so) is
// stripped first, so "والحين" is "الحين" and "فسوف" is "سوف".
//
// Chosen for being unambiguous in café captions: words a Kuwaiti writes and MSA never does, and MSA
// function words a Kuwaiti caption says otherwise (سوف/بـ، الآن/الحين، الذي/اللي، لدينا/عندنا،
// جدًا/وايد، لم ولن وليس/ما ومو، ماذا/شنو، لماذا/ليش، هذه/هذي، أيضًا/بعد). Left out on purpose:
// words both write ("عاد" is also MSA "came back", "ترى" is also MSA "you see", "حياكم الله" is
// classical); the writer may still use them in Gulf copy, they just prove nothing.

/** Whole words only Gulf (Kuwaiti) Arabic uses. */
const GULF_MARKERS: readonly string[] = [
  "هلا",
  "حياكم",
  "حيّاكم",
  "شلون",
  "شلونكم",
  "شلونك",
  "وايد",
  "الحين",
  "جذي",
  "چذي",
  "شنو",
  "شنهو",
  "ليش",
  "مو",
  "إي",
  "يمّه",
  "يمه",
  "نبي",
  "نبيكم",
  "تبون",
  "تبي",
  "يبي",
  "اللي",
  "عساكم",
  "خوش",
  "يهبل",
  "تهبل",
  "ربعكم",
  "عيالكم",
  "عشان",
  "حقكم",
  "حقنا",
  "تراه",
  "تراها",
  "ترانا",
  "توه",
  "توّه",
  "هني",
  "هنيه",
  "بعدين",
  "شكثر",
  "فديتكم",
  "ياحلو",
  "دزّوا",
  "دزوا",
  "يالله",
  "يلا",
  "يلّا",
  "صج",
  "صجّ",
  "بروحكم",
  "شي",
  "وياكم",
  "ويانا",
  "وياه",
  "وياها",
  "جيتونا",
  "يبيله",
  "يبيلها",
  "رايق",
  "رايقة",
  "هذي",
  "هاذي",
  "تستاهل",
  "تستاهلون",
  "يستاهل",
  "شتبون",
  "ندري",
  "تدرون",
  "الربع",
  "ماكو",
  "عشانكم",
  "إحنا",
  "احنا",
  "حنا",
  "إنتوا",
  "انتوا",
  "عساها",
  "عساه",
  "عساج",
  "فديتها",
  "فديتج",
  "يومج",
  "يخليج",
  "يحفظج",
  "عزّج",
  "ديرتنا",
  "الديرة",
  "ربعنا",
  "عيالنا",
  "يديدة",
  "يديد",
  "اليديدة",
  "الوناسة",
  "وناسة",
  "يوعانين",
  "ريوق",
  "بس",
  "الرايق",
  "شرات",
  "تشيلون",
  "ويا",
];

/** Gulf markers that are prefixes: هالـ ("this": هالصيف, هالويكند) and شلون (how: شلونكم, شلونها). */
const GULF_PREFIX = /^(?:هال(?!ة$|ك$)[\u0621-\u064A]{2,}|شلون)/u;

/** Whole words only Modern Standard Arabic uses (a Kuwaiti caption says them otherwise). */
const MSA_MARKERS: readonly string[] = [
  "سوف",
  "لقد",
  "الآن",
  "الان",
  "الذي",
  "التي",
  "الذين",
  "اللذان",
  "اللتان",
  "لماذا",
  "ماذا",
  "هذه",
  "أيضًا",
  "أيضا",
  "جدًا",
  "جدا",
  "لدينا",
  "لدى",
  "لديكم",
  "لن",
  "لم",
  "ليس",
  "ليست",
  "كذلك",
  "إننا",
  "فلنحل",
  "هل",
  "للتو",
  "ينبغي",
  "حيث",
];

const GULF = new Set(GULF_MARKERS.map((w) => w.normalize("NFC")));
const MSA = new Set(MSA_MARKERS.map((w) => w.normalize("NFC")));

/** The Arabic words of a text (tatweel and diacritics other than shadda kept as written, punctuation dropped). */
function arabicWords(text: string): string[] {
  // the class lists the diacritics (combining marks) one by one on purpose: a word keeps them
  // eslint-disable-next-line no-misleading-character-class
  return (text.normalize("NFC").match(/[\u0621-\u064A\u0671-\u06D3\u0686\u06AF\u0640\u064B-\u0652]+/gu) ?? []).map(
    (w) => w.replace(/\u0640/g, ""),
  );
}

/** The word with its diacritics dropped except shadda (so "جدًا" and "جدا" are both found). */
const bare = (w: string) => w.replace(/[\u064B-\u0650\u0652]/g, "");

function candidates(word: string): string[] {
  const out = [word, bare(word)];
  // و / ف / ب / ل joined to the word ("والحين", "فسوف", "بالديرة", "بهاليوم"); the word itself is tried first,
  // so a word that starts with one of them ("وايد", "فديتكم", "بس") is still found
  if (/^[وفبل]/u.test(word) && word.length >= 3) out.push(word.slice(1), bare(word.slice(1)));
  return out;
}

/** The Gulf markers found in a text, in order (a word once per occurrence). */
export function gulfMarkersIn(text: string): string[] {
  const found: string[] = [];
  for (const w of arabicWords(text)) {
    if (candidates(w).some((c) => GULF.has(c) || GULF.has(c.replace(/ّ/g, "")) || GULF_PREFIX.test(c))) found.push(w);
  }
  return found;
}

/** The MSA-only markers found in a text, in order. */
export function msaMarkersIn(text: string): string[] {
  const found: string[] = [];
  for (const w of arabicWords(text)) if (candidates(w).some((c) => MSA.has(c))) found.push(w);
  return found;
}

/** Gulf, MSA, or neither (no marker, or as many of each). */
export function arabicVarietyOf(text: string): "gulf" | "msa" | null {
  const g = gulfMarkersIn(text).length;
  const m = msaMarkersIn(text).length;
  if (g > m) return "gulf";
  if (m > g) return "msa";
  return null;
}
