// REST for the media library (/api/posts/media: multipart upload with progress in the client) and
// the public file door (/media/:id/:variant?exp&sig: networks and <img> tags, no Authorization).
import { Readable } from "node:stream";
import { Router, type ErrorRequestHandler, type Request } from "express";
import multer from "multer";
import { pickLocale } from "@sufra/schema";
import { AppError } from "../../kernel/errors.ts";
import { restPageInfo } from "../../kernel/pagination.ts";
import type { Media } from "../../generated/prisma/client.ts";
import { MULTIPART_LIMITS } from "../../http/multipart.ts";
import { camelBody, metaOf, queryNumber, viewerOf } from "../../http/rest.ts";
import type { Services } from "../../services.ts";
import { MediaError, renderMediaError } from "./media.errors.ts";

const MB = 1024 * 1024;

function restMedia(services: Services, m: Media) {
  const u = services.media.urls(m);
  return {
    id: m.id,
    kind: m.kind,
    mime: m.mime,
    bytes: m.bytes,
    width: m.width,
    height: m.height,
    duration_ms: m.durationMs,
    original_name: m.originalName,
    url: u.url,
    thumbnail_url: u.thumbnailUrl,
    crops: Object.fromEntries(u.crops.map((c) => [c.name, { url: c.url, width: c.width, height: c.height }])),
    source_id: m.sourceId,
    menu_item_id: m.menuItemId,
    created_at: m.createdAt.toISOString(),
  };
}

/** Mounted at /api/posts/media, before any /api/posts/:id router. */
export function mediaRouter(services: Services) {
  const r = Router();
  const { media } = services;
  const { maxImageBytes, maxVideoBytes } = services.media.limits;
  const largest = Math.max(maxImageBytes, maxVideoBytes);
  // one byte over the larger limit: multer stops reading there; the kind's own limit is checked after inspection
  const upload = multer({
    storage: multer.memoryStorage(),
    defParamCharset: "utf8",
    limits: { ...MULTIPART_LIMITS, fileSize: largest + 1, files: 1, fields: 20 },
  }).fields([
    { name: "file", maxCount: 1 },
    { name: "media", maxCount: 1 },
  ]);
  const viewer = (req: Request) => viewerOf(services, req, "business");
  const show = (m: Media) => restMedia(services, m);

  r.post("/", async (req, res, next) => {
    // authenticate before reading a large body
    const v = await viewer(req);
    upload(req, res, async (err: unknown) => {
      try {
        if (err) throw err;
        const files = req.files as Record<string, Express.Multer.File[]> | undefined;
        const f = files?.file?.[0] ?? files?.media?.[0];
        const body = camelBody(req);
        const created = await media.upload(v, f && { buffer: f.buffer, originalName: f.originalname }, {
          platforms: body.platforms,
          crop: body.crop,
        });
        res.status(201).json(show(created));
      } catch (e) {
        next(e);
      }
    });
  });

  r.get("/", async (req, res) => {
    const page = await media.list(await viewer(req), {
      first: queryNumber(req.query.first),
      after: req.query.after || undefined,
    });
    res.json({ items: page.items.map(show), total_count: page.totalCount, ...restPageInfo(page) });
  });

  r.get("/:id", async (req, res) => {
    res.json(show(await media.get(await viewer(req), req.params.id)));
  });

  r.patch("/:id", async (req, res) => {
    res.json(show(await media.setMenuItem(await viewer(req), req.params.id, camelBody(req))));
  });

  r.delete("/:id", async (req, res) => {
    const removed = await media.remove(await viewer(req), req.params.id, metaOf(req));
    res.json({ id: removed.id });
  });

  r.post("/:id/enhance", async (req, res) => {
    const body = camelBody(req);
    const { before, after } = await media.enhance(await viewer(req), req.params.id, {
      warmth: body.warmth ?? queryNumber(req.query.warmth),
    });
    res.status(201).json({ before: show(before), after: show(after) });
  });

  r.use(uploadErrors(largest));
  return r;
}

/**
 * Refusals that name numbers (the file over the limit, the service's own) are rendered here with them.
 * Everything else, a broken multipart body included, goes on to the app's error middleware.
 */
function uploadErrors(largest: number): ErrorRequestHandler {
  return (err, req, res, next) => {
    const e =
      err instanceof multer.MulterError && err.code === "LIMIT_FILE_SIZE"
        ? new MediaError("MEDIA_TOO_LARGE", {
            file: [{ key: "mediaFileTooLarge", params: { max: String(Math.round((largest / MB) * 100) / 100) } }],
          })
        : err;
    if (!(e instanceof MediaError)) return next(e);
    res.status(e.status).json(renderMediaError(e, pickLocale(req.get("accept-language"))));
  };
}

/** Mounted at /media: the signature in the URL is the permission (no session, no tenancy lookup). */
export function mediaFilesRouter(services: Services) {
  const r = Router();
  const { media } = services;

  r.get("/:id/:variant", async (req, res, next) => {
    const { id, variant } = req.params;
    const left = media.signer.verify(id, variant, req.query.exp, req.query.sig);
    if (left === null) throw new AppError("FORBIDDEN");
    const file = await media.file(id, variant);
    if (!file) throw new AppError("NOT_FOUND");
    const headers = {
      "content-type": file.mime,
      // private: a shared cache must not keep a business's pictures; no longer than the URL works
      "cache-control": `private, max-age=${Math.min(left, 3600)}`,
      "cross-origin-resource-policy": "cross-origin",
    };
    const { storage } = media;
    if (storage.pathOf) {
      // sendFile answers Range requests (MP4 seeking) and HEAD
      res.sendFile(
        storage.pathOf(file.key),
        { headers, cacheControl: false, lastModified: false, dotfiles: "deny" },
        (err?: Error & { code?: string }) => {
          // a row whose file is gone is a missing file, not a server failure; an aborted download is nobody's error
          if (err && !res.headersSent) next(err.code === "ENOENT" ? new AppError("NOT_FOUND") : err);
        },
      );
      return;
    }
    const upstream = await storage.fetchObject!(file.key, req.get("range") ?? undefined);
    if (!upstream.ok || !upstream.body) {
      res.status(upstream.status === 404 ? 404 : 502).end();
      return;
    }
    res.status(upstream.status).set(headers).set("accept-ranges", "bytes");
    for (const h of ["content-length", "content-range", "etag"]) {
      const val = upstream.headers.get(h);
      if (val) res.set(h, val);
    }
    Readable.fromWeb(upstream.body as import("node:stream/web").ReadableStream).pipe(res);
  });

  return r;
}
