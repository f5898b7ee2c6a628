// Pixel work with sharp: the crop chosen at upload, the variants of every image, the video poster and
// the enhancement. Every pipeline starts with autoOrient (EXIF rotation) and strips metadata (GPS).
import type { Sharp } from "sharp";
import {
  MEDIA_1080P,
  MEDIA_CROP_NAMES,
  MEDIA_CROPS,
  MEDIA_LIMITS,
  MEDIA_RENDITIONS,
  type MediaCrop,
  type MediaRendition,
} from "@sufra/schema";
import { loadSharp, type SharpFn } from "./sharp.ts";

export interface Rendered {
  buffer: Buffer;
  mime: string;
  ext: string;
  width: number;
  height: number;
}

export type VariantName = "thumb" | MediaRendition | "jpeg" | "jpeg1080";

const THUMB_MAX = 320;
const JPEG_QUALITY = 88;

const done = async (p: Sharp, mime: string, ext: string): Promise<Rendered> => {
  const { data, info } = await p.toBuffer({ resolveWithObject: true });
  return { buffer: data, mime, ext, width: info.width, height: info.height };
};

/**
 * Every decode goes through here: the upload checks the size in the header first, and limitInputPixels
 * refuses again in libvips if anything (a stored file, a new path) ever skipped that check.
 */
const load = (sharp: SharpFn, buf: Buffer) =>
  sharp(buf, { failOn: "error", limitInputPixels: MEDIA_LIMITS.imageMaxPixels });
const open = (sharp: SharpFn, buf: Buffer) => load(sharp, buf).autoOrient();

/**
 * The largest region of the picture with the crop's ratio, chosen by sharp's attention strategy (where
 * the food is), at the original's resolution; kept in the original's format.
 */
export async function cropToRatio(buf: Buffer, crop: MediaCrop, format: "jpeg" | "png" | "webp"): Promise<Buffer> {
  const sharp = await loadSharp();
  const meta = await load(sharp, buf).metadata();
  const { width: w, height: h } = meta.autoOrient;
  const ratio = MEDIA_CROPS[crop].width / MEDIA_CROPS[crop].height;
  const [cw, ch] = w / h > ratio ? [Math.round(h * ratio), h] : [w, Math.round(w / ratio)];
  const p = open(sharp, buf).resize({ width: cw, height: ch, fit: "cover", position: sharp.strategy.attention });
  return (
    format === "jpeg" ? p.jpeg({ quality: 92 }) : format === "png" ? p.png() : p.webp({ quality: 92 })
  ).toBuffer();
}

/**
 * One rendition (a crop, or the 9:16 picture of stories) at its network size, where the food is (sharp's
 * attention strategy); JPEG, as Instagram publishes JPEG only.
 */
export async function renderRendition(buf: Buffer, name: MediaRendition): Promise<Rendered> {
  const sharp = await loadSharp();
  const size = MEDIA_RENDITIONS[name];
  return done(
    open(sharp, buf)
      .resize({ width: size.width, height: size.height, fit: "cover", position: sharp.strategy.attention })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: JPEG_QUALITY }),
    "image/jpeg",
    "jpg",
  );
}

/**
 * thumb (WebP, at most 320 px), the three crops at the networks' sizes, a full-size upright JPEG when the original is not already one, and a JPEG of the
 * whole picture scaled into 1080p when it is larger (TikTok takes photos of at most 1080p; a crop would
 * cut the picture).
 */
export async function imageVariants(
  buf: Buffer,
  original: { format: string; orientation: number },
): Promise<Partial<Record<VariantName, Rendered>>> {
  const sharp = await loadSharp();
  const out: Partial<Record<VariantName, Rendered>> = {};
  out.thumb = await done(
    open(sharp, buf)
      .resize({ width: THUMB_MAX, height: THUMB_MAX, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 80 }),
    "image/webp",
    "webp",
  );
  // a GIF is posted as it is (X): a crop or a JPEG of it would keep one frame, and the networks that
  // need those take no GIF; its thumbnail is its first frame
  if (original.format === "gif") return out;
  // the crops every feed may need; the 9:16 picture only a story or a reel's cover needs is made the first
  // time one does (media.service's publishable names it missing), not for every upload
  for (const name of MEDIA_CROP_NAMES) out[name] = await renderRendition(buf, name);
  if (original.format !== "jpeg" || original.orientation !== 1) {
    out.jpeg = await done(
      open(sharp, buf).flatten({ background: "#ffffff" }).jpeg({ quality: 90 }),
      "image/jpeg",
      "jpg",
    );
  }
  const { width: w, height: h } = (await load(sharp, buf).metadata()).autoOrient;
  if (Math.min(w, h) > MEDIA_1080P.shortSide || Math.max(w, h) > MEDIA_1080P.longSide) {
    const [bw, bh] =
      w >= h ? [MEDIA_1080P.longSide, MEDIA_1080P.shortSide] : [MEDIA_1080P.shortSide, MEDIA_1080P.longSide];
    out.jpeg1080 = await done(
      open(sharp, buf)
        .resize({ width: bw, height: bh, fit: "inside" })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: JPEG_QUALITY }),
      "image/jpeg",
      "jpg",
    );
  }
  return out;
}

const clock = (ms: number) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};

/**
 * Without ffmpeg on the server we cannot take a frame from the video: the poster is a dark card with a
 * play triangle and the duration, drawn from SVG, in the video's proportions.
 */
export async function videoPoster(video: {
  width: number | null;
  height: number | null;
  durationMs: number;
}): Promise<Rendered> {
  const ratio = video.width && video.height ? video.width / video.height : 16 / 9;
  const [w, h] =
    ratio >= 1
      ? [THUMB_MAX, Math.max(90, Math.round(THUMB_MAX / ratio))]
      : [Math.max(90, Math.round(THUMB_MAX * ratio)), THUMB_MAX];
  const r = Math.min(w, h) / 6;
  const cx = w / 2;
  const cy = h / 2;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <rect width="100%" height="100%" fill="#1d1b19"/>
  <circle cx="${cx}" cy="${cy}" r="${r * 1.5}" fill="#ffffff" fill-opacity="0.15"/>
  <polygon points="${cx - r * 0.6},${cy - r} ${cx - r * 0.6},${cy + r} ${cx + r},${cy}" fill="#ffffff"/>
  <text x="${w - 10}" y="${h - 10}" text-anchor="end" font-family="sans-serif" font-size="${Math.round(h / 9)}" fill="#ffffff">${clock(video.durationMs)}</text>
</svg>`;
  const sharp = await loadSharp();
  return done(sharp(Buffer.from(svg)).webp({ quality: 80 }), "image/webp", "webp");
}

/**
 * Food photos: auto-levels (normalise), a little more colour, warmth (red up, blue down, by `warmth`
 * from 0 to 1) and a mild sharpen. Always a new upright JPEG; the original is kept.
 */
export async function enhanceImage(buf: Buffer, warmth: number): Promise<Rendered> {
  const sharp = await loadSharp();
  const p = open(sharp, buf)
    .flatten({ background: "#ffffff" })
    .normalise({ lower: 1, upper: 99 })
    .modulate({ saturation: 1.1 })
    .recomb([
      [1 + 0.12 * warmth, 0, 0],
      [0, 1 + 0.02 * warmth, 0],
      [0, 0, 1 - 0.12 * warmth],
    ])
    .sharpen({ sigma: 0.8 })
    .jpeg({ quality: 92 });
  return done(p, "image/jpeg", "jpg");
}

/** What a model that sees is sent: the whole picture, upright, inside 512 x 512 (low detail is 512 px), JPEG. */
const AI_PREVIEW_MAX = 512;
export async function aiPreview(buf: Buffer): Promise<Rendered> {
  const sharp = await loadSharp();
  return done(
    open(sharp, buf)
      .resize({ width: AI_PREVIEW_MAX, height: AI_PREVIEW_MAX, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 80 }),
    "image/jpeg",
    "jpg",
  );
}
