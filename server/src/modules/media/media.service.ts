// The media library of a business: uploads checked by content and against the chosen networks,
// variants made once at upload, enhancement (Professional and Premium), signed URLs, and the files
// the publishing service hands to the platform adapters. A business sees only its own media.
import { randomUUID } from "node:crypto";
import {
  canEnhanceImages,
  enhanceMediaSchema,
  imageRulesFor,
  MEDIA_CROP_NAMES,
  MEDIA_RENDITION_NAMES,
  MEDIA_RENDITIONS,
  mediaLimitProblems,
  mediaListSchema,
  mediaMenuItemSchema,
  mediaProblems,
  mediaUploadOptionsSchema,
  plainText,
  withinFit,
  type MediaCrop,
  type MediaFormat,
  type MediaPlatform,
  type MediaProblem,
  type MediaRendition,
} from "@sufra/schema";
import type { Deps } from "../../deps.ts";
import { AppError, validate } from "../../kernel/errors.ts";
import type { Media } from "../../generated/prisma/client.ts";
import type { PublishMedia } from "../../networks/types.ts";
import { audit } from "../../kernel/audit.ts";
import { requireScope, type Viewer } from "../../kernel/policy.ts";
import {
  aiPreview,
  cropToRatio,
  enhanceImage,
  imageVariants,
  renderRendition,
  videoPoster,
  type Rendered,
  type VariantName,
} from "./images.ts";
import { inspect, type Inspected } from "./inspect.ts";
import { MediaError } from "./media.errors.ts";
import { createProcessingGate, type ProcessingGate } from "./processing.ts";
import { createUrlSigner } from "./signed-urls.ts";
import { createStorage, type MediaStorage } from "./storage.ts";
import { isUuid } from "../../kernel/ids.ts";
import { checkIdCursor, idPage, idWindow } from "../../kernel/pagination.ts";

export interface VariantFile {
  key: string;
  mime: string;
  width: number;
  height: number;
  bytes: number;
}
export type Variants = Partial<Record<VariantName, VariantFile>>;
export type MediaVariant = VariantName | "original";
export const MEDIA_VARIANTS: readonly MediaVariant[] = [
  "original",
  "thumb",
  ...MEDIA_RENDITION_NAMES,
  "jpeg",
  "jpeg1080",
];

export interface MediaUrls {
  url: string;
  thumbnailUrl: string | null;
  crops: { name: MediaCrop; url: string; width: number; height: number }[];
}

const variantsOf = (m: Media) => (m.variants ?? {}) as Variants;

const MB = 1024 * 1024;
const mb = (bytes: number) => String(Math.round((bytes / MB) * 100) / 100);
const ratioOf = (f: { width?: number | null; height?: number | null }) => (f.width || 1) / (f.height || 1);
/** how far apart two shapes are (0: the same; a 721 x 1280 picture is 9:16 within a hair) */
const shapeDistance = (a: number, b: number) => Math.abs(Math.log(a / b));

export function createMediaService(
  deps: Deps,
  storage: MediaStorage = createStorage(deps.config),
  processing: ProcessingGate = createProcessingGate(),
) {
  const { db, config, logger } = deps;
  const signer = createUrlSigner(config);

  const businessOf = (viewer: Viewer | null) => requireScope(viewer, "business") as Viewer & { businessId: string };

  async function find(businessId: string, id: string) {
    // another business's media answers exactly like a missing one
    const m = isUuid(id) ? await db.media.findFirst({ where: { id, businessId } }) : null;
    if (!m) throw new AppError("NOT_FOUND");
    return m;
  }

  /** Writes the files, then the row; a failed insert leaves no files behind. */
  async function store(
    row: {
      businessId: string;
      uploaderId: string | null;
      kind: "image" | "video";
      originalName: string;
      sourceId?: string;
      durationMs?: number | null;
      menuItemId?: string | null;
    },
    original: Omit<Rendered, "width" | "height"> & { width: number | null; height: number | null },
    rendered: Partial<Record<VariantName, Rendered>>,
  ): Promise<Media> {
    const id = randomUUID();
    const keyOf = (name: string, ext: string) => `${row.businessId}/${id}/${name}.${ext}`;
    const storageKey = keyOf("original", original.ext);
    const variants: Variants = {};
    for (const [name, r] of Object.entries(rendered) as [VariantName, Rendered][]) {
      variants[name] = {
        key: keyOf(name, r.ext),
        mime: r.mime,
        width: r.width,
        height: r.height,
        bytes: r.buffer.length,
      };
    }
    const files: [string, Buffer, string][] = [
      [storageKey, original.buffer, original.mime],
      ...(Object.entries(rendered) as [VariantName, Rendered][]).map(([n, r]): [string, Buffer, string] => [
        variants[n]!.key,
        r.buffer,
        r.mime,
      ]),
    ];
    try {
      await Promise.all(files.map(([k, b, t]) => storage.put(k, b, t)));
      return await db.media.create({
        data: {
          id,
          businessId: row.businessId,
          uploaderId: row.uploaderId,
          kind: row.kind,
          mime: original.mime,
          bytes: original.buffer.length,
          width: original.width,
          height: original.height,
          durationMs: row.durationMs ?? null,
          // a file's name is a person's text shown in lists and files: no override ("menu\u202Egpj.exe"), no control character
          originalName: plainText(row.originalName).slice(0, 255),
          storageKey,
          variants: variants as object,
          sourceId: row.sourceId ?? null,
          menuItemId: row.menuItemId ?? null,
        },
      });
    } catch (e) {
      await removeFiles(files.map(([k]) => k));
      throw e;
    }
  }

  async function removeFiles(keys: string[]) {
    await Promise.all(
      keys.map((k) =>
        storage.delete(k).catch((e: Error) => logger.warn("media file not deleted", { key: k, error: e.message })),
      ),
    );
  }

  /** Variants of an image; a file that passed the header check but cannot be decoded is refused here. */
  async function renderImage(buf: Buffer, info: { format: string; orientation: number }) {
    try {
      return await imageVariants(buf, info);
    } catch {
      throw new AppError("MEDIA_UNSUPPORTED", { file: ["mediaUnreadable"] });
    }
  }

  /** The rules of each chosen network; the first refusing one is named in the answer. */
  function refuseForPlatforms(platforms: MediaPlatform[], facts: Inspected, bytes: number) {
    const refused: Record<string, MediaProblem[]> = {};
    for (const platform of platforms) {
      const problems = mediaProblems(platform, { ...facts, bytes });
      if (problems.length) refused[platform] = problems;
    }
    const [first] = Object.entries(refused);
    if (first)
      throw new MediaError("MEDIA_REJECTED_BY_PLATFORM", refused, { platform: first[0], reason: first[1][0].key });
  }

  function fileOf(m: Media, variant: MediaVariant): VariantFile | null {
    if (variant === "original")
      return { key: m.storageKey, mime: m.mime, width: m.width ?? 0, height: m.height ?? 0, bytes: m.bytes };
    return variantsOf(m)[variant] ?? null;
  }

  /**
   * What a network (in the post's format, where its rules depend on one: Instagram's story and reel cover
   * are 9:16) gets for this media: a file it accepts, preferring the picture as uploaded; else the rendition
   * closest to the shape it shows (its format's ratio, or the picture's own). `missing`: a closer rendition
   * this media was stored without (uploaded before it existed), for forPublish to make.
   */
  function publishable(
    m: Media,
    platform?: MediaPlatform,
    format?: MediaFormat,
  ): { variant: MediaVariant; file: VariantFile; missing?: MediaRendition } {
    const original = { variant: "original" as const, file: fileOf(m, "original")! };
    if (m.kind === "video" || !platform || m.mime === "image/gif") return original;
    const rules = imageRulesFor(platform, format);
    const v = variantsOf(m);
    const accepted = (f: Pick<VariantFile, "mime" | "bytes" | "width" | "height">) =>
      mediaProblems(platform, { kind: "image", ...f }, format).length === 0;
    const fits = (f: VariantFile) =>
      accepted(f) &&
      (!rules.mimes || rules.mimes.includes(f.mime)) &&
      withinFit(rules, f) &&
      (!rules.ratio || shapeDistance(ratioOf(f), rules.ratio) < 0.01);
    // the jpeg variant exists when the original is not an upright JPEG (PNG, WebP, EXIF-rotated); a network
    // strict about types gets it rather than a file whose turn only its EXIF tells
    const upright = v.jpeg ? { variant: "jpeg" as const, file: v.jpeg } : original;
    // jpeg1080 exists when the picture is larger than 1080p: the whole picture for a network that takes
    // nothing larger (media stored before it get the closest rendition instead)
    const scaled = v.jpeg1080 ? [{ variant: "jpeg1080" as const, file: v.jpeg1080 }] : [];
    const fit = [...(rules.mimes ? [upright] : [original, upright]), ...scaled].find((c) => fits(c.file));
    if (fit) return fit;
    const want = rules.ratio ?? ratioOf(m);
    const shape = (n: MediaRendition) =>
      v[n] ?? { mime: "image/jpeg", bytes: 0, width: MEDIA_RENDITIONS[n].width, height: MEDIA_RENDITIONS[n].height };
    const ranked = MEDIA_RENDITION_NAMES.filter((n) => accepted(shape(n)) && withinFit(rules, shape(n))).sort(
      (a, b) => shapeDistance(want, ratioOf(shape(a))) - shapeDistance(want, ratioOf(shape(b))),
    );
    const stored = ranked.find((n) => v[n]);
    const best = stored ? { variant: stored, file: v[stored]! } : upright;
    return ranked[0] && ranked[0] !== stored ? { ...best, missing: ranked[0] } : best;
  }

  /**
   * A rendition of a media stored before Sufra made it (the 9:16 picture came later): made from the
   * original when a post first needs it, stored, and added to the row's variants so the next post finds it.
   */
  async function addRendition(m: Media, name: MediaRendition): Promise<{ variant: MediaVariant; file: VariantFile }> {
    const source = await storage.get(m.storageKey);
    const r = await processing.run(m.businessId, () => renderRendition(source, name));
    const file: VariantFile = {
      key: `${m.businessId}/${m.id}/${name}.${r.ext}`,
      mime: r.mime,
      width: r.width,
      height: r.height,
      bytes: r.buffer.length,
    };
    await storage.put(file.key, r.buffer, r.mime);
    // this one key of the row's variants (two posts at once write the same file and the same value)
    await db.$executeRaw`update media set variants = coalesce(variants, '{}'::jsonb) || jsonb_build_object(${name}::text, ${JSON.stringify(file)}::jsonb) where id = ${m.id}::uuid`;
    return { variant: name, file };
  }

  return {
    storage,
    signer,
    processing,
    limits: { maxImageBytes: config.media.maxImageBytes, maxVideoBytes: config.media.maxVideoBytes },

    /**
     * Takes a file: its kind from its content, the size limit of its kind, the crop asked for (images), the
     * rules of each chosen network, then the variants. Answers the new media.
     */
    async upload(
      viewer: Viewer | null,
      file: { buffer: Buffer; originalName: string } | null | undefined,
      opts: unknown = {},
    ): Promise<Media> {
      const v = businessOf(viewer);
      const o = validate(mediaUploadOptionsSchema, opts);
      if (!file?.buffer?.length) throw new AppError("VALIDATION_ERROR", { file: ["mediaFileRequired"] });
      const info: Inspected = await inspect(file.buffer);
      const limit = info.kind === "image" ? config.media.maxImageBytes : config.media.maxVideoBytes;
      if (file.buffer.length > limit)
        throw new MediaError("MEDIA_TOO_LARGE", {
          file: [
            { key: info.kind === "image" ? "mediaImageTooLarge" : "mediaVideoTooLarge", params: { max: mb(limit) } },
          ],
        });
      // pixels and duration from the header, before anything is decoded (a 250 KB PNG can be 256 megapixels)
      const over = mediaLimitProblems(info);
      if (over) throw new MediaError(over.code, { file: over.problems });

      const row = { businessId: v.businessId, uploaderId: v.userId, originalName: file.originalName || "upload" };
      if (info.kind === "video") {
        // never decoded (no ffmpeg): the poster is drawn, so videos take no turn at the processing gate; a crop
        // is a choice made for images, so the option is ignored here
        refuseForPlatforms(o.platforms, info, file.buffer.length);
        const thumb = await videoPoster(info);
        return store(
          { ...row, kind: "video", durationMs: info.durationMs },
          { buffer: file.buffer, mime: info.mime, ext: "mp4", width: info.width, height: info.height },
          { thumb },
        );
      }
      const image = await processing.run(v.businessId, async () => {
        let buffer = file.buffer;
        let facts = info;
        // a crop would keep one frame of a GIF: it is kept whole, as a video is
        if (o.crop && info.format !== "gif") {
          buffer = await cropToRatio(buffer, o.crop, info.format).catch(() => {
            throw new AppError("MEDIA_UNSUPPORTED", { file: ["mediaUnreadable"] });
          });
          const cropped = await inspect(buffer);
          if (cropped.kind !== "image") throw new AppError("MEDIA_UNSUPPORTED", { file: ["mediaUnreadable"] });
          facts = cropped;
        }
        refuseForPlatforms(o.platforms, facts, buffer.length);
        return { buffer, facts, rendered: await renderImage(buffer, facts) };
      });
      const { buffer, facts } = image;
      return store(
        { ...row, kind: "image" },
        {
          buffer,
          mime: facts.mime,
          ext: facts.format === "jpeg" ? "jpg" : facts.format,
          width: facts.width,
          height: facts.height,
        },
        image.rendered,
      );
    },

    /**
     * A picture the server made itself (the demo café's photos): the same inspection, limits and
     * variants as an upload, with no person behind it. Answers the new media.
     */
    async importImage(businessId: string, file: { buffer: Buffer; originalName: string }): Promise<Media> {
      const info = await inspect(file.buffer);
      if (info.kind !== "image" || mediaLimitProblems(info))
        throw new AppError("MEDIA_UNSUPPORTED", { file: ["mediaUnreadable"] });
      const rendered = await renderImage(file.buffer, info);
      return store(
        { businessId, uploaderId: null, kind: "image", originalName: file.originalName },
        {
          buffer: file.buffer,
          mime: info.mime,
          ext: info.format === "jpeg" ? "jpg" : info.format,
          width: info.width,
          height: info.height,
        },
        rendered,
      );
    },

    async get(viewer: Viewer | null, id: string): Promise<Media> {
      return find(businessOf(viewer).businessId, id);
    },

    /**
     * The business's photos no post uses yet, newest first: the newest `limit`, and with them those the
     * person labelled with one of `menuItemIds` (at most `limit` more), each row with its menuItemId, so
     * the planner proposes a dish's own photo before a newer one. Images only, never one made from
     * another (enhanced copies).
     */
    async unusedImages(businessId: string, limit: number, menuItemIds: readonly string[] = []): Promise<Media[]> {
      const where = { businessId, kind: "image" as const, posts: { none: {} } };
      const orderBy = [{ createdAt: "desc" as const }, { id: "desc" as const }];
      const [newest, labelled] = await Promise.all([
        db.media.findMany({ where, orderBy, take: limit }),
        menuItemIds.length
          ? db.media.findMany({ where: { ...where, menuItemId: { in: [...menuItemIds] } }, orderBy, take: limit })
          : [],
      ]);
      const seen = new Set(newest.map((m) => m.id));
      return [...newest, ...labelled.filter((m) => !seen.has(m.id))].sort(
        (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1),
      );
    },

    /** The business's media of these ids (others' and unknown ones are left out). */
    async ofBusiness(businessId: string, ids: readonly string[]): Promise<Media[]> {
      return ids.length ? db.media.findMany({ where: { businessId, id: { in: [...ids] } } }) : [];
    },

    /** Newest first; `after` is the id of the last media of the previous page. */
    async list(viewer: Viewer | null, input: unknown = {}) {
      const { businessId } = businessOf(viewer);
      const q = validate(mediaListSchema, input);
      checkIdCursor(q.after);
      const where = { businessId };
      const [rows, totalCount] = await Promise.all([
        db.media.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], ...idWindow(q) }),
        db.media.count({ where }),
      ]);
      return { ...idPage(rows, q.first), totalCount };
    },

    /**
     * Professional and Premium: a NEW image made from this one (auto-levels, colour, warmth, sharpening),
     * so the person can compare and keep either. Answers both.
     */
    async enhance(viewer: Viewer | null, id: string, opts: unknown = {}): Promise<{ before: Media; after: Media }> {
      const v = businessOf(viewer);
      const { warmth } = validate(enhanceMediaSchema, opts ?? {});
      const sub = await db.subscription.findUnique({ where: { businessId: v.businessId } });
      if (!canEnhanceImages(sub)) throw new AppError("ENHANCEMENT_PLAN_REQUIRED");
      const before = await find(v.businessId, id);
      if (before.kind !== "image") throw new AppError("MEDIA_NOT_AN_IMAGE");
      const source = await storage.get(before.storageKey);
      const { enhanced, rendered } = await processing.run(v.businessId, async () => {
        // a stored picture over the pixel limit (kept from before the limit) is refused by libvips, not a 500
        const enhanced = await enhanceImage(source, warmth).catch(() => {
          throw new AppError("MEDIA_UNSUPPORTED", { file: ["mediaUnreadable"] });
        });
        return { enhanced, rendered: await renderImage(enhanced.buffer, { format: "jpeg", orientation: 1 }) };
      });
      const name = before.originalName.replace(/(\.[^.]*)?$/, "-enhanced.jpg");
      const after = await store(
        {
          businessId: v.businessId,
          uploaderId: v.userId,
          kind: "image",
          originalName: name,
          sourceId: before.id,
          menuItemId: before.menuItemId,
        },
        enhanced,
        rendered,
      );
      return { before, after };
    },

    /**
     * Which menu item a photo shows, remembered in the library for every post that uses it (the built-in
     * writer writes from it; alt text is proposed from it). Null clears it; another business's item is refused.
     */
    async setMenuItem(viewer: Viewer | null, id: string, input: unknown): Promise<Media> {
      const v = businessOf(viewer);
      // another business's media answers NOT_FOUND whatever the body
      const m = await find(v.businessId, id);
      const { menuItemId } = validate(mediaMenuItemSchema, input ?? {});
      if (
        menuItemId &&
        !(await db.menuItem.findFirst({ where: { id: menuItemId, businessId: v.businessId }, select: { id: true } }))
      ) {
        throw new AppError("VALIDATION_ERROR", { menuItemId: ["menuItemInvalid"] });
      }
      return db.media.update({ where: { id: m.id }, data: { menuItemId } });
    },

    /**
     * For the AI writer (no viewer: the studio passes the business): the photos among `mediaIds`, in
     * order, with their menu items and a small JPEG made on demand (docs/architecture.md#what-the-ai-is-sent).
     * Videos are left out; missing or foreign ids are NOT_FOUND.
     */
    async forWriter(businessId: string, mediaIds: readonly string[]) {
      const ids = mediaIds.filter(isUuid);
      const rows = ids.length
        ? await db.media.findMany({ where: { businessId, id: { in: ids } }, include: { menuItem: true } })
        : [];
      const byId = new Map(rows.map((r) => [r.id.toLowerCase(), r]));
      return mediaIds.flatMap((id) => {
        const m = byId.get(id.toLowerCase());
        if (!m) throw new AppError("NOT_FOUND");
        if (m.kind !== "image") return [];
        const v = variantsOf(m);
        // the whole picture, upright: the 1080p JPEG when there is one, the full JPEG, else the original
        const key = v.jpeg1080?.key ?? v.jpeg?.key ?? m.storageKey;
        const item = m.menuItem;
        return [
          {
            mediaId: m.id,
            menuItem: item
              ? {
                  name: item.name,
                  nameAr: item.nameAr || null,
                  priceKwd: item.priceKwd == null ? null : Number(item.priceKwd),
                }
              : null,
            jpeg: async () => (await aiPreview(await storage.get(key))).buffer,
          },
        ];
      });
    },

    /**
     * Deletes a media and its files. Refused while a post that is not a draft uses it (scheduled or
     * published posts must keep their files); drafts simply lose it.
     */
    async remove(viewer: Viewer | null, id: string, meta?: { ip?: string }): Promise<Media> {
      const v = businessOf(viewer);
      const removed = await db.$transaction(async (tx) => {
        const m = isUuid(id) ? await tx.media.findFirst({ where: { id, businessId: v.businessId } }) : null;
        if (!m) throw new AppError("NOT_FOUND");
        if (
          await tx.postMedia.findFirst({
            where: { mediaId: id, post: { status: { not: "draft" } } },
            select: { postId: true },
          })
        )
          throw new AppError("MEDIA_IN_USE");
        const fromDrafts = await tx.postMedia.deleteMany({ where: { mediaId: id } });
        await tx.media.delete({ where: { id } });
        await audit(tx, {
          actorId: v.userId,
          action: "media.deleted",
          entityType: "media",
          entityId: id,
          data: { businessId: v.businessId, originalName: m.originalName, draftsDetached: fromDrafts.count },
          ip: meta?.ip,
        });
        return m;
      });
      await removeFiles([removed.storageKey, ...Object.values(variantsOf(removed)).map((f) => f!.key)]);
      return removed;
    },

    /**
     * For the publishing service (no viewer: the business comes from the post). Media in the order asked;
     * for a platform (and the post's format there: schema's mediaFormatOf), the variant it accepts
     * (Instagram's feed: the upright JPEG if its ratio fits, else the crop closest to the picture; a story or
     * a reel's cover: the 9:16 picture, made now for media stored before it existed). Missing or foreign ids
     * are NOT_FOUND.
     */
    async forPublish(
      businessId: string,
      mediaIds: string[],
      variantFor?: MediaPlatform,
      format?: MediaFormat,
    ): Promise<PublishMedia[]> {
      const ids = mediaIds.filter(isUuid);
      const rows = ids.length ? await db.media.findMany({ where: { businessId, id: { in: ids } } }) : [];
      const byId = new Map(rows.map((r) => [r.id, r]));
      const chosen = mediaIds.map((id) => {
        const m = byId.get(id);
        if (!m) throw new AppError("NOT_FOUND");
        return { m, choice: publishable(m, variantFor, format) };
      });
      return Promise.all(
        chosen.map(async ({ m, choice }) => {
          // a rendition that cannot be made now (the original unreadable, the business's processing full): the closest stored one
          const { variant, file } = choice.missing
            ? await addRendition(m, choice.missing).catch(
                (e: Error) => (
                  logger.warn("media rendition not made", {
                    mediaId: m.id,
                    rendition: choice.missing,
                    error: e.message,
                  }),
                  choice
                ),
              )
            : choice;
          return {
            id: m.id,
            kind: m.kind,
            mime: file.mime,
            url: signer.url(m.id, variant),
            read: () => storage.get(file.key),
            width: file.width || null,
            height: file.height || null,
            durationMs: m.durationMs,
            bytes: file.bytes,
          };
        }),
      );
    },

    /**
     * Signed URLs of a media's files: root-relative for the web client (the page's own address), absolute
     * on PUBLIC_URL when `absolute` (an API key's integration has no page to resolve them against).
     */
    urls(m: Media, opts: { absolute?: boolean } = {}): MediaUrls {
      const v = variantsOf(m);
      const at = (variant: string) => (opts.absolute ? signer.url(m.id, variant) : signer.path(m.id, variant));
      return {
        url: at("original"),
        thumbnailUrl: v.thumb ? at("thumb") : null,
        crops: MEDIA_CROP_NAMES.filter((n) => v[n]).map((name) => ({
          name,
          url: at(name),
          width: v[name]!.width,
          height: v[name]!.height,
        })),
      };
    },

    /** The public file door: a file of a media, when the URL's signature is good (checked by the caller). */
    async file(id: string, variant: string): Promise<VariantFile | null> {
      if (!isUuid(id) || !(MEDIA_VARIANTS as readonly string[]).includes(variant)) return null;
      const m = await db.media.findUnique({ where: { id } });
      return m ? fileOf(m, variant as MediaVariant) : null;
    },
  };
}
export type MediaService = ReturnType<typeof createMediaService>;
