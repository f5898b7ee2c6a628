// What the network stand-ins read from a file's bytes, as the networks do: whether it is a JPEG or an
// MP4, and an MP4's length (mvhd), so a stand-in refuses a story video over 60 seconds by the file
// itself, never by what the caller claims.

export const isJpeg = (b: Buffer) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

/** An ISO base media file: its first box is ftyp. */
export const isMp4 = (b: Buffer) => b.length > 12 && b.toString("latin1", 4, 8) === "ftyp";

/** The MP4's duration in milliseconds from moov/mvhd; null when the file has none. */
export function mp4DurationMs(b: Buffer): number | null {
  if (!isMp4(b)) return null;
  const find = (from: number, to: number, type: string): { start: number; end: number } | null => {
    for (let at = from; at + 8 <= to; ) {
      const size = b.readUInt32BE(at);
      if (size < 8 || at + size > to) return null;
      if (b.toString("latin1", at + 4, at + 8) === type) return { start: at + 8, end: at + size };
      at += size;
    }
    return null;
  };
  const moov = find(0, b.length, "moov");
  const mvhd = moov && find(moov.start, moov.end, "mvhd");
  if (!mvhd || mvhd.end - mvhd.start < 32) return null;
  const v1 = b[mvhd.start] === 1;
  const timescale = b.readUInt32BE(mvhd.start + (v1 ? 20 : 12));
  const duration = v1 ? Number(b.readBigUInt64BE(mvhd.start + 24)) : b.readUInt32BE(mvhd.start + 16);
  return timescale ? Math.round((duration / timescale) * 1000) : null;
}
