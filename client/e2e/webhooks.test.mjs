// Webhooks as an owner sets them up (docs/product.md#webhooks): on /webhooks a Premium business adds its
// receiver's address, copies the secret shown once, sends a test event, and the receiver gets a ping
// signed with that secret; the delivery log then shows it delivered with the receiver's answer. The
// receiver is a plain http server on a loopback address the e2e server is told to allow (support.mjs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import {
  approveByEmail,
  browser,
  screenshot,
  server,
  signInAs,
  uniqueEmail,
  until,
  useHarness,
  WEBHOOK_RECEIVER_HOST,
} from "./support.mjs";

useHarness();

const json = { "content-type": "application/json" };

/** A receiver that keeps every request's raw body and headers, and answers 200 "thanks". */
async function receiver() {
  const got = [];
  const srv = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      got.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(200, { "content-type": "text/plain" }).end("thanks");
    });
  });
  await new Promise((r) => srv.listen(0, WEBHOOK_RECEIVER_HOST, r));
  return {
    url: `http://${WEBHOOK_RECEIVER_HOST}:${srv.address().port}/sufra`,
    got,
    close: () => new Promise((r) => srv.close(r)),
  };
}

/** docs/product.md#webhooks: HMAC-SHA256 with the secret over "<t>.<raw body>", any v1 may match. */
function verified(header, body, secret) {
  const parts = String(header)
    .split(",")
    .map((p) => p.split("="));
  const t = parts.find(([k]) => k === "t")?.[1];
  const expected = createHmac("sha256", secret).update(`${t}.`).update(body).digest();
  return parts.some(([k, v]) => k === "v1" && timingSafeEqual(Buffer.from(v, "hex"), expected));
}

test("an owner adds an endpoint, copies its secret once, sends a test event and sees it delivered, signed", async () => {
  const email = uniqueEmail("webhooks");
  const reg = await fetch(`${server.base}/api/auth/register`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({
      email,
      password: "Saffron#2026",
      company_name: "Hook Cafe",
      contact_name: "Noura",
      phone: "+96555551234",
      requested_plan: "premium",
      address: "",
    }),
  });
  assert.equal(reg.status, 201, await reg.clone().text());
  await approveByEmail(server.base, email);
  const hook = await receiver();
  const page = await browser.page(server.base);
  try {
    await signInAs(page, email, "Saffron#2026");
    await page.getByRole("menuitem", { name: "Webhooks" }).click();
    await page.getByRole("heading", { level: 1, name: "Webhooks" }).waitFor();
    await page.getByText(/No endpoints yet/).waitFor();

    // a private address is refused under the field, in the person's words
    await page.getByTestId("add-endpoint").click();
    const form = page.getByRole("dialog");
    await form.getByLabel("Address (URL)").fill("http://10.1.2.3/hook");
    await form.getByTestId("endpoint-submit").click();
    await form.getByText("This address is on a private network; Sufra sends events only to public addresses").waitFor();

    await form.getByLabel("Address (URL)").fill(hook.url);
    await form.getByLabel("Note").fill("Our till");
    await form.getByTestId("endpoint-submit").click();
    const secret = (await page.getByTestId("new-secret").textContent()).trim();
    assert.match(secret, /^whsec_[A-Za-z0-9_-]{32}$/);
    await page.getByTestId("secret-done").click();
    await page.getByTestId("new-secret").waitFor({ state: "detached" });
    assert.equal(
      (await page.content()).includes(secret),
      false,
      "the secret is not on the page once its modal is closed",
    );

    const card = page.locator('[data-testid^="endpoint-"]').filter({ hasText: hook.url });
    await card.getByText("Our till").waitFor();
    await card.getByText("Nothing sent yet").waitFor();
    await card.getByRole("button", { name: "Send a test event" }).click();
    await page.getByText(/A test event is on its way/).waitFor();

    const ping = await until(() => hook.got[0], 30_000);
    assert.equal(ping.headers["sufra-event"], "ping");
    assert.equal(ping.headers["content-type"], "application/json");
    assert.ok(
      verified(ping.headers["sufra-signature"], ping.body, secret),
      `signature ${ping.headers["sufra-signature"]} verifies with the secret shown once`,
    );
    const body = JSON.parse(ping.body.toString("utf8"));
    assert.equal(body.type, "ping");
    assert.equal(ping.headers["sufra-delivery"].length > 0, true);

    // live, without a reload: the ended attempt (webhookDeliveryUpdated) shows as the last delivery
    const t0 = Date.now();
    await card.getByTestId("last-delivery").getByText("Delivered").waitFor({ timeout: 10_000 });
    console.log(
      `[measured] ping answered -> last delivery shown live: ${Date.now() - t0} ms after the receiver had it`,
    );
    // the log shows it delivered, with the receiver's answer
    await card.getByRole("button", { name: "Delivery log" }).click();
    const item = page.locator('[data-testid^="delivery-"]').first();
    await item.getByText("Delivered").waitFor();
    await item.getByText("HTTP 200").waitFor();
    await item.getByText("What the endpoint answered").click();
    await item.getByText("thanks").waitFor();
    await screenshot(page, "webhooks-log.png");
  } catch (e) {
    await screenshot(page, "webhooks-failed.png");
    throw e;
  } finally {
    await page.close();
    await hook.close();
  }
});
