// Whether a text carries control characters (the rule text.ts builds every schema string on), without zod.

/** C0 controls, DEL and C1 controls. */
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/u;
/** The same, less tab, line feed and carriage return. */
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;
/**
 * Half of a surrogate pair alone: no character at all. JSON can carry it ("\ud800"), but UTF-8 cannot, and
 * PostgreSQL refuses it in a json value (an audit row, a post's options): refused at the door instead.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Whether a text has characters no field accepts. A single-line text may still end or start with white
 * space (a pasted value's trailing line break), which its rule trims.
 */
export function hasControlCharacters(s: string, opts: { multiLine?: boolean } = {}): boolean {
  return LONE_SURROGATE.test(s) || (opts.multiLine ? CONTROL_BUT_LINE_BREAKS.test(s) : CONTROL.test(s.trim()));
}

