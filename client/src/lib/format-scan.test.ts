// One formatter for money, dates and the parts of a line (lib/format.ts, docs/product.md#look-and-feel):
// no other client file writes KWD, formats a date with a style of its own or joins parts with a middle dot
// (beside Arabic-Indic digits "·" reads as the zero "٠"). Comments may mention them; code may not.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const ROOT = join(__dirname, "..");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "graphql" ? [] : sources(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The file's code: line and block comments blanked, strings and JSX text kept. */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");

const files = sources(ROOT)
  .map((path) => ({ file: relative(ROOT, path), text: code(readFileSync(path, "utf8")) }))
  .filter((f) => f.file !== "lib/format.ts");
const isI18n = (file: string) => /(^|\/)(i18n|[\w.]*\.i18n)\.ts$|\/i18n\//.test(file);

const offenders = (test: (f: { file: string; text: string }) => boolean) => files.filter(test).map((f) => f.file);

test("the scan reads the client's sources", () => {
  expect(files.length).toBeGreaterThan(100);
  expect(files.some((f) => f.file.startsWith("modules/billing/"))).toBe(true);
});

test("no file but lib/format.ts joins the parts of a line with a middle dot", () => {
  expect(offenders((f) => f.text.includes("·"))).toEqual([]);
});

test("no file but lib/format.ts writes money (KWD, د.ك) on its own", () => {
  // the contract's writers of fils and the dinar's unit, Intl's currency style
  expect(offenders((f) => /\b(formatFils|KWD_UNIT)\b/.test(f.text))).toEqual([]);
  expect(
    offenders(
      (f) => /style:\s*["']currency["']/.test(f.text) || (!isI18n(f.file) && /currency:\s*["']KWD["']/.test(f.text)),
    ),
  ).toEqual([]);
  // an amount put beside the unit in code: `${x} KWD`, "KWD " + x, `${x} د.ك.`
  expect(
    offenders(
      (f) =>
        !isI18n(f.file) &&
        /\}\s*(KWD|د\.ك)|(KWD|د\.ك\.?)\s*\$\{|["'`]\s*(KWD|د\.ك\.?)\s*["'`]\s*\+|\+\s*["'`]\s*(KWD|د\.ك\.?)/.test(
          f.text,
        ),
    ),
  ).toEqual([]);
  // a money helper of a module's own
  expect(
    offenders((f) => /modules\/[\w-]+\/money\.ts$/.test(f.file) && /\bKWD|د\.ك|formatFils|toFixed\(3\)/.test(f.text)),
  ).toEqual([]);
  expect(offenders((f) => /toFixed\(3\)/.test(f.text))).toEqual([]);
  // a money writer of a module's own that only passes its amount on to formatFilsMoney (a second name for the
  // one writer: `money(fils)` here, `formatFilsMoney(fils)` there)
  expect(
    offenders((f) =>
      /const\s+\w+\s*=\s*\([^)]*\)(:\s*\w+)?\s*=>\s*formatFilsMoney\(|return\s+formatFilsMoney\([^;]*;\s*\}/.test(
        f.text,
      ),
    ),
  ).toEqual([]);
  // fils divided into dinars for the screen ("fils / 1000", `${amountFils / 1000}`), or Intl's number writer given a currency
  expect(offenders((f) => /fils\w*\s*\/\s*1000|Fils\s*\/\s*1_?000/.test(f.text))).toEqual([]);
  expect(offenders((f) => /new Intl\.NumberFormat\([^)]*currency/.test(f.text))).toEqual([]);
});

test("the scan's money rules catch the ways a module wrote KWD before", () => {
  const wrote = [
    "const money = (fils: number, locale: Locale) => formatFilsMoney(fils, locale);",
    "export const kwdText = (n: number, l: Locale): string => formatFilsMoney(n, l, { unit: false });",
    "function money(fils: number, locale: Locale) {\n  return formatFilsMoney(fils, locale);\n}",
  ];
  for (const line of wrote)
    expect(
      /const\s+\w+\s*=\s*\([^)]*\)(:\s*\w+)?\s*=>\s*formatFilsMoney\(|return\s+formatFilsMoney\([^;]*;\s*\}/.test(line),
    ).toBe(true);
  expect(/fils\w*\s*\/\s*1000|Fils\s*\/\s*1_?000/.test("`${(p.amountFils / 1000).toFixed(3)} KWD`")).toBe(true);
  expect(
    /new Intl\.NumberFormat\([^)]*currency/.test('new Intl.NumberFormat("en", { style: "currency", currency: "KWD" })'),
  ).toBe(true);
});

test("an input's character counter and a pager write the person's digits", () => {
  // antd writes "12 / 1000" and page numbers in Latin digits unless given lib/format.ts's showCountIn / pagerIn
  expect(offenders((f) => /\sshowCount(?=[\s/>])/.test(f.text))).toEqual([]);
  expect(offenders((f) => /<Pagination\b(?![^>]*\{\.\.\.pagerIn\()/.test(f.text))).toEqual([]);
  expect(offenders((f) => /pagination=\{(?!false\})(?![^}]*pagerIn\()/.test(f.text))).toEqual([]);
});

test("no file but lib/format.ts shows a date in a style of its own", () => {
  expect(offenders((f) => /\.toLocale(Date|Time)?String\(/.test(f.text))).toEqual([]);
  expect(offenders((f) => /dateStyle|timeStyle/.test(f.text))).toEqual([]);
  // Intl's dates outside lib/format.ts: only for computing (en-CA's YYYY-MM-DD, en-GB's 24-hour parts), or the
  // weekday, hour and Hijri-day labels of shared/time.ts and the calendar's schedule/time.ts
  const ownDates = new Set(["shared/time.ts", "modules/schedule/time.ts"]);
  expect(
    offenders((f) => !ownDates.has(f.file) && /new Intl\.DateTimeFormat\(\s*(?!["']en-(CA|GB)["'])/.test(f.text)),
  ).toEqual([]);
  // dayjs writes dates for the wire (YYYY-MM-DD, HH:mm) only; a person reads them through lib/format.ts
  expect(offenders((f) => /\.format\(\s*["'`](?!YYYY-MM-DD["'`]|HH:mm["'`]|YYYY-MM["'`])/.test(f.text))).toEqual([]);
});
