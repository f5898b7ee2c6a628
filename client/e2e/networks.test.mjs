// The new networks in a real browser, in Arabic: the demo café writes one post with a photo for an
// Instagram story, TikTok (choosing who can watch, as TikTok requires) and its Facebook Page, publishes
// it now, and sees each network's copy published live in the posts list, then on the calendar filtered
// to TikTok; the demo accounts publish to the simulated network inside the server. Then the connected
// accounts show the TikTok and Facebook cards, labelled as demo accounts.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { DEMO, ROOT, browser, openInApp, screenshot, server, signInAs, until, useHarness } from "./support.mjs";

// sharp is the server's (it draws the photo a person would upload)
const sharp = createRequire(path.join(ROOT, "server/package.json"))("sharp");

useHarness();

const scratch = mkdtempSync(path.join(os.tmpdir(), "sufra-networks-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

let token;
async function api(p) {
  token ??= (
    await (
      await fetch(`${server.base}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: DEMO.client, password: DEMO.password }),
      })
    ).json()
  ).access_token;
  return (await fetch(`${server.base}${p}`, { headers: { authorization: `Bearer ${token}` } })).json();
}

test("Arabic: one post with a photo to an Instagram story, TikTok (who can watch) and Facebook, published now, each copy published live", async () => {
  // a tall 9:16 photo, a story's shape: chosen as a story, Instagram's feed ratio does not refuse it at upload
  const photo = path.join(scratch, "kunafa.jpg");
  await sharp({ create: { width: 1080, height: 1920, channels: 3, background: { r: 200, g: 140, b: 60 } } })
    .jpeg({ quality: 80 })
    .toFile(photo);
  const caption = `كنافة بالفستق طازجة من الفرن ${Date.now().toString(36)}`;

  const page = await browser.page(server.base);
  await signInAs(page, DEMO.client, DEMO.password, { lng: "ar", path: "/posts/new" });
  assert.equal(await page.locator("html").getAttribute("dir"), "rtl");

  await page.getByTestId("caption").fill(caption);
  for (const p of ["instagram", "tiktok", "facebook"])
    await page.getByTestId(`platform-${p}`).locator("input[type=checkbox]").check();

  // Instagram: a story
  const instagram = page.getByTestId("instagram-options");
  await instagram.getByText("قصة", { exact: true }).click();
  await instagram.getByText("القصة تعرض صورة أو فيديو واحدًا ليوم كامل، ولا يظهر عليها النص في إنستغرام.").waitFor();

  // the photo
  await page.getByTestId("media-input").setInputFiles(photo);
  // the upload ends in the photo's tile, or says why not
  await page.locator('[data-testid="media-item"], [data-testid="upload-failed"]').first().waitFor({ timeout: 30_000 });
  assert.equal(
    await page.getByTestId("upload-failed").count(),
    0,
    `the upload failed: ${await page.getByTestId("upload-failed").allInnerTexts()}`,
  );

  // TikTok: the creator's settings come first (simulated for the demo account), then who can watch, chosen by the person
  const tiktok = page.getByTestId("tiktok-options");
  await tiktok.getByTestId("tiktok-creator").waitFor({ timeout: 20_000 });
  await tiktok.getByTestId("tiktok-privacy").click();
  await page
    .locator(".ant-select-item-option")
    .filter({ hasText: /^الجميع$/ })
    .click();
  await tiktok.getByTestId("tiktok-privacy").getByText("الجميع").waitFor();

  await screenshot(page, "networks-composer-ar.png");
  // what the server refused, if it refused: the composer shows a general message for some refusals
  const refused = [];
  page.on("response", async (r) => {
    if (!r.url().endsWith("/graphql") || r.request().method() !== "POST") return;
    const body = await r.text().catch(() => "");
    if (body.includes('"errors"')) refused.push(`${r.request().postDataJSON()?.operationName}: ${body.slice(0, 300)}`);
  });
  await page.getByTestId("publish-now").click();
  // the list, or the composer saying what stops it
  await until(
    async () =>
      /\/posts$/.test(page.url()) ||
      (await page.getByTestId("composer-error").count()) > 0 ||
      (await page.locator(".ant-form-item-explain-error").count()) > 0,
    30_000,
  );
  if (!/\/posts$/.test(page.url())) {
    await screenshot(page, "networks-composer-refused-ar.png");
    assert.fail(
      `the composer did not publish (${refused.join("; ")}): ${[...(await page.getByTestId("composer-error").allInnerTexts()), ...(await page.locator(".ant-form-item-explain-error").allInnerTexts())].join(" | ")}`,
    );
  }

  // each network's copy turns published in the list without a reload
  const row = page.getByTestId("posts-table").locator("tr").filter({ hasText: caption }).first();
  await row.waitFor();
  for (const p of ["instagram", "tiktok", "facebook"])
    await row.getByTestId(`target-status-${p}`).filter({ hasText: "منشور" }).waitFor({ timeout: 45_000 });
  await screenshot(page, "networks-published-ar.png");

  // what went out: one post, three copies on the simulated network, with the options chosen
  const post = await until(async () => {
    const p = (await api("/api/posts?status=published")).posts?.find((x) => x.content === caption);
    return p ?? null;
  }, 30_000);
  assert.equal(post.status, "published");
  assert.deepEqual(post.targets.map((t) => t.platform).sort(), ["facebook", "instagram", "tiktok"]);
  for (const t of post.targets) {
    assert.equal(t.status, "published");
    assert.match(t.permalink, /^https:\/\/demo\.sufra\.local\//, `${t.platform} went to the simulated network`);
  }
  assert.equal(post.network_options?.instagram?.format, "story");
  assert.equal(
    post.network_options?.tiktok?.privacy_level ?? post.network_options?.tiktok?.privacyLevel,
    "PUBLIC_TO_EVERYONE",
  );

  // the calendar, filtered to TikTok, shows it with TikTok's icon; filtered to X, it does not
  await openInApp(page, "/schedule?network=tiktok");
  const event = page.getByTestId(`event-${post.id}`);
  await event.waitFor();
  assert.equal(await event.locator(".sufra-platform-icon.is-tiktok").count(), 1);
  await screenshot(page, "networks-calendar-tiktok-ar.png");
  await page.getByTestId("calendar-network-filter").click();
  await page
    .locator(".ant-select-item-option")
    .filter({ hasText: /^\s*إكس\s*$/ })
    .click();
  await event.waitFor({ state: "detached" });
  await page.close();
});

test("Arabic: the connected accounts show TikTok and Facebook, connected, as labelled demo accounts", async () => {
  const page = await browser.page(server.base);
  await signInAs(page, DEMO.client, DEMO.password, { lng: "ar", path: "/settings" });
  for (const [p, name] of [
    ["tiktok", "تيك توك"],
    ["facebook", "فيسبوك"],
  ]) {
    const card = page.getByTestId(`account-${p}`);
    await card.getByText(name, { exact: true }).waitFor();
    await card.getByText("مرتبط", { exact: true }).waitFor();
    await card.getByText("تجريبي (محاكاة)").waitFor();
  }
  // the demo TikTok account answers TikTok's creator settings (simulated): how its posts go out is said
  await page
    .getByTestId("account-tiktok")
    .locator('[data-testid="tiktok-direct"], [data-testid="tiktok-inbox"]')
    .first()
    .waitFor({ timeout: 20_000 });
  await page.getByTestId("account-tiktok").scrollIntoViewIfNeeded();
  await screenshot(page, "networks-accounts-ar.png");
  await page.close();
});
