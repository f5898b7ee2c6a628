// The one rule every string in every schema starts from, for both doors and the client's forms: a
// text never carries control characters. PostgreSQL refuses the NUL byte outright (a 500 if it got that
// far), and the other C0/C1 controls are invisible garbage in a name, a header or a CSV cell. Tab, line
// feed and carriage return are allowed where a person writes several lines (captions, notes, addresses).
// A one-line text (a name, a title, a subject) carries no bidi embedding, override or isolate and no
// line or paragraph separator either (controls.ts says why, and which bidi marks stay).
// A schema never calls z.string()/z.url()/z.email() itself (text.test.ts checks the sources).
import { z } from "zod";
import type { MessageKey } from "./messages.ts";

// the check itself has no zod in it (controls.ts): forms that need only it stay light
import { hasControlCharacters, plainLineBreaks } from "./controls.ts";
export { hasControlCharacters, isolateText, plainLineBreaks, plainText } from "./controls.ts";

const CONTROL_KEY: MessageKey = "controlCharacters";
type StringParams = Parameters<typeof z.string>[0];

/** A one-line string (a name, an e-mail, a password, an id, a query parameter). Chain .trim(), .max() etc. */
export const singleLine = (params?: StringParams) =>
  z.string(params).refine((s) => !hasControlCharacters(s), { error: CONTROL_KEY, abort: true });

/** A password already set (signing in, the current one when changing it): FORMATTING characters pass (hasControlCharacters' secret). */
export const existingSecret = (params?: StringParams) =>
  z.string(params).refine((s) => !hasControlCharacters(s, { secret: true }), { error: CONTROL_KEY, abort: true });

/** A string whose rule checks control characters itself, in its own order (loginProblems, rules.ts), so the check is not made twice. */
export const checkedByItsRule = (params?: StringParams) => z.string(params);

/** A string a person may write on several lines (a caption, a note, an address, a pasted menu). */
export const multiLine = (params?: StringParams) =>
  z
    .string(params)
    .refine((s) => !hasControlCharacters(s, { multiLine: true }), { error: CONTROL_KEY, abort: true })
    // U+2028/U+2029 (a word processor's line and paragraph breaks) kept as the line feeds every network, file and mail reads
    .overwrite(plainLineBreaks);

/** A URL (zod's check, which accepts a raw NUL in a path), without control characters. */
export const urlText = (params?: Parameters<typeof z.url>[0]) =>
  z.url(params).refine((s) => !hasControlCharacters(s), { error: CONTROL_KEY, abort: true });
