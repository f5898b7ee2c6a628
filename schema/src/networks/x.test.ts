// An over-long X caption as a thread (networks/x.ts, posts.ts's xPostParts), the link moved to a
// reply, X's limit for verified accounts, and what previewPost says about each.
import { describe, expect, test } from "@jest/globals";
import {
  PLATFORM_LIMITS,
  X_LONG_POST_LENGTH,
  messageText,
  previewPost,
  splitThread,
  xPostParts,
  xWeightedLength,
} from "../index.ts";

const LIMIT = PLATFORM_LIMITS.twitter.maxLength;
const en = (n: number) =>
  Array.from({ length: n }, (_, i) => `Sentence number ${i + 1} is about our cardamom coffee.`).join(" ");
const ar = (n: number) =>
  Array.from({ length: n }, (_, i) => `الجملة رقم ${i + 1} عن قهوتنا بالهيل، هل جربتها؟`).join(" ");
/** the part without its "k/n " numbering */
const body = (p: string) => p.replace(/^\d+\/\d+ /, "");

describe("splitThread", () => {
  test("a caption that fits stays one post, unnumbered", () => {
    expect(splitThread("  Fresh dates today.  ", LIMIT, xWeightedLength)).toEqual(["Fresh dates today."]);
  });

  test("English: cut after sentences, numbered k/n, each part within X's weighted limit", () => {
    const text = en(12);
    const parts = splitThread(text, LIMIT, xWeightedLength);
    expect(parts.length).toBeGreaterThan(1);
    parts.forEach((p, i) => {
      expect(p.startsWith(`${i + 1}/${parts.length} `)).toBe(true);
      expect(xWeightedLength(p)).toBeLessThanOrEqual(LIMIT);
      // every part ends a sentence: nothing was cut mid-sentence
      expect(body(p)).toMatch(/coffee\.$/);
    });
    // nothing lost, nothing added
    expect(parts.map(body).join(" ")).toBe(text);
  });

  test("Arabic: ؟ ends a sentence; Arabic letters weigh 1 as X counts them", () => {
    const text = ar(14);
    const parts = splitThread(text, LIMIT, xWeightedLength);
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) {
      expect(xWeightedLength(p)).toBeLessThanOrEqual(LIMIT);
      expect(body(p)).toMatch(/جربتها؟$/);
    }
    expect(parts.map(body).join(" ")).toBe(text);
  });

  test("a line break ends a sentence too, and a sentence longer than a part is cut between words", () => {
    const long = Array.from({ length: 90 }, (_, i) => `word${i}`).join(" "); // about 600 characters, no full stop
    const parts = splitThread(`Menu\n${long}`, LIMIT, xWeightedLength);
    expect(parts.length).toBeGreaterThanOrEqual(3);
    for (const p of parts) expect(xWeightedLength(p)).toBeLessThanOrEqual(LIMIT);
    const words = parts.map(body).join(" ").split(/\s+/);
    expect(words).toEqual(["Menu", ...long.split(" ")]); // no word split, in order
  });

  test("URLs and hashtags are never split, and a URL weighs 23 wherever it lands", () => {
    const url = "https://sufra.kw/menu/specials?day=friday&lang=ar#breakfast-and-coffee-" + "x".repeat(120);
    const text = `${en(4)} Order here ${url} today. ${en(4)} #قهوة_كويتية #SufraCafe`;
    const parts = splitThread(text, LIMIT, xWeightedLength);
    expect(parts.filter((p) => p.includes(url))).toHaveLength(1);
    expect(parts.filter((p) => p.includes("#قهوة_كويتية"))).toHaveLength(1);
    expect(parts.some((p) => p.includes("#SufraCafe"))).toBe(true);
    for (const p of parts) expect(xWeightedLength(p)).toBeLessThanOrEqual(LIMIT);
  });

  test("ten parts or more: the numbering widens and every part still fits", () => {
    const parts = splitThread(en(60), LIMIT, xWeightedLength);
    expect(parts.length).toBeGreaterThanOrEqual(10);
    expect(parts[0]!.startsWith(`1/${parts.length} `)).toBe(true);
    for (const p of parts) expect(xWeightedLength(p)).toBeLessThanOrEqual(LIMIT);
  });

  test("a 'word' longer than a whole part is cut by characters, emoji kept whole", () => {
    const text = "🙂".repeat(200); // 400 weighted, no space anywhere
    const parts = splitThread(text, LIMIT, xWeightedLength);
    expect(parts.length).toBe(2);
    for (const p of parts) expect(xWeightedLength(p)).toBeLessThanOrEqual(LIMIT);
    expect(parts.map(body).join("")).toBe(text);
  });
});

describe("xPostParts", () => {
  test("linkInReply: the post without its links, then one reply with them", () => {
    const posts = xPostParts("New menu at https://sufra.kw/menu and sufra.kw/offers. Come by!", {
      limit: LIMIT,
      linkInReply: true,
    });
    expect(posts).toEqual(["New menu at and . Come by!", "https://sufra.kw/menu\nsufra.kw/offers"]);
  });

  test("linkInReply on a caption that is only a link keeps it as it is", () => {
    expect(xPostParts("https://sufra.kw", { limit: LIMIT, linkInReply: true })).toEqual(["https://sufra.kw"]);
  });

  test("thread and linkInReply: the numbered parts, then the links", () => {
    const posts = xPostParts(`${en(10)} https://sufra.kw/menu`, { limit: LIMIT, thread: true, linkInReply: true });
    expect(posts.at(-1)).toBe("https://sufra.kw/menu");
    expect(
      posts.slice(0, -1).every((p, i, all) => p.startsWith(`${i + 1}/${all.length} `) && !p.includes("sufra.kw")),
    ).toBe(true);
  });
});

describe("previewPost on X", () => {
  const x = (content: string, network: unknown = null, xLongPosts = false) =>
    previewPost({ content, platforms: ["twitter"], network, xLongPosts })[0]!;

  test("over 280 without a thread: refused; with a thread: no error, and the parts to show", () => {
    expect(x(en(10)).errors.map((e) => e.key)).toContain("captionTooLongFor");
    const p = x(en(10), { twitter: { thread: true, linkInReply: false } });
    expect(p.errors).toEqual([]);
    expect(p.overLimit).toBe(false);
    expect(p.thread!.length).toBeGreaterThan(1);
    expect(p.thread).toEqual(splitThread(en(10), LIMIT, xWeightedLength));
  });

  test("a verified account's limit is 4,000; an unverified one is refused the same caption", () => {
    const text = en(40); // about 2,100 characters
    expect(x(text, null, false).errors.map((e) => e.key)).toContain("captionTooLongFor");
    const verified = x(text, null, true);
    expect(verified.limit).toBe(X_LONG_POST_LENGTH);
    expect(verified.errors).toEqual([]);
    expect(verified.thread).toBeUndefined();
    expect(x(en(90), null, true).errors.map((e) => e.key)).toContain("captionTooLongFor");
  });

  test("a link draws the cost warning, with a stable key in both languages, unless it goes in a reply", () => {
    const withLink = x("Our menu: https://sufra.kw/menu");
    expect(withLink.warnings).toContainEqual({ key: "xLinkCosts", params: { platform: "twitter" } });
    expect(messageText("xLinkCosts", "en", { platform: "X" })).toMatch(/link/);
    expect(messageText("xLinkCosts", "ar", { platform: "إكس" })).toMatch(/رابط/);
    const moved = x("Our menu: https://sufra.kw/menu", { twitter: { thread: false, linkInReply: true } });
    expect(moved.warnings.map((w) => w.key)).not.toContain("xLinkCosts");
    expect(moved.thread).toEqual(["Our menu:", "https://sufra.kw/menu"]);
    // other networks get no X warning
    expect(
      previewPost({ content: "https://sufra.kw", platforms: ["facebook"] })[0]!.warnings.map((w) => w.key),
    ).not.toContain("xLinkCosts");
  });

  test("an animated GIF: X takes one alone, up to 15 MB; Instagram takes none", () => {
    const gif = { kind: "image" as const, mime: "image/gif", bytes: 8 * 1024 * 1024, width: 480, height: 480 };
    const photo = { kind: "image" as const, mime: "image/jpeg", bytes: 100_000, width: 1080, height: 1080 };
    expect(previewPost({ content: "hi", platforms: ["twitter"], media: [gif] })[0]!.errors).toEqual([]);
    expect(
      previewPost({ content: "hi", platforms: ["twitter"], media: [gif, photo] })[0]!.errors.map((e) => e.key),
    ).toContain("gifAloneFor");
    expect(
      previewPost({
        content: "hi",
        platforms: ["twitter"],
        media: [{ ...gif, bytes: 16 * 1024 * 1024 }],
      })[0]!.errors.map((e) => e.key),
    ).toContain("mediaImageTooLargeFor");
    expect(
      previewPost({ content: "hi", platforms: ["instagram"], media: [gif] })[0]!.errors.map((e) => e.key),
    ).toContain("mediaGifNotTakenBy");
  });
});
