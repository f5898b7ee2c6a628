import { DEMO, logIn, screenshot, startBrowser, startServer } from "./support.mjs";
const server = await startServer();
const browser = await startBrowser();
const json = { "content-type": "application/json" };
const login = await (await fetch(`${server.base}/api/auth/login`, { method: "POST", headers: json, body: JSON.stringify({ email: DEMO.client, password: DEMO.password }) })).json();
const auth = { ...json, authorization: `Bearer ${login.access_token}` };
const mk = async (body) => (await fetch(`${server.base}/api/posts`, { method: "POST", headers: auth, body: JSON.stringify(body) })).json();
const a = await mk({ content: "Karak tea and fresh luqaimat tonight after Isha 🌙", platforms: ["twitter"], hashtags: ["Kuwait", "كرك"] });
await fetch(`${server.base}/api/posts/${a.id}/publish`, { method: "POST", headers: auth });
await mk({ content: "عرض نهاية الأسبوع: مجبوس دجاج بـ ٢٫٥٠٠ د.ك", platforms: ["twitter", "snapchat"], scheduled_for: new Date(Date.now() + 86400000 * 2).toISOString() }).catch(() => {});
await mk({ content: "Draft: new saffron cake", platforms: ["twitter"] });
await new Promise((r) => setTimeout(r, 2000));
for (const lng of ["en", "ar"]) {
  for (const [w, h] of [[1280, 800], [360, 740]]) {
    const page = await browser.page(server.base);
    await page.setViewportSize({ width: w, height: h });
    await page.goto(`${server.base}/login?lng=${lng}`);
    await logIn(page, DEMO.client, DEMO.password);
    await page.waitForURL(/dashboard/);
    for (const p of ["dashboard", "posts", "schedule", "settings", "posts/new"]) {
      await page.goto(`${server.base}/${p}`);
      await page.waitForTimeout(1500);
      await screenshot(page, `_shot-${p.replace("/", "-")}-${lng}-${w}.png`);
    }
    await page.close();
  }
}
await browser.close();
await server.stop();
