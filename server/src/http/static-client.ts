// The built web client, with a single-page fallback for every path outside /api and /graphql.
import { existsSync } from "node:fs";
import path from "node:path";
import express, { type Express } from "express";

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sufra</title></head>
<body style="font-family:sans-serif;max-width:40rem;margin:4rem auto;color:#2B211A">
<h1>Sufra</h1><p>The web client is not built yet. Run <code>npm run build -w client</code>, or start with <code>npm start</code>.</p>
<p dir="rtl" lang="ar">لم يتم بناء واجهة الويب بعد. شغّل <code>npm start</code>.</p></body></html>`;

export function serveClient(app: Express, dist: string) {
  const index = path.join(dist, "index.html");
  // hashed assets may be cached for long; index.html never, so a new release is picked up at once
  app.use(express.static(dist, { index: false, maxAge: "1y", immutable: true }));
  app.use((req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.path.startsWith("/api") || req.path.startsWith("/graphql")) return next();
    res.setHeader("Cache-Control", "no-cache");
    if (existsSync(index)) res.sendFile(index);
    else res.type("html").send(NOT_BUILT);
  });
}
