// The review rules both sides share: the form's fields and their messages, the reply, the list's
// filters, the import key, and the CSV reader (RFC 4180 quoting, line breaks in quotes, a BOM,
// Arabic headers and text, and the file-level refusals).
import { describe, expect, test } from "@jest/globals";
import {
  fieldErrors,
  findReviewSource,
  kuwaitDate,
  addDays,
  parseCsv,
  parseReviewDate,
  readReviewCsv,
  REVIEW_IMPORT_MAX_ROWS,
  REVIEW_SOURCE_KEYS,
  REVIEW_SOURCES,
  REVIEW_TOPIC_KEYS,
  REVIEW_TOPICS,
  reviewImportKeyText,
  reviewInputSchema,
  reviewReplySchema,
  reviewsQuerySchema,
  utf8Length,
  messageText,
} from "./index.ts";

const errorsOf = (r: { success: boolean; error?: unknown }) => (r.success ? {} : fieldErrors(r.error as never));
const valid = { source: "google", author: "Fatma", rating: 4, text: "Lovely karak", reviewedAt: "2026-01-15" };

describe("vocabularies", () => {
  test("every source and topic has an English and an Arabic label", () => {
    expect(REVIEW_SOURCE_KEYS).toEqual([
      "google",
      "instagram",
      "talabat",
      "deliveroo",
      "carriage",
      "facebook",
      "tripadvisor",
      "manual",
      "other",
    ]);
    expect(REVIEW_TOPIC_KEYS).toEqual(["food", "service", "delivery", "price", "cleanliness"]);
    for (const l of [...Object.values(REVIEW_SOURCES), ...Object.values(REVIEW_TOPICS)]) {
      expect(l.en).toMatch(/[A-Za-z]/);
      expect(l.ar).toMatch(/\p{Script=Arabic}/u);
    }
  });

  test.each([
    ["google", "google"],
    ["Google Maps", "google"],
    ["قوقل", "google"],
    ["طلبات", "talabat"],
    ["TALABAT", "talabat"],
    ["انستقرام", "instagram"],
    ["Trip Advisor", "tripadvisor"],
    ["myspace", null],
    ["", null],
  ])("source %j -> %j", (text, key) => expect(findReviewSource(text)).toBe(key));
});

describe("the review form", () => {
  test("a valid review, with its text trimmed and the source read from its name", () => {
    const r = reviewInputSchema.parse({
      ...valid,
      source: "Talabat",
      author: "  Abu  Salem ",
      text: "  Great\r\nfood  ",
    });
    expect(r).toEqual({
      source: "talabat",
      author: "Abu Salem",
      rating: 4,
      text: "Great\nfood",
      reviewedAt: "2026-01-15",
    });
  });

  test("ratings written as text, in Arabic digits, as 4/5 or stars", () => {
    expect(reviewInputSchema.parse({ ...valid, rating: "٤" }).rating).toBe(4);
    expect(reviewInputSchema.parse({ ...valid, rating: "5/5" }).rating).toBe(5);
    expect(reviewInputSchema.parse({ ...valid, rating: "★★★" }).rating).toBe(3);
  });

  test.each([0, 6, 3.5, "four", null])("rating %j is refused", (rating) => {
    expect(errorsOf(reviewInputSchema.safeParse({ ...valid, rating }))).toEqual({ rating: ["reviewRatingRange"] });
  });

  test("every field's own message, and one message per field", () => {
    expect(errorsOf(reviewInputSchema.safeParse({}))).toEqual({
      source: ["reviewSourceInvalid"],
      author: ["reviewAuthorRequired"],
      rating: ["reviewRatingRange"],
      text: ["reviewTextRequired"],
      reviewedAt: ["reviewDateInvalid"],
    });
    expect(errorsOf(reviewInputSchema.safeParse({ ...valid, author: "   ", text: "" }))).toEqual({
      author: ["reviewAuthorRequired"],
      text: ["reviewTextRequired"],
    });
    expect(errorsOf(reviewInputSchema.safeParse({ ...valid, author: "ن".repeat(81), text: "x".repeat(2001) }))).toEqual(
      { author: ["reviewAuthorTooLong"], text: ["reviewTextTooLong"] },
    );
    // 80 Arabic letters and 2,000 characters are fine (code points, not bytes)
    expect(reviewInputSchema.safeParse({ ...valid, author: "ن".repeat(80), text: "😀".repeat(2000) }).success).toBe(
      true,
    );
  });

  test("dates: several ways of writing them, never in the future, never before 2000", () => {
    expect(parseReviewDate("2026-03-01")).toBe("2026-03-01");
    expect(parseReviewDate("2026/3/1")).toBe("2026-03-01");
    expect(parseReviewDate("01/03/2026")).toBe("2026-03-01");
    expect(parseReviewDate("١٥/٠١/٢٠٢٦")).toBe("2026-01-15");
    expect(parseReviewDate("2026-03-01T21:15:00Z")).toBe("2026-03-01");
    expect(parseReviewDate("2026-02-30")).toBeNull();
    expect(parseReviewDate("yesterday")).toBeNull();
    const tomorrow = addDays(kuwaitDate(), 1);
    expect(errorsOf(reviewInputSchema.safeParse({ ...valid, reviewedAt: tomorrow }))).toEqual({
      reviewedAt: ["reviewDateFuture"],
    });
    expect(reviewInputSchema.parse({ ...valid, reviewedAt: kuwaitDate() }).reviewedAt).toBe(kuwaitDate());
    expect(errorsOf(reviewInputSchema.safeParse({ ...valid, reviewedAt: "1999-12-31" }))).toEqual({
      reviewedAt: ["reviewDateInvalid"],
    });
  });

  test("the messages exist in both languages", () => {
    expect(messageText("reviewRatingRange", "en")).toBe("Rating must be a whole number from 1 to 5");
    expect(messageText("reviewRatingRange", "ar")).toBe("يجب أن يكون التقييم عددًا صحيحًا من ١ إلى ٥");
    expect(messageText("reviewImportColumnsMissing", "ar")).toContain("الكاتب");
  });
});

describe("the reply and the list's filters", () => {
  test("a reply is 1 to 1,000 characters, trimmed", () => {
    expect(reviewReplySchema.parse({ reply: "  Thank you!  " })).toEqual({ reply: "Thank you!" });
    expect(errorsOf(reviewReplySchema.safeParse({ reply: " " }))).toEqual({ reply: ["reviewReplyRequired"] });
    expect(errorsOf(reviewReplySchema.safeParse({ reply: "a".repeat(1001) }))).toEqual({
      reply: ["reviewReplyTooLong"],
    });
  });

  test("filters: status (or all), rating, sentiment, pages", () => {
    expect(reviewsQuerySchema.parse({})).toEqual({ page: 1, limit: 20 });
    expect(
      reviewsQuerySchema.parse({ status: "Unanswered", rating: "2", sentiment: "NEGATIVE", page: "3", limit: "50" }),
    ).toEqual({ status: "unanswered", rating: 2, sentiment: "negative", page: 3, limit: 50 });
    expect(reviewsQuerySchema.parse({ status: "all" }).status).toBeUndefined();
    expect(errorsOf(reviewsQuerySchema.safeParse({ status: "archived", rating: 7, limit: 500 }))).toEqual({
      status: ["invalidStatus"],
      rating: ["reviewRatingRange"],
      limit: ["invalidPageSize"],
    });
  });

  test("the import key ignores case and spacing, not the words", () => {
    const a = reviewImportKeyText({
      source: "google",
      author: "Fatma ",
      reviewedAt: "2026-01-15",
      text: "Lovely  KARAK",
    });
    const b = reviewImportKeyText({
      source: "google",
      author: "fatma",
      reviewedAt: "2026-01-15",
      text: "lovely karak",
    });
    const c = reviewImportKeyText({ source: "google", author: "fatma", reviewedAt: "2026-01-15", text: "lovely tea" });
    expect(a).toBe(b);
    expect(a).not.toBe(c);
  });
});

describe("CSV", () => {
  test("quoted fields with commas, doubled quotes and line breaks; CRLF; a BOM", () => {
    const text = '\ufeffa,b,c\r\n1,"two, three","say ""hi"""\r\n"multi\r\nline",x,\r\n';
    expect(parseCsv(text)).toEqual({
      records: [
        { line: 1, fields: ["a", "b", "c"] },
        { line: 2, fields: ["1", "two, three", 'say "hi"'] },
        { line: 3, fields: ["multi\nline", "x", ""] },
      ],
    });
  });

  test("no final line break; a semicolon file; an unclosed quote names its line", () => {
    expect(parseCsv("a,b\n1,2").records).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 2, fields: ["1", "2"] },
    ]);
    expect(parseCsv("a;b\n1,5;2").records[1]!.fields).toEqual(["1,5", "2"]);
    expect(parseCsv('a,b\n1,"open\n2,3\n')).toEqual({ records: [{ line: 1, fields: ["a", "b"] }], unclosedQuoteAt: 2 });
  });

  test("line endings of any kind, mixed in one file, count as the person sees them", () => {
    expect(parseCsv('a,b\r1,"x\ry"\n2,3\r\n\r\n4,5').records).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 2, fields: ["1", "x\ny"] },
      { line: 4, fields: ["2", "3"] },
      { line: 5, fields: [""] },
      { line: 6, fields: ["4", "5"] },
    ]);
    expect(parseCsv('a,b\n"one\ntwo","three\nfour"\n5,"open\n6').unclosedQuoteAt).toBe(5);
  });

  test("text after a closing quote is refused at its line, not read as one field running into the next rows", () => {
    expect(parseCsv('a,b\n1,2\n"12" inch,3\n"x",4\n')).toEqual({
      records: [
        { line: 1, fields: ["a", "b"] },
        { line: 2, fields: ["1", "2"] },
      ],
      unclosedQuoteAt: 3,
    });
    expect(readReviewCsv('author,rating,text,date\nAli,4,"Nice" place,2026-01-01\n')).toEqual({
      ok: false,
      problem: "reviewImportUnclosedQuote",
    });
    // spaces after a closing quote are the file's layout, not the field's
    expect(parseCsv('a,b\n"x" ,"y"\n').records[1]!.fields).toEqual(["x", "y"]);
  });

  test("a tab-separated file, commas in its figures", () => {
    expect(parseCsv("a\tb\n1,5\t2\n").records[1]!.fields).toEqual(["1,5", "2"]);
  });

  test("Arabic headers and text, in any column order; lines counted across quoted line breaks", () => {
    const csv = [
      "التاريخ,الكاتب,التقييم,النص,المصدر",
      '2026-01-10,أم محمد,2,"الأكل وصل بارد،\nوالتوصيل متأخر",طلبات',
      "",
      "11/01/2026,Ali,5,Great,google",
    ].join("\n");
    const r = readReviewCsv(csv);
    expect(r).toEqual({
      ok: true,
      rows: [
        {
          line: 2,
          source: "طلبات",
          author: "أم محمد",
          rating: "2",
          text: "الأكل وصل بارد،\nوالتوصيل متأخر",
          date: "2026-01-10",
        },
        { line: 5, source: "google", author: "Ali", rating: "5", text: "Great", date: "11/01/2026" },
      ],
    });
  });

  test("source may be left out; headers are case-insensitive", () => {
    const r = readReviewCsv("Author,RATING,Text,Date\nAli,4,Nice,2026-01-01\n");
    expect(r.ok && r.rows[0]).toEqual({
      line: 2,
      source: "",
      author: "Ali",
      rating: "4",
      text: "Nice",
      date: "2026-01-01",
    });
  });

  test("file-level refusals", () => {
    expect(readReviewCsv("")).toEqual({ ok: false, problem: "reviewImportEmpty" });
    expect(readReviewCsv("author,rating,text,date\n\n")).toEqual({ ok: false, problem: "reviewImportEmpty" });
    expect(readReviewCsv("name,stars,comment\nAli,4,Nice")).toEqual({
      ok: false,
      problem: "reviewImportColumnsMissing",
    });
    expect(readReviewCsv('author,rating,text,date\nAli,4,"Nice,2026-01-01')).toEqual({
      ok: false,
      problem: "reviewImportUnclosedQuote",
    });
    expect(readReviewCsv("PK\u0003\u0004\u0000\u0000")).toEqual({ ok: false, problem: "reviewImportNotText" });
    const many = [
      "author,rating,text,date",
      ...Array.from({ length: REVIEW_IMPORT_MAX_ROWS + 1 }, (_, i) => `A${i},4,t,2026-01-01`),
    ].join("\n");
    expect(readReviewCsv(many)).toEqual({ ok: false, problem: "reviewImportTooManyRows" });
    const big = `author,rating,text,date\nA,4,"${"ك".repeat(600_000)}",2026-01-01`;
    expect(readReviewCsv(big)).toEqual({ ok: false, problem: "reviewImportTooLarge" });
  });

  test("UTF-8 length counts Arabic letters as two bytes and emoji as four", () => {
    expect(utf8Length("aك😀")).toBe(1 + 2 + 4);
  });
});
