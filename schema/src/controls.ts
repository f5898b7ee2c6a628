// Whether a text carries control characters (the rule text.ts builds every schema string on), without zod;
// and how a person's text is written into a document, a spreadsheet or a mail (plainText, isolateText).

/** C0 controls, DEL and C1 controls. */
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/u;
/** The same, less tab, line feed and carriage return. */
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;
/**
 * Bidi embeddings, overrides and isolates (LRE, RLE, PDF, LRO, RLO; LRI, RLI, FSI, PDI), and the line and
 * paragraph separators. An override turns the letters after it around ("Probe \u202Edetnuocsid%05\u202C"
 * reads "Probe 50%discounted"), an unclosed one spills into the text that follows it, and a separator
 * breaks a mail's subject: none belongs in a one-line text. The bidi marks (LRM, RLM, ALM: U+200E,
 * U+200F, U+061C) stay allowed: Arabic keyboards type them, they steer only the neutral characters next to
 * them (a minus sign or a phone number's + beside Arabic), and they cannot reverse or hide letters.
 */
const FORMATTING = /[\u202A-\u202E\u2066-\u2069\u2028\u2029]/u;
/**
 * Half of a surrogate pair alone: no character at all. JSON can carry it ("\ud800"), but UTF-8 cannot, and
 * PostgreSQL refuses it in a json value (an audit row, a post's options): refused at the door instead.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Whether a text has characters no field accepts. A single-line text may still end or start with white
 * space (a pasted value's trailing line break), which its rule trims. A multi-line text (a caption) may
 * carry bidi controls, which its author may use to set a paragraph's direction; where it is written out,
 * plainText takes them away.
 */
export function hasControlCharacters(s: string, opts: { multiLine?: boolean; secret?: boolean } = {}): boolean {
  if (LONE_SURROGATE.test(s)) return true;
  if (opts.multiLine) return CONTROL_BUT_LINE_BREAKS.test(s);
  const inner = s.trim();
  // a password already set is never shown, and one chosen before this rule may hold a bidi control: refusing
  // it would lock its owner out of signing in
  return CONTROL.test(inner) || (!opts.secret && FORMATTING.test(inner));
}

/** The line and paragraph separators as the line feeds every medium knows (a caption pasted from a word processor). */
export const plainLineBreaks = (s: string) => s.replace(/\u2029/g, "\n\n").replace(/\u2028/g, "\n");

/**
 * A person's text as it may be written into a file or a mail: no bidi embedding, override or isolate of
 * its own (a stored text from before the rule, a reviewer's name from a network), no control character.
 * A multi-line text keeps its line breaks (as line feeds) and tabs; a one-line text has them as spaces.
 */
export function plainText(s: string, opts: { multiLine?: boolean } = {}): string {
  const t = s.replace(/[\u202A-\u202E\u2066-\u2069]/g, "");
  if (opts.multiLine)
    return plainLineBreaks(t)
      .replace(/\r\n?/g, "\n")
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g, "");
  return t.replace(/[\t\n\r\u2028\u2029\u0085]+/g, " ").replace(/[\u0000-\u001F\u007F-\u009F]/g, "");
}

/**
 * A person's one-line text to set among other words (a mail's subject and lines, a PDF's line): plain, and
 * between FSI and PDI, so that it takes its own direction and leaves the words around it in theirs (a
 * Latin name in an Arabic sentence, an Arabic name before a Latin date).
 */
export const isolateText = (s: string) => `\u2068${plainText(s)}\u2069`;
