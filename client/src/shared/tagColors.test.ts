// A coloured tag is one of the AA-safe tones (tagColors.ts): white text on a dark solid colour. antd's preset
// tags (green-7 on green-1, gold, orange, cyan and the like) fall below 4.5:1, and the accessibility audit
// found them on the billing page; this scan keeps every coloured tag on the safe tones.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { POST_STATUS_COLORS, TARGET_STATUS_COLORS } from "./postStatus.ts";
import { TAG_COLORS } from "./tagColors.ts";

const ROOT = join(__dirname, "..");
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "graphql" ? [] : sources(path);
    return /\.tsx$/.test(name) && !/\.test\.tsx$/.test(name) ? [path] : [];
  });

/** Relative luminance and contrast (WCAG 2.x). */
const channel = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => channel(parseInt(hex.slice(i, i + 2), 16) / 255));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

test("every tone and status colour carries white text at 4.5:1 or more", () => {
  for (const [tone, hex] of Object.entries({ ...TAG_COLORS, ...POST_STATUS_COLORS, ...TARGET_STATUS_COLORS }))
    expect([tone, contrast(hex, "#FFFFFF") >= 4.5]).toEqual([tone, true]);
});

test("no tag takes a colour but a solid one of the tones (ToneTag, or variant solid with TAG_COLORS or a status colour)", () => {
  const offenders = sources(ROOT).flatMap((path) => {
    const text = readFileSync(path, "utf8");
    return [...text.matchAll(/<Tag\b[^>]*>/g)]
      .map((m) => m[0])
      .filter(
        (tag) =>
          /\scolor=/.test(tag) &&
          !(/variant="solid"/.test(tag) && /color=\{(TAG_COLORS|POST_STATUS_COLORS|TARGET_STATUS_COLORS)\b/.test(tag)),
      )
      .map((tag) => `${relative(ROOT, path)}: ${tag}`);
  });
  expect(offenders).toEqual([]);
});
