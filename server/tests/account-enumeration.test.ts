// Forgot-password and resend-verification by address answer the same, after the same work, whether or
// not the address has an account: the look-up, the link and the mail happen in a job, off the request.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { call, gql, registeredClient, signUp, startTestApp, type TestApp } from "./support/app.ts";
import { startMailbox, tokenFrom } from "./support/mailbox.ts";
import { countStatements, statementsOf } from "./support/sql-count.ts";

let app: TestApp;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;

beforeAll(async () => {
  mailbox = await startMailbox();
  app = await startTestApp({ SMTP_URL: mailbox.url });
  countStatements(app.sufra.server!.httpServer);
});

afterAll(async () => {
  await app?.stop();
  await mailbox?.close();
});

/** The request's answer and the SQL it ran, with parameters left out (they name the address). */
async function counted(path: string, email: string, lang?: string) {
  const id = randomUUID();
  const r = await call(app.base, "POST", path, { body: { email }, lang, headers: { "x-count-sql": id } });
  // a NOTIFY carries its payload inline (the new job's id): compare its shape only
  return {
    status: r.status,
    body: r.body,
    sql: statementsOf(id).map((q) => q.replace(/^NOTIFY (\S+) '.*'$/s, "NOTIFY $1 '…'")),
  };
}

const ghost = () => `ghost-${randomUUID().slice(0, 8)}@example.kw`;

describe("no account enumeration by address", () => {
  test("forgot-password: same answer and the same SQL for a known and an unknown address; the mail still arrives", async () => {
    let c: Awaited<ReturnType<typeof registeredClient>> | undefined;
    for (const lang of ["en", "ar"]) {
      c = await registeredClient(app.base);
      const known = await counted("/api/auth/forgot-password", c.email, lang);
      const unknown = await counted("/api/auth/forgot-password", ghost(), lang);
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(known.status);
      expect(unknown.body).toEqual(known.body);
      expect(known.sql.length).toBeGreaterThan(0);
      expect(unknown.sql).toEqual(known.sql);
      // nothing about the person is read on the request path
      expect(known.sql.some((q) => /"users"|"email_tokens"|"outbound_mail"/.test(q))).toBe(false);
    }
    // asked once for this address: the one link in force
    const mail = await mailbox.waitFor(c!.email, /reset-password/);
    const token = tokenFrom(mail, "/reset-password");
    expect(
      (await call(app.base, "POST", "/api/auth/reset-password", { body: { token, new_password: "Cardamom#77" } }))
        .status,
    ).toBe(200);
  });

  test("forgot-password over GraphQL answers the same for both, and mails only the known address", async () => {
    const c = await registeredClient(app.base);
    const nobody = ghost();
    const q = "mutation($e: String!) { forgotPassword(email: $e) }";
    expect(await gql(app.base, q, { e: c.email })).toEqual(await gql(app.base, q, { e: nobody }));
    await mailbox.waitFor(c.email, /reset-password/);
    // the job for the unknown address has had as long to run: still no mail to it
    await new Promise((r) => setTimeout(r, 500));
    expect(mailbox.mails.some((m) => m.to.includes(nobody))).toBe(false);
  });

  test("resend-verification by address: same answer and SQL for a pending account and an unknown address; the link arrives", async () => {
    const payload = signUp();
    expect((await call(app.base, "POST", "/api/auth/register", { body: payload })).status).toBe(201);
    const known = await counted("/api/auth/resend-verification", payload.email);
    const unknown = await counted("/api/auth/resend-verification", ghost());
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(unknown.sql).toEqual(known.sql);
    // the sign-up mail and the one asked for again
    for (let i = 0; i < 50 && mailbox.mails.filter((m) => m.to.includes(payload.email)).length < 2; i++)
      await new Promise((r) => setTimeout(r, 200));
    expect(mailbox.mails.filter((m) => m.to.includes(payload.email)).length).toBe(2);
  });
});
