// One Lighthouse run (mobile, its default simulated throttling) on a page, for a benchmark outside the client's own
// (server/bench/link-page.bench.ts): Chromium at CHROME_PATH (else /usr/bin/chromium), headless, one at a time,
// stopped whatever happens. Answers Lighthouse's result (lhr). The client's bench-client.mjs runs its routes the same way.
export async function lighthousePage(url, { timeoutMs = 240_000 } = {}) {
  const [{ default: lighthouse }, { launch }] = await Promise.all([import("lighthouse"), import("chrome-launcher")]);
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    // chrome-launcher adds its own defaults (no first run, sync, background networking or component updates)
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
    logLevel: "silent",
  });
  let timer;
  try {
    const result = await Promise.race([
      lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility"],
      }),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`Lighthouse took over ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    if (!result?.lhr) throw new Error("Lighthouse returned no result");
    return result.lhr;
  } finally {
    clearTimeout(timer);
    try {
      await chrome.kill();
    } catch {
      try {
        process.kill(chrome.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
  }
}
