// The heart of the product in a real browser: compose in Arabic -> schedule -> on the calendar ->
// drag to another day -> publish, and the published status appears live, on the demo business whose
// accounts publish to the simulated network inside the server.
//
// The server and the page share a fixed clock (CLOCK_START and Playwright's clock), so the days the
// test uses fall in the same places of the month grid on every day it runs: Wednesday 25 November
// 2026, when dragging across the Arabic week boundary (weeks from Saturday) and into the grid's last
// rows below the fold once failed. The test's own pacing (until, timeouts) keeps the real clock.
import assert from "node:assert/strict";
import { test } from "node:test";
import { DEMO, browser, drag, screenshot, server, signInAs, until, useHarness } from "./support.mjs";

/** Kuwait's "today" for the whole file, 09:00 in Kuwait. */
const TODAY = "2026-11-25";
const CLOCK_START = `${TODAY}T09:00:00+03:00`;

// a clock of its own: this file gets its own server, and its browser context follows that clock
useHarness({ clockStart: CLOCK_START });

/** A Kuwait calendar day, `n` days from TODAY, as YYYY-MM-DD. */
const kuwaitDay = (n) => new Date(Date.parse(`${TODAY}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** 10:00 in Kuwait on a day, as the API writes it. */
const tenOClock = (day) => new Date(`${day}T10:00:00+03:00`).toISOString();

let token;
async function api(path, init = {}) {
  const json = { "content-type": "application/json" };
  token ??= (
    await (
      await fetch(`${server.base}/api/auth/login`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ email: DEMO.client, password: DEMO.password }),
      })
    ).json()
  ).access_token;
  const r = await fetch(`${server.base}${path}`, { ...init, headers: { ...json, authorization: `Bearer ${token}` } });
  return r.json();
}

const cell = (page, day) => page.locator(`.fc-daygrid-day[data-date="${day}"]`);

/** Drags the post's event onto `to`'s cell and waits until the server has it at 10:00 that day and the cell shows it. */
async function dragPost(page, id, to) {
  await drag(page, page.getByTestId(`event-${id}`), cell(page, to));
  const moved = await until(async () => {
    const p = await api(`/api/posts/${id}`);
    return p.scheduled_for === tenOClock(to) ? p : null;
  }).catch(() => assert.fail(`the post was not moved to ${to}`));
  assert.equal(moved.status, "scheduled");
  await cell(page, to).getByTestId(`event-${id}`).waitFor();
}

/** The demo client, signed in through the API, on `path` in `lng`. */
async function signIn(lng, path) {
  const page = await browser.page(server.base);
  await signInAs(page, DEMO.client, DEMO.password, { lng, path });
  assert.equal(await page.locator("html").getAttribute("dir"), lng === "ar" ? "rtl" : "ltr");
  return page;
}

test("compose in Arabic -> schedule -> calendar -> drag to another day -> published appears live", async () => {
  // compose: caption in Arabic, X (the demo account), scheduled for Friday at 10:00 Kuwait time
  const day = kuwaitDay(2);
  const next = kuwaitDay(3); // Saturday: the first day of the next row in Arabic
  const caption = "كنافة طازجة بالقشطة، تعالوا جربوها الليلة";
  const page = await signIn("ar", `/posts/new?at=${encodeURIComponent(tenOClock(day))}`);
  // the page and the server agree on the day
  assert.equal(await page.evaluate(() => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10)), TODAY);
  await page.getByTestId("caption").fill(caption);
  await page.getByTestId("platform-twitter").locator("input[type=checkbox]").check();
  await page.getByTestId("counter-twitter").waitFor();
  await screenshot(page, "composer-ar.png");
  await page.getByTestId("schedule-button").click();
  await page.waitForURL(/\/posts$/);
  // the list shows it, scheduled (the list's query is within the server's complexity limit)
  await page.getByTestId("posts-table").getByText(caption).first().waitFor();

  const scheduled = await until(async () =>
    (await api("/api/posts?status=scheduled")).posts?.find((p) => p.content === caption),
  );
  assert.equal(scheduled.scheduled_for, tenOClock(day));

  // on the calendar, on its day
  await page.goto(`${server.base}/schedule?date=${day}`);
  await page.getByTestId(`event-${scheduled.id}`).waitFor();
  assert.equal(await cell(page, day).getByTestId(`event-${scheduled.id}`).count(), 1);
  await screenshot(page, "calendar-ar.png");

  // drag it to the next day, across the week's edge
  await dragPost(page, scheduled.id, next);

  // publish it now (from another door): the calendar shows it published without a reload, on the
  // day it went out (today), where a published post sits
  await api(`/api/posts/${scheduled.id}/publish`, { method: "POST" });
  await cell(page, TODAY)
    .locator(`.fc-event.is-published`)
    .filter({ has: page.getByTestId(`event-${scheduled.id}`) })
    .waitFor({ timeout: 30_000 });
  const published = await api(`/api/posts/${scheduled.id}`);
  assert.equal(published.status, "published");
  assert.match(published.targets[0].permalink, /^https:\/\/demo\.sufra\.local\//);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, "calendar-published-ar.png");
  await page.close();
});

// The days dragging once failed on (cells below the fold; Arabic weeks from Saturday, English from
// Sunday), a month's end and the grid's last row: one post per language walks them, day by day.
// From TODAY: ar 26 Nov -> Sat 28 -> 29 -> 30 -> 1 Dec -> Sat 5 Dec (last row); en 27 Nov -> Sat 28
// -> Sun 29 -> 1 Dec -> Sun 6 Dec (last row).
for (const [lng, offsets] of [
  ["ar", [1, 3, 4, 5, 6, 10]],
  ["en", [2, 3, 4, 6, 11]],
]) {
  const days = offsets.map(kuwaitDay);
  test(`calendar (${lng}): a post drags across week and month boundaries, into the rows below the fold`, async () => {
    const post = await api("/api/posts", {
      method: "POST",
      body: JSON.stringify({ content: `Drag walk ${lng}`, platforms: ["twitter"], scheduled_for: tenOClock(days[0]) }),
    });
    assert.equal(post.scheduled_for, tenOClock(days[0]));
    const page = await signIn(lng, `/schedule?date=${TODAY}`);
    await cell(page, days[0]).getByTestId(`event-${post.id}`).waitFor();
    for (const to of days.slice(1)) await dragPost(page, post.id, to);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `calendar-drags-${lng}.png`);
    await page.close();
  });
}
