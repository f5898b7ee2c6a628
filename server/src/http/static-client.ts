// The built web client, with a single-page fallback for every path that is not the server's own.
// The build writes a brotli (.br) and a gzip (.gz) twin beside each text file (client/vite.config.ts):
// a browser that accepts one gets the twin's bytes as they are, with the original's type, so nothing
// is compressed while answering.
import { existsSync } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import type { Express, NextFunction, Request, Response } from "express";

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sufra</title></head>
<body style="font-family:sans-serif;max-width:40rem;margin:4rem auto;color:#2B211A">
<h1>Sufra</h1><p>The web client is not built yet. Run <code>npm run build -w client</code>, or start with <code>npm start</code>.</p>
<p dir="rtl" lang="ar">لم يتم بناء واجهة الويب بعد. شغّل <code>npm start</code>.</p></body></html>`;

/** The server's own paths: a whole segment, so /api-keys or /graphqlfoo is still a page of the web client. */
const SERVER_PATH = /^\/(api|graphql|media)(\/|$)/;
/** Hashed build output: a file missing there is a stale or mistyped asset, and index.html in its place would be read as script. */
const ASSET_PATH = /^\/assets\//;

/** A hashed file's name changes with its content: any cache may keep it for a year without asking again. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** Anything else (index.html above all) is asked for again each time, so a new release is picked up at once. */
const REVALIDATE = "no-cache";

/** The twins the build writes, best first: brotli is smaller, gzip is what every client accepts. */
const TWINS = [
  { encoding: "br", ext: ".br" },
  { encoding: "gzip", ext: ".gz" },
] as const;

function isClientPage(urlPath: string): boolean {
  return !SERVER_PATH.test(urlPath) && !ASSET_PATH.test(urlPath);
}

const isFile = (file: string) =>
  stat(file).then(
    (s) => s.isFile(),
    () => false,
  );

/**
 * Sends a file of the build (`file`, relative to `root`): its .br or .gz twin when the request accepts
 * that encoding and the twin exists, else the file itself. `send` (under res.sendFile) still does
 * Range, HEAD, ETag and Content-Length on the bytes actually sent, so a range of a compressed answer
 * is a range of the compressed bytes, as HTTP defines it. Calls next() when the file is not there.
 */
async function sendBuilt(
  req: Request,
  res: Response,
  next: NextFunction,
  root: string,
  file: string,
  cacheControl: string,
) {
  let sent = file;
  let encoding: string | undefined;
  for (const twin of TWINS) {
    // acceptsEncodings follows q-values ("br;q=0" refuses brotli) and "*"
    if (req.acceptsEncodings(twin.encoding) && (await isFile(path.join(root, file + twin.ext)))) {
      sent = file + twin.ext;
      encoding = twin.encoding;
      break;
    }
  }
  // the answer depends on Accept-Encoding, even when it is the plain file: shared caches keep one per encoding
  res.vary("Accept-Encoding");
  res.setHeader("Cache-Control", cacheControl);
  if (encoding) {
    res.setHeader("Content-Encoding", encoding);
    res.type(path.extname(file)); // the original's type: send would name a .br file application/octet-stream
  }
  res.sendFile(sent, { root, cacheControl: false }, (err?: NodeJS.ErrnoException & { status?: number }) => {
    if (!err || res.headersSent) return;
    res.removeHeader("Content-Encoding");
    res.removeHeader("Content-Type");
    // a precondition or a range that cannot be met: send's status (with its Content-Range), no body
    if (err.status === 412 || err.status === 416) return void res.status(err.status).end();
    res.removeHeader("Cache-Control");
    // the file went away between the check and the read (a build in progress): as if it never was
    if (err.code === "ENOENT" || err.status === 404) next();
    else next(err);
  });
}

/** The file of the build a GET path names (relative to the build), or null: no dot segments (.vite/, ..), no twin by its own name. */
function builtFile(urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes("\0") || decoded.includes("\\") || decoded.endsWith("/") || /\.(br|gz)$/.test(decoded))
    return null;
  const segments = decoded.split("/").filter(Boolean);
  if (!segments.length || segments.some((segment) => segment.startsWith("."))) return null;
  return segments.join("/");
}

export function serveClient(app: Express, dist: string) {
  const root = path.resolve(dist);
  const index = path.join(root, "index.html");

  // the build's files by their own path (/assets/..., /playground.html, /index.html)
  app.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const file = builtFile(req.path);
    if (!file) return next();
    void isFile(path.join(root, file))
      .then((found) => {
        if (!found) return next();
        return sendBuilt(req, res, next, root, file, ASSET_PATH.test(req.path) ? IMMUTABLE : REVALIDATE);
      })
      .catch(next);
  });
  // every other page of the web client: index.html, which the router reads the path from
  app.use((req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !isClientPage(req.path)) return next();
    if (!existsSync(index)) {
      res.setHeader("Cache-Control", REVALIDATE);
      return void res.type("html").send(NOT_BUILT);
    }
    sendBuilt(req, res, next, root, "index.html", REVALIDATE).catch(next);
  });
}
