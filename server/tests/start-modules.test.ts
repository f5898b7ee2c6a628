// What a start loads (docs/scaling.md#memory): the heavy packages a café rarely needs (PDF
// drawing, QR codes, mail, pictures, the OpenAI SDK, spreadsheets, the schema engine's bindings) load
// on first use, never with the server. A real process is started with a loader hook that writes every
// import it makes (tests/support/module-log.mjs); a later eager import of one of them fails here.
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { call, freshDatabase, gql, signedInBusiness, startSecondProcess } from "./support/app.ts";
import { clientOperation, POSTS_LIST } from "./support/posts-page.ts";

/** Packages that load on first use only, each behind its module's face. */
const ON_FIRST_USE = [
  "pdfkit",
  "fontkit",
  "qrcode",
  "bidi-js",
  "nodemailer",
  "sharp",
  "openai",
  "write-excel-file/node",
  "@prisma/schema-engine-wasm/schema_engine_bg",
];

const log = path.join(mkdtempSync(path.join(os.tmpdir(), "sufra-module-log-")), "imports.txt");
/** The bare specifiers (packages) imported so far, from the log's "<specifier>\t<importer>" lines. */
const packagesImported = () =>
  new Set(
    readFileSync(log, "utf8")
      .split("\n")
      .map((line) => line.split("\t")[0])
      .filter((s) => s && !/^(\.|\/|file:|node:|data:)/.test(s)),
  );

describe("what a start loads", () => {
  let server: Awaited<ReturnType<typeof startSecondProcess>>;
  let base = "";

  beforeAll(async () => {
    server = await startSecondProcess(await freshDatabase(), {
      NODE_OPTIONS: `--import=${path.join(import.meta.dirname, "support/module-log.mjs")}`,
      SUFRA_MODULE_LOG: log,
    });
    base = server.base;
  }, 120_000);
  afterAll(async () => server?.stop(), 20_000);

  test("a started server that has served sign-in, the posts page and the dashboard has loaded none of the heavy packages", async () => {
    const cafe = await signedInBusiness(base);
    const page = await gql(base, POSTS_LIST, { first: 20 }, cafe.token);
    expect(page.errors).toBeUndefined();
    const dashboard = await gql(
      base,
      clientOperation("ClientDashboard", ["modules/dashboard/dashboard.graphql", "shared/fragments.graphql"]),
      {},
      cafe.token,
    );
    expect(dashboard.errors).toBeUndefined();
    const rest = await call(base, "GET", "/api/posts?limit=20", { token: cafe.token });
    expect(rest.status).toBe(200);

    const loaded = packagesImported();
    // the log is live: the server's own packages are in it
    for (const used of ["graphql", "express", "@prisma/adapter-pg", "pg", "jose"]) expect(loaded).toContain(used);
    expect(ON_FIRST_USE.filter((p) => loaded.has(p))).toEqual([]);
  });

  test("a heavy package loads when first used: the first PDF export loads pdfkit", async () => {
    const cafe = await signedInBusiness(base);
    expect(packagesImported().has("pdfkit")).toBe(false);
    const r = await fetch(
      `${base}/api/analytics/export?format=pdf&client_id=${cafe.businessId}&from=2026-01-01&to=2026-01-31`,
      { headers: { authorization: `Bearer ${cafe.token}` } },
    );
    expect(r.status).toBe(200);
    expect(
      Buffer.from(await r.arrayBuffer())
        .subarray(0, 5)
        .toString("latin1"),
    ).toBe("%PDF-");
    expect(packagesImported().has("pdfkit")).toBe(true);
  });
});
