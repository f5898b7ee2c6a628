// What a file really is, from its content: never from its name or the declared type, which the
// uploader controls. Only formats we accept ever reach libvips (magic bytes first).
import { AppError } from "../../kernel/errors.ts";
import { loadSharp } from "./sharp.ts";

export type Inspected =
  | {
      kind: "image";
      format: "jpeg" | "png" | "webp" | "gif";
      mime: string;
      width: number;
      height: number;
      orientation: number;
    }
  | {
      kind: "video";
      format: "mp4";
      mime: "video/mp4";
      width: number | null;
      height: number | null;
      durationMs: number;
    };

const IMAGE_MIME = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp", gif: "image/gif" } as const;

// ISO-BMFF brands of MP4 files (H.264/H.265 in an MP4 container); QuickTime (qt) and audio-only (M4A) are not
const MP4_BRANDS = new Set([
  "isom",
  "iso2",
  "iso3",
  "iso4",
  "iso5",
  "iso6",
  "mp41",
  "mp42",
  "avc1",
  "hvc1",
  "M4V ",
  "M4VP",
  "mmp4",
  "MSNV",
  "dash",
  "3gp4",
  "3gp5",
  "3gp6",
]);

const OTHER_FORMATS = /^(II\*\x00|MM\x00\*|BM|<svg|<\?xml)/;

const unsupported = (reason: "mediaUnreadable" | "mediaTypeNotAccepted" | "mediaNoVideoTrack") =>
  new AppError("MEDIA_UNSUPPORTED", { file: [reason] });

function sniffImage(b: Buffer): "jpeg" | "png" | "webp" | "gif" | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpeg";
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "png";
  if (b.length >= 12 && b.toString("latin1", 0, 4) === "RIFF" && b.toString("latin1", 8, 12) === "WEBP") return "webp";
  // an animated GIF: X posts it as it is (schema's MEDIA_RULES say which networks take one)
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.toString("latin1", 0, 6))) return "gif";
  return null;
}

export async function inspect(buf: Buffer): Promise<Inspected> {
  const format = sniffImage(buf);
  if (format) {
    // the header only, nothing decoded: no pixel limit here, so a huge picture is measured and refused by
    // its size (the upload's rule), not called unreadable; every decode later has libvips' limit
    const sharp = await loadSharp();
    const meta = await sharp(buf, { limitInputPixels: false })
      .metadata()
      .catch(() => null);
    if (!meta || meta.format !== format || !meta.width || !meta.height) throw unsupported("mediaUnreadable");
    // width and height as people see the picture (EXIF orientation applied)
    return {
      kind: "image",
      format,
      mime: IMAGE_MIME[format],
      width: meta.autoOrient.width,
      height: meta.autoOrient.height,
      orientation: meta.orientation ?? 1,
    };
  }
  if (buf.length >= 12 && buf.toString("latin1", 4, 8) === "ftyp") return inspectMp4(buf);
  // a recognisable format we do not take (TIFF, BMP, SVG; HEIC and QuickTime fail the brand test) says so
  throw unsupported(
    OTHER_FORMATS.test(buf.toString("latin1", 0, 64).trimStart()) ? "mediaTypeNotAccepted" : "mediaUnreadable",
  );
}

// ---------------------------------------------------------------- ISO-BMFF
interface Box {
  type: string;
  start: number; // payload start
  end: number;
}

/** The boxes directly inside [start, end); stops at a box whose size does not fit (a truncated file). */
function* boxes(b: Buffer, start: number, end: number): Generator<Box> {
  let at = start;
  while (at + 8 <= end) {
    let size = b.readUInt32BE(at);
    const type = b.toString("latin1", at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) return;
      size = Number(b.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = end - at; // to the end of the file
    if (size < header || at + size > end) return;
    yield { type, start: at + header, end: at + size };
    at += size;
  }
}

const child = (b: Buffer, parent: Box, type: string) =>
  [...boxes(b, parent.start, parent.end)].find((x) => x.type === type);

function inspectMp4(b: Buffer): Inspected {
  const top = [...boxes(b, 0, b.length)];
  const ftyp = top[0]?.type === "ftyp" ? top[0] : undefined;
  if (!ftyp || ftyp.end - ftyp.start < 8) throw unsupported("mediaUnreadable");
  const brands = [b.toString("latin1", ftyp.start, ftyp.start + 4)];
  for (let at = ftyp.start + 8; at + 4 <= ftyp.end; at += 4) brands.push(b.toString("latin1", at, at + 4));
  if (!brands.some((x) => MP4_BRANDS.has(x))) throw unsupported("mediaTypeNotAccepted");

  const moov = top.find((x) => x.type === "moov");
  const mvhd = moov && child(b, moov, "mvhd");
  if (!moov || !mvhd || mvhd.end - mvhd.start < 32) throw unsupported("mediaUnreadable");
  // mvhd: version(1) flags(3), then 32- or 64-bit creation/modification times, timescale, duration
  const v1 = b[mvhd.start] === 1;
  const timescale = b.readUInt32BE(mvhd.start + (v1 ? 20 : 12));
  const duration = v1 ? Number(b.readBigUInt64BE(mvhd.start + 24)) : b.readUInt32BE(mvhd.start + 16);
  if (!timescale) throw unsupported("mediaUnreadable");

  // the first video track's tkhd gives the picture size (16.16 fixed point; audio tracks say 0x0)
  let size: { width: number; height: number } | null = null;
  for (const trak of [...boxes(b, moov.start, moov.end)].filter((x) => x.type === "trak")) {
    const mdia = child(b, trak, "mdia");
    const hdlr = mdia && child(b, mdia, "hdlr");
    const handler = hdlr && hdlr.end - hdlr.start >= 12 ? b.toString("latin1", hdlr.start + 8, hdlr.start + 12) : null;
    const tkhd = child(b, trak, "tkhd");
    if (!tkhd || (handler && handler !== "vide")) continue;
    const off = tkhd.start + (b[tkhd.start] === 1 ? 88 : 76);
    if (off + 8 > tkhd.end) continue;
    const width = Math.round(b.readUInt32BE(off) / 65536);
    const height = Math.round(b.readUInt32BE(off + 4) / 65536);
    if (width > 0 && height > 0) {
      size = { width, height };
      break;
    }
  }
  if (!size) throw unsupported("mediaNoVideoTrack");
  return {
    kind: "video",
    format: "mp4",
    mime: "video/mp4",
    width: size.width,
    height: size.height,
    durationMs: Math.round((duration / timescale) * 1000),
  };
}
