// The heart of the product in a real browser: compose in Arabic -> schedule -> on the calendar ->
// drag to another day -> publish, and the published status appears live, on the demo business whose
// accounts publish to the simulated network inside the server.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { DEMO, logIn, screenshot, startBrowser, startServer } from "./support.mjs";

let server, browser;
before(async () => {
  server = await startServer();
  browser = await startBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

/** A Kuwait calendar day, `n` days from today, as YYYY-MM-DD. */
const kuwaitDay = (n) => new Date(Date.now() + n * 86_400_000 + 3 * 3_600_000).toISOString().slice(0, 10);

async function api(path, init = {}) {
  const json = { "content-type": "application/json" };
  const login = await (await fetch(`${server.base}/api/auth/login`, { method: "POST", headers: json, body: JSON.stringify({ email: DEMO.client, password: DEMO.password }) })).json();
  const r = await fetch(`${server.base}${path}`, { ...init, headers: { ...json, authorization: `Bearer ${login.access_token}` } });
  return r.json();
}

async function until(fn, ms = 15_000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 200));
  }
}

test("compose in Arabic -> schedule -> calendar -> drag to another day -> published appears live", async () => {
  const page = await browser.page(server.base);
  await page.goto(`${server.base}/login?lng=ar`);
  await logIn(page, DEMO.client, DEMO.password);
  await page.waitForURL(/\/dashboard$/);
  assert.equal(await page.locator("html").getAttribute("dir"), "rtl");

  // compose: caption in Arabic, X (the demo account), scheduled two days ahead at 10:00 Kuwait time
  const day = kuwaitDay(2);
  const next = kuwaitDay(3);
  const caption = "كنافة طازجة بالقشطة، تعالوا جربوها الليلة";
  await page.goto(`${server.base}/posts/new?at=${encodeURIComponent(new Date(`${day}T10:00:00+03:00`).toISOString())}`);
  await page.getByTestId("caption").fill(caption);
  await page.getByTestId("platform-twitter").locator("input[type=checkbox]").check();
  await page.getByTestId("counter-twitter").waitFor();
  await screenshot(page, "composer-ar.png");
  await page.getByTestId("schedule-button").click();
  await page.waitForURL(/\/posts$/);
  // the list shows it, scheduled (the list's query is within the server's complexity limit)
  await page.getByTestId("posts-table").getByText(caption).first().waitFor();

  const scheduled = await until(async () => (await api("/api/posts?status=scheduled")).posts?.find((p) => p.content === caption));
  assert.equal(scheduled.scheduled_for, new Date(`${day}T10:00:00+03:00`).toISOString());

  // on the calendar, on its day
  await page.goto(`${server.base}/schedule?date=${day}`);
  const event = page.getByTestId(`event-${scheduled.id}`);
  await event.waitFor();
  const from = page.locator(`.fc-daygrid-day[data-date="${day}"]`);
  assert.equal(await from.getByTestId(`event-${scheduled.id}`).count(), 1);
  await screenshot(page, "calendar-ar.png");

  // drag it to the next day (FullCalendar listens to pointer moves, so move in steps)
  const a = await event.boundingBox();
  const b = await page.locator(`.fc-daygrid-day[data-date="${next}"]`).boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(a.x + a.width / 2 + ((b.x + b.width / 2 - (a.x + a.width / 2)) * i) / 12, a.y + a.height / 2 + ((b.y + b.height / 2 - (a.y + a.height / 2)) * i) / 12);
  await page.mouse.up();
  const moved = await until(async () => {
    const p = await api(`/api/posts/${scheduled.id}`);
    return p.scheduled_for === new Date(`${next}T10:00:00+03:00`).toISOString() ? p : null;
  });
  assert.equal(moved.status, "scheduled");
  await page.locator(`.fc-daygrid-day[data-date="${next}"]`).getByTestId(`event-${scheduled.id}`).waitFor();

  // publish it now (from another door): the calendar shows it published without a reload
  await api(`/api/posts/${scheduled.id}/publish`, { method: "POST" });
  await page.locator(`.fc-event.is-published`).filter({ has: page.getByTestId(`event-${scheduled.id}`) }).waitFor({ timeout: 30_000 });
  const published = await api(`/api/posts/${scheduled.id}`);
  assert.equal(published.status, "published");
  assert.match(published.targets[0].permalink, /^https:\/\/demo\.sufra\.local\//);
  await screenshot(page, "calendar-published-ar.png");
  await page.close();
});
