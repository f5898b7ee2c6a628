// What the network stand-ins read from a file's bytes, as the networks do: whether it is a JPEG or an
// MP4, a JPEG's pixel size (its frame header), an MP4's length (mvhd), its video track's picture size and
// frames a second, so a stand-in refuses a story video over 60 seconds, a feed photo of the wrong shape or
// a TikTok video at 15 frames a second by the file itself, never by what the caller claims.

export const isJpeg = (b: Buffer) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

/** A JPEG's width and height from its start-of-frame segment (SOF0-SOF15 but DHT, JPG and DAC); null when none is found. */
export function jpegSize(b: Buffer): { width: number; height: number } | null {
  if (!isJpeg(b)) return null;
  for (let at = 2; at + 9 < b.length;) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1];
    // fill bytes, and the markers without a length (RSTn, TEM)
    if (marker === 0xff) {
      at++;
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    const length = b.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return { height: b.readUInt16BE(at + 5), width: b.readUInt16BE(at + 7) };
    if (marker === 0xda || length < 2) return null; // the scan began without a frame header
    at += 2 + length;
  }
  return null;
}

/** An ISO base media file: its first box is ftyp. */
export const isMp4 = (b: Buffer) => b.length > 12 && b.toString("latin1", 4, 8) === "ftyp";

/** The box of `type` directly inside [from, to), as its payload's bounds. */
function find(b: Buffer, from: number, to: number, type: string): { start: number; end: number } | null {
  for (let at = from; at + 8 <= to;) {
    const size = b.readUInt32BE(at);
    if (size < 8 || at + size > to) return null;
    if (b.toString("latin1", at + 4, at + 8) === type) return { start: at + 8, end: at + size };
    at += size;
  }
  return null;
}

/** The MP4's duration in milliseconds from moov/mvhd; null when the file has none. */
export function mp4DurationMs(b: Buffer): number | null {
  if (!isMp4(b)) return null;
  const moov = find(b, 0, b.length, "moov");
  const mvhd = moov && find(b, moov.start, moov.end, "mvhd");
  if (!mvhd || mvhd.end - mvhd.start < 32) return null;
  const v1 = b[mvhd.start] === 1;
  const timescale = b.readUInt32BE(mvhd.start + (v1 ? 20 : 12));
  const duration = v1 ? Number(b.readBigUInt64BE(mvhd.start + 24)) : b.readUInt32BE(mvhd.start + 16);
  return timescale ? Math.round((duration / timescale) * 1000) : null;
}

/**
 * The first video track's picture size (tkhd) and frames a second (stts's frames over mdhd's duration);
 * null when the file has no video track with them.
 */
export function mp4VideoFacts(b: Buffer): { width: number; height: number; fps: number } | null {
  if (!isMp4(b)) return null;
  const moov = find(b, 0, b.length, "moov");
  if (!moov) return null;
  for (let at = moov.start; at + 8 <= moov.end;) {
    const size = b.readUInt32BE(at);
    if (size < 8 || at + size > moov.end) return null;
    if (b.toString("latin1", at + 4, at + 8) === "trak") {
      const trak = { start: at + 8, end: at + size };
      const mdia = find(b, trak.start, trak.end, "mdia");
      const hdlr = mdia && find(b, mdia.start, mdia.end, "hdlr");
      const tkhd = find(b, trak.start, trak.end, "tkhd");
      const mdhd = mdia && find(b, mdia.start, mdia.end, "mdhd");
      const minf = mdia && find(b, mdia.start, mdia.end, "minf");
      const stbl = minf && find(b, minf.start, minf.end, "stbl");
      const stts = stbl && find(b, stbl.start, stbl.end, "stts");
      if (hdlr && b.toString("latin1", hdlr.start + 8, hdlr.start + 12) === "vide" && tkhd && mdhd && stts) {
        const v1 = b[tkhd.start] === 1;
        const dims = tkhd.start + (v1 ? 88 : 76);
        const width = b.readUInt32BE(dims) / 65536;
        const height = b.readUInt32BE(dims + 4) / 65536;
        const m1 = b[mdhd.start] === 1;
        const timescale = b.readUInt32BE(mdhd.start + (m1 ? 20 : 12));
        const duration = m1 ? Number(b.readBigUInt64BE(mdhd.start + 24)) : b.readUInt32BE(mdhd.start + 16);
        let frames = 0;
        const entries = b.readUInt32BE(stts.start + 4);
        for (let i = 0; i < entries; i++) frames += b.readUInt32BE(stts.start + 8 + i * 8);
        return { width, height, fps: duration ? (frames * timescale) / duration : 0 };
      }
    }
    at += size;
  }
  return null;
}
