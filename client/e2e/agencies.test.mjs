// An agency runs two cafés and gets a week approved from a link, in Arabic (docs/product.md#agencies-and-approvals):
// the agency's person switches between the cafés without a reload, plans a week for café A and sends it for
// approval from the calendar; the café's owner, signed out, on a 390 px phone, opens the link, approves three posts
// and asks for a change on one; the agency edits that post and sends it again; the owner approves it; the approved
// post due first goes out on time. axe-core finds no serious or critical violation on the send dialog, the approval
// page, or the page after the owner's answers; the page weighs under 100 KB on the wire.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  approveByEmail,
  audit,
  browser,
  openInApp,
  screenshot,
  server,
  signInAs,
  uniqueEmail,
  until,
  useHarness,
  serverDatabase,
} from "./support.mjs";

const PHONE = { width: 390, height: 844 };
const PASSWORD = "Saffron#2026";
const json = { "content-type": "application/json" };
useHarness();

/** A business signed up and approved (its practice accounts publish to the simulated networks); its sign-in. */
async function business(company) {
  const email = uniqueEmail("agency");
  const r = await fetch(`${server.base}/api/auth/register`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({
      email,
      password: PASSWORD,
      company_name: company,
      contact_name: "Noura",
      phone: "+96555551234",
      requested_plan: "professional",
      address: "السالمية",
    }),
  });
  assert.equal(r.status, 201, await r.clone().text());
  await approveByEmail(server.base, email);
  const login = await (
    await fetch(`${server.base}/api/auth/login`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ email, password: PASSWORD }),
    })
  ).json();
  return { email, token: login.access_token, id: login.user.business_id };
}

/** GraphQL as `who`, in the business named (the switcher's header), failing on any error. */
async function gql(who, query, variables = {}, business = null) {
  const r = await fetch(`${server.base}/graphql`, {
    method: "POST",
    headers: { ...json, authorization: `Bearer ${who.token}`, ...(business ? { "x-sufra-business": business } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = await r.json();
  assert.equal(body.errors, undefined, JSON.stringify(body.errors));
  return body.data;
}

/** The owner's phone: a page with no session at all. */
async function phonePage() {
  const page = await browser.page(server.base);
  await page.setViewportSize(PHONE);
  await page.evaluate(() => localStorage.clear());
  return page;
}

const postOf = (who, id, business) =>
  gql(who, `query($id: ID!) { post(id: $id) { status approval revision content } }`, { id }, business).then(
    (d) => d.post,
  );

test("Arabic: an agency plans a week for a café and sends it; the owner approves three and asks a change on one from a phone, without an account; the edited post is approved again; the first goes out on time", async () => {
  const stamp = Date.now().toString(36);
  const cafeA = `قهوة الشاطئ ${stamp}`;
  const cafeB = `بيت الزعفران ${stamp}`;
  const agency = await business(`وكالة الإعلان ${stamp}`);
  const a = await business(cafeA);
  const b = await business(cafeB);

  // the agency asks both cafés; each café's owner accepts
  await gql(agency, `mutation { setAgency(isAgency: true) { isAgency } }`);
  for (const cafe of [a, b]) {
    const { requestAgencyLink: id } = await gql(agency, `mutation($e: String!) { requestAgencyLink(email: $e) }`, {
      e: cafe.email,
    });
    await gql(cafe, `mutation($id: ID!) { acceptAgencyLink(id: $id) { approvalRequired } }`, { id });
  }

  // a week for café A, planned by the agency: the first due in 65 seconds (a post is planned at least a minute ahead) (the owner answers it first, well before),
  // the others later today
  const at = (ms) => new Date(Date.now() + ms).toISOString();
  const captions = ["قهوة الزعفران الصباحية", "كرك الجمعة", "كيكة التمر", "صندوق الإفطار"];
  const ids = [];
  for (const [i, content] of captions.entries()) {
    const d = await gql(
      agency,
      `mutation($input: PostInput!) { createPost(input: $input) { id status approval } }`,
      { input: { content, platforms: ["FACEBOOK"], scheduledFor: at(i === 0 ? 65_000 : (i + 1) * 10 * 60_000) } },
      a.id,
    );
    assert.deepEqual(
      [d.createPost.status, d.createPost.approval],
      ["DRAFT", "NONE"],
      "a planned post waits for approval",
    );
    ids.push(d.createPost.id);
  }

  // the agency's person, in Arabic: the switcher moves between the two cafés without a reload
  const desk = await browser.page(server.base);
  await desk.setViewportSize({ width: 1280, height: 900 });
  let url;
  try {
    await signInAs(desk, agency.email, PASSWORD, { lng: "ar", path: "/dashboard" });
    assert.equal(await desk.locator("html").getAttribute("dir"), "rtl");
    const marker = await desk.evaluate(() => (window.__stillTheSameApp = Math.random()));
    for (const name of [cafeB, cafeA]) {
      await desk.getByTestId("business-switcher").click();
      await desk.getByRole("option", { name }).click();
      await until(async () => new RegExp(name).test(await desk.getByTestId("business-switcher").innerText())).catch(
        async (e) => {
          await screenshot(desk, "agency-switcher-failed.png");
          throw new Error(
            `the switcher shows "${await desk.getByTestId("business-switcher").innerText()}", not ${name}: ${e.message}`,
          );
        },
      );
    }
    assert.equal(await desk.evaluate(() => window.__stillTheSameApp), marker, "switched without a reload");

    // the calendar of café A: the week goes for approval in one step
    await openInApp(desk, "/schedule");
    await desk.getByTestId("send-week").click();
    await desk.getByTestId("approval-send").click();
    const field = desk.getByTestId("approval-url");
    await field.waitFor();
    url = await field.inputValue();
    assert.match(url, /\/a\/[0-9a-f-]{36}\.[\w-]{43}$/);
    assert.match(await desk.getByTestId("approval-whatsapp").getAttribute("href"), /^https:\/\/wa\.me\/\?text=/);
    await desk.evaluate(() => Promise.all(document.getAnimations().map((x) => x.finished)));
    assert.deepEqual(await audit(desk), [], "the send-for-approval dialog");
    await screenshot(desk, "approvals-sent-ar.png");
  } finally {
    await desk.close();
  }
  for (const id of ids) assert.equal((await postOf(agency, id, a.id)).approval, "IN_REVIEW");

  // the first post's plan brought to 20 seconds ahead, as if it had been planned long before (a new plan must be a
  // minute ahead): the test then waits seconds, not a minute, to see it go out at its time
  const db = await serverDatabase();
  try {
    await db.query("update posts set scheduled_for = now() + interval '20 seconds' where id = $1", [ids[0]]);
  } finally {
    await db.end();
  }

  // the owner, signed out, on a phone
  const phone = await phonePage();
  try {
    // what came over the wire for the page and all it loaded (headers and bodies, as the browser counted them)
    const sizes = [];
    phone.on("requestfinished", (r) => sizes.push(r.sizes()));
    await phone.goto(url, { waitUntil: "load" });
    await until(async () => sizes.length > 0);
    const bytes = (await Promise.all(sizes)).reduce((n, s) => n + s.responseBodySize + s.responseHeadersSize, 0);
    assert.ok(bytes > 0 && bytes < 100_000, `the approval page weighs ${bytes} bytes`);
    console.log(`approval page: ${bytes} bytes over the wire, ${sizes.length} responses`);
    assert.equal(await phone.locator("html").getAttribute("dir"), "rtl");
    assert.equal(await phone.locator("script").count(), 0, "no app bundle, no script");
    assert.ok(
      await phone.evaluate(() => document.scrollingElement.scrollWidth <= window.innerWidth + 1),
      "no sideways scroll",
    );
    assert.deepEqual(await audit(phone), [], "the approval page");
    for (const id of ids.slice(0, 3)) {
      await phone.locator(`#p-${id}`).getByRole("button", { name: "موافقة" }).click();
      await phone.locator(`#p-${id} [role=status]`).waitFor();
    }
    const last = phone.locator(`#p-${ids[3]}`);
    await last.getByText("طلب تعديلات").click();
    await last.getByLabel("ما التعديل المطلوب؟").fill("اكتبوا: طازج كل صباح");
    await last.getByRole("button", { name: "إرسال" }).click();
    await phone.locator(`#p-${ids[3]} [role=status]`).waitFor();
    assert.deepEqual(await audit(phone), [], "the approval page with its answers");
    await screenshot(phone, "approval-page-ar.png");
  } finally {
    await phone.close();
  }
  const after = await Promise.all(ids.map((id) => postOf(agency, id, a.id)));
  assert.deepEqual(
    after.map((p) => [p.approval, p.status]),
    [
      ["APPROVED", "SCHEDULED"],
      ["APPROVED", "SCHEDULED"],
      ["APPROVED", "SCHEDULED"],
      ["CHANGES_REQUESTED", "DRAFT"],
    ],
  );

  // the agency edits the post the owner asked about and sends it again
  const again = await browser.page(server.base);
  await again.setViewportSize({ width: 1280, height: 900 });
  let url2;
  try {
    await signInAs(again, agency.email, PASSWORD, { lng: "ar", path: null });
    await again.evaluate((id) => {
      const user = JSON.parse(localStorage.getItem("sufra.user"));
      localStorage.setItem("sufra.user", JSON.stringify({ ...user, business_id: id }));
    }, a.id);
    await again.goto(`${server.base}/posts/${ids[3]}/edit`);
    const caption = again.getByTestId("caption");
    await caption.waitFor();
    await caption.fill("صندوق الإفطار، طازج كل صباح");
    await again.getByTestId("save-draft").click();
    await until(async () => (await postOf(agency, ids[3], a.id)).content.includes("طازج"));
    await again.goto(`${server.base}/posts/${ids[3]}/edit`);
    await again.getByTestId("approval-panel").waitFor();
    await again.getByTestId("send-post-for-approval").click();
    await again.getByTestId("approval-send").click();
    await again.getByTestId("approval-url").waitFor({ timeout: 30_000 });
    url2 = await again
      .getByTestId("approval-url")
      .inputValue()
      .catch(async (e) => {
        throw new Error(
          `no link: ${await again
            .getByTestId("approval-modal")
            .innerText()
            .catch(() => "no modal")} ${e.message}`,
        );
      });
  } finally {
    await again.close();
  }
  const owner = await phonePage();
  try {
    await owner.goto(url2);
    await owner.locator(`#p-${ids[3]}`).getByText("صندوق الإفطار، طازج كل صباح").waitFor();
    await owner.locator(`#p-${ids[3]}`).getByRole("button", { name: "موافقة" }).click();
    await owner.locator(`#p-${ids[3]} [role=status]`).waitFor();
  } finally {
    await owner.close();
  }
  assert.deepEqual(
    [(await postOf(agency, ids[3], a.id)).approval, (await postOf(agency, ids[3], a.id)).status],
    ["APPROVED", "SCHEDULED"],
  );

  // the first approved post goes out at its time, to the café's (simulated) network
  const published = await until(
    async () => {
      const p = await postOf(agency, ids[0], a.id);
      return p.status === "PUBLISHED" ? p : null;
    },
    90_000,
    1000,
  );
  assert.equal(published.approval, "APPROVED");
});
