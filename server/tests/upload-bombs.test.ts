// Files built to hurt the server: pictures that are small on the wire but huge once decoded, videos
// whose header claims hours, many uploads at once from one business, and multipart bodies that are
// not multipart. Each is refused (or queued) before any heavy work, in the person's language.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import sharp from "sharp";
import { call, signedInBusiness, startTestApp, type TestApp } from "./support/app.ts";
import { mp4 } from "./support/mp4.ts";

let app: TestApp;
/** 16000 × 16000 (256 megapixels) of one grey: under 1 MB as a PNG, about 768 MB once decoded */
let bomb: Buffer;
beforeAll(async () => {
  app = await startTestApp();
  bomb = await sharp(Buffer.from([200]), { raw: { width: 1, height: 1, channels: 1 } })
    .resize(16000, 16000, { kernel: "nearest" })
    .png({ compressionLevel: 6 })
    .toBuffer();
});
afterAll(async () => {
  await app?.stop();
});

async function upload(token: string, file: Buffer, name: string, opts: { lang?: string } = {}) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(file)]), name);
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (opts.lang) headers["accept-language"] = opts.lang;
  const started = Date.now();
  const res = await fetch(`${app.base}/api/posts/media`, { method: "POST", headers, body: form });
  return { status: res.status, body: await res.json(), ms: Date.now() - started };
}

/** A baseline JPEG whose frame header (SOF) is rewritten to claim another size: the pixels are not there. */
async function lyingJpeg(width: number, height: number) {
  const j = Buffer.from(
    await sharp({ create: { width: 16, height: 16, channels: 3, background: "#a06040" } })
      .jpeg()
      .toBuffer(),
  );
  for (let i = 2; i < j.length - 9; i++) {
    // SOF0 (baseline) or SOF2 (progressive): FF C0/C2, length(2), precision(1), height(2), width(2)
    if (j[i] === 0xff && (j[i + 1] === 0xc0 || j[i + 1] === 0xc2)) {
      j.writeUInt16BE(height, i + 5);
      j.writeUInt16BE(width, i + 7);
      return j;
    }
  }
  throw new Error("no SOF marker");
}

/** Varied pixels (so the work is real), under the image limit. */
const photo = (width: number, height: number) =>
  sharp({
    create: { width, height, channels: 3, background: "#000000", noise: { type: "gaussian", mean: 128, sigma: 40 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();

describe("decompression bombs", () => {
  test("a 16000 × 16000 PNG is refused from its header, at once, in English and Arabic", async () => {
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const b = await signedInBusiness(app.base);
    const en = await upload(b.token, bomb, "bomb.png");
    expect(en.status).toBe(400);
    expect(en.body).toEqual({
      code: "MEDIA_DIMENSIONS_TOO_LARGE",
      message:
        "The picture is too large in pixels. Make it smaller and upload it again: Images can be at most 50 megapixels; this one is 256 megapixels; Images can be at most 8,192 pixels wide or tall; this one is 16,000 × 16,000",
      details: {
        file: [
          "Images can be at most 50 megapixels; this one is 256 megapixels",
          "Images can be at most 8,192 pixels wide or tall; this one is 16,000 × 16,000",
        ],
      },
    });
    // decoding it took half a minute; reading its header takes milliseconds (generous for a loaded machine)
    expect(en.ms).toBeLessThan(3000);
    const ar = await upload(b.token, bomb, "bomb.png", { lang: "ar" });
    expect(ar.status).toBe(400);
    expect(ar.body.details.file).toEqual([
      "يجب ألا تزيد دقة الصورة على ٥٠ ميغابكسل؛ ودقة هذه الصورة ٢٥٦ ميغابكسل",
      "يجب ألا يزيد عرض الصورة أو ارتفاعها على ٨٬١٩٢ بكسل؛ وأبعاد هذه الصورة ١٦٬٠٠٠ × ١٦٬٠٠٠",
    ]);
    expect(ar.body.message).toMatch(/^أبعاد الصورة كبيرة جدًا/);
    // nothing was stored
    expect((await call(app.base, "GET", "/api/posts/media", { token: b.token })).body.total_count).toBe(0);
  });

  test("a 100 × 60000 strip (6 megapixels) is refused by its side", async () => {
    const b = await signedInBusiness(app.base);
    const strip = await sharp(Buffer.from([90]), { raw: { width: 1, height: 1, channels: 1 } })
      .resize(100, 60000, { kernel: "nearest" })
      .png()
      .toBuffer();
    const r = await upload(b.token, strip, "strip.png");
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("MEDIA_DIMENSIONS_TOO_LARGE");
    expect(r.body.details).toEqual({
      file: ["Images can be at most 8,192 pixels wide or tall; this one is 100 × 60,000"],
    });
  });

  test("a JPEG whose header claims 60000 × 60000 is refused by what it claims, not called unreadable", async () => {
    const b = await signedInBusiness(app.base);
    const r = await upload(b.token, await lyingJpeg(60000, 60000), "liar.jpg", { lang: "ar" });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("MEDIA_DIMENSIONS_TOO_LARGE");
    expect(r.body.details.file[0]).toBe("يجب ألا تزيد دقة الصورة على ٥٠ ميغابكسل؛ ودقة هذه الصورة ٣٬٦٠٠ ميغابكسل");
  });

  test("three bombs at once: all refused, and the server keeps answering others meanwhile", async () => {
    const b = await signedInBusiness(app.base);
    const bombs = Promise.all([1, 2, 3].map((i) => upload(b.token, bomb, `bomb-${i}.png`)));
    const health = await call(app.base, "GET", "/api/health");
    expect(health.status).toBe(200);
    for (const r of await bombs) {
      expect(r.status).toBe(400);
      expect(r.body.code).toBe("MEDIA_DIMENSIONS_TOO_LARGE");
    }
  });

  test("a picture as wide as the limit (8192 × 3000) is still taken", async () => {
    const b = await signedInBusiness(app.base);
    const big = await sharp(Buffer.from([120, 90, 60]), { raw: { width: 1, height: 1, channels: 3 } })
      .resize(8192, 3000, { kernel: "nearest" })
      .jpeg({ quality: 70 })
      .toBuffer();
    const r = await upload(b.token, big, "wide.jpg");
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ width: 8192, height: 3000 });
  });
});

describe("videos over the limits", () => {
  test("an MP4 claiming 20 minutes, or 7680 × 4320, is refused from its boxes in both languages", async () => {
    const b = await signedInBusiness(app.base);
    const long = await upload(b.token, mp4({ seconds: 20 * 60, width: 1080, height: 1920 }), "long.mp4");
    expect(long.status).toBe(400);
    expect(long.body).toEqual({
      code: "MEDIA_VIDEO_TOO_LONG",
      message: "The video is too long: Videos can be at most 15 minutes long; this one is 20 minutes",
      details: { file: ["Videos can be at most 15 minutes long; this one is 20 minutes"] },
    });
    const ar = await upload(b.token, mp4({ seconds: 20 * 60, width: 1080, height: 1920 }), "long.mp4", { lang: "ar" });
    expect(ar.body.message).toBe("الفيديو طويل جدًا: يجب ألا تزيد مدة الفيديو على ١٥ دقيقة؛ ومدة هذا الفيديو ٢٠ دقيقة");

    // a header that says "four billion seconds" (it would not even fit the database's column)
    const forever = await upload(
      b.token,
      mp4({ seconds: 0xffffffff, width: 640, height: 360, timescale: 1 }),
      "forever.mp4",
    );
    expect(forever.status).toBe(400);
    expect(forever.body.code).toBe("MEDIA_VIDEO_TOO_LONG");

    const eightK = await upload(b.token, mp4({ seconds: 10, width: 7680, height: 4320 }), "8k.mp4");
    expect(eightK.status).toBe(400);
    expect(eightK.body).toMatchObject({
      code: "MEDIA_DIMENSIONS_TOO_LARGE",
      details: { file: ["Videos can be at most 4,096 pixels wide or tall; this one is 7,680 × 4,320"] },
    });

    // 4K from a phone, 15 minutes exactly: taken
    expect((await upload(b.token, mp4({ seconds: 15 * 60, width: 3840, height: 2160 }), "ok.mp4")).status).toBe(201);
  });
});

describe("how many pictures are worked on at once", () => {
  test("one business's many uploads queue behind each other; another business's upload is not stuck behind them", async () => {
    const gate = app.sufra.services.media.processing;
    const [a, b] = [await signedInBusiness(app.base), await signedInBusiness(app.base)];
    const picture = await photo(2400, 1800);
    const finished: string[] = [];
    const aUploads = [1, 2, 3, 4].map((i) =>
      upload(a.token, picture, `a-${i}.jpg`).then((r) => (finished.push(`a${i}`), r)),
    );
    // wait until all four of A's are in (one working, three waiting), then B sends one
    for (let i = 0; i < 600; i++) {
      const s = gate.snapshot().byBusiness[a.businessId];
      if (s && s.running + s.waiting === 4) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(gate.snapshot().byBusiness[a.businessId]).toEqual({
      running: gate.limits.perBusiness,
      waiting: 4 - gate.limits.perBusiness,
    });
    const bUpload = upload(b.token, picture, "b.jpg").then((r) => (finished.push("b"), r));
    const all = await Promise.all([...aUploads, bUpload]);
    for (const r of all) expect(r.status).toBe(201);
    // B did not wait for A's queue: its answer came before A's last (A's four reach the server in any order)
    expect(finished.indexOf("b")).toBeLessThan(finished.length - 1);
    expect(finished[finished.length - 1]).toMatch(/^a\d$/);
    const peak = gate.snapshot().peak;
    expect(peak.perBusiness).toBeLessThanOrEqual(gate.limits.perBusiness);
    expect(peak.process).toBeLessThanOrEqual(gate.limits.perProcess);
    expect(peak.process).toBeGreaterThanOrEqual(2);
  });

  test("more uploads at once than a carousel holds: the extra ones are told to wait, in both languages", async () => {
    const gate = app.sufra.services.media.processing;
    const a = await signedInBusiness(app.base);
    const picture = await photo(1600, 1200);
    const n = gate.limits.perBusiness + gate.limits.waitingPerBusiness + 2;
    const answers = await Promise.all(
      Array.from({ length: n }, (_, i) => upload(a.token, picture, `many-${i}.jpg`, { lang: i % 2 ? "ar" : "en" })),
    );
    const refused = answers.filter((r) => r.status === 429);
    expect(answers.filter((r) => r.status === 201).length).toBeGreaterThanOrEqual(
      gate.limits.perBusiness + gate.limits.waitingPerBusiness,
    );
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(refused.length + answers.filter((r) => r.status === 201).length).toBe(n);
    for (const r of refused) {
      expect(r.body.code).toBe("MEDIA_BUSY");
      expect(r.body.message).toMatch(/^(You are uploading many files at once|ترفع ملفات كثيرة في وقت واحد)/);
    }
    // a dozen photos worked on for real: on a busy two-core runner that takes longer than jest's default 30 s; the
    // test asserts counts (taken, told to wait), never a time
  }, 120_000);
});

describe("malformed multipart bodies", () => {
  const paths = ["/api/posts/media", "/api/reviews/import", "/api/competitors/import"];
  const cases: [string, string, string][] = [
    [
      "no boundary",
      "multipart/form-data",
      '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nabc\r\n--x--\r\n',
    ],
    [
      "truncated body",
      "multipart/form-data; boundary=x",
      '--x\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff\xe0 and then nothing',
    ],
    [
      "a part header that is not a header",
      "multipart/form-data; boundary=x",
      "--x\r\nthis is not a header line\r\n\r\nabc\r\n--x--\r\n",
    ],
    ["a body that is not multipart at all", "multipart/form-data; boundary=x", '{"csv": "a,b"}'],
    [
      "an unsupported multipart type",
      "multipart/mixed; boundary=x",
      '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nabc\r\n--x--\r\n',
    ],
    [
      "a file in a field nobody reads",
      "multipart/form-data; boundary=x",
      '--x\r\nContent-Disposition: form-data; name="\x01\x02garbage"; filename="a.csv"\r\n\r\nabc\r\n--x--\r\n',
    ],
  ];

  test.each(cases)(
    "%s: 400 with the catalogue's text on every multipart path, nothing internal",
    async (_name, type, body) => {
      const b = await signedInBusiness(app.base);
      for (const p of paths) {
        for (const lang of ["en", "ar"]) {
          const res = await fetch(app.base + p, {
            method: "POST",
            headers: { authorization: `Bearer ${b.token}`, "content-type": type, "accept-language": lang },
            body: new Uint8Array(Buffer.from(body, "latin1")),
          });
          const text = await res.text();
          expect([p, res.status]).toEqual([p, 400]);
          const json = JSON.parse(text);
          expect(Object.keys(json).sort()).toEqual(["code", "message", ...(json.details ? ["details"] : [])].sort());
          expect(text).not.toMatch(/busboy|multer|Multipart:|Unexpected end|Malformed|node_modules|\.ts:|\bat \w/);
          if (json.code === "MALFORMED_UPLOAD") {
            expect(json.message).toBe(
              lang === "ar"
                ? 'تعذرت قراءة الملف المرفوع. أرسل ملفًا واحدًا في حقل النموذج "file" ثم حاول مرة أخرى'
                : 'The upload could not be read. Send one file in the form field "file" and try again',
            );
          }
        }
      }
    },
  );

  test("the cases multer itself refuses are the same 400: no boundary, truncated, and a garbage field", async () => {
    const b = await signedInBusiness(app.base);
    for (const [, type, body] of cases.slice(0, 3)) {
      for (const p of paths) {
        const r = await fetch(app.base + p, {
          method: "POST",
          headers: { authorization: `Bearer ${b.token}`, "content-type": type },
          body: new Uint8Array(Buffer.from(body, "latin1")),
        });
        expect([p, r.status, ((await r.json()) as { code: string }).code]).toEqual([p, 400, "MALFORMED_UPLOAD"]);
      }
      // GraphQL takes no uploads: a multipart body there is refused before anything reads it
      const g = await fetch(`${app.base}/graphql`, {
        method: "POST",
        headers: { authorization: `Bearer ${b.token}`, "content-type": type },
        body: new Uint8Array(Buffer.from(body, "latin1")),
      });
      expect(g.status).toBe(400);
      expect(await g.text()).not.toMatch(/busboy|multer|node_modules|\.ts:/);
    }
  });

  test("a form field with a huge array index does not make the server build a huge array", async () => {
    const b = await signedInBusiness(app.base);
    const form = new FormData();
    form.append("platforms[999999999]", "instagram");
    form.append("file", new Blob([new Uint8Array(await photo(64, 64))]), "tiny.jpg");
    const started = Date.now();
    const res = await fetch(`${app.base}/api/posts/media`, {
      method: "POST",
      headers: { authorization: `Bearer ${b.token}` },
      body: form,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe("MALFORMED_UPLOAD");
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
