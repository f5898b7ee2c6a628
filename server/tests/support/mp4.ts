// A minimal MP4 for upload tests: ftyp, mdat padding, then moov with mvhd (duration) and one video trak
// (tkhd with duration and size, hdlr "vide"): what the server reads from the container, and nothing more.

const box = (type: string, ...payload: Buffer[]) => {
  const body = Buffer.concat(payload);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8);
  head.write(type, 4, "latin1");
  return Buffer.concat([head, body]);
};
const u32 = (...n: number[]) =>
  Buffer.concat(
    n.map((x) => {
      const b = Buffer.alloc(4);
      b.writeUInt32BE(x);
      return b;
    }),
  );

/** `seconds` long at `timescale` units a second (1000 unless given), `width` × `height`, `pad` bytes of media data. */
export function mp4(opts: { seconds: number; width: number; height: number; timescale?: number; pad?: number }) {
  const ts = opts.timescale ?? 1000;
  const duration = Math.min(0xffffffff, Math.round(opts.seconds * ts));
  const mvhd = box("mvhd", u32(0, 0, 0, ts, duration), Buffer.alloc(80));
  const tkhd = box("tkhd", u32(0x7, 0, 0, 1, 0, duration, 0, 0, 0, 0), Buffer.alloc(36), u32(opts.width * 65536, opts.height * 65536));
  const hdlr = box("hdlr", u32(0, 0), Buffer.from("vide"), Buffer.alloc(12), Buffer.from("VideoHandler\0"));
  const moov = box("moov", mvhd, box("trak", tkhd, box("mdia", hdlr)));
  return Buffer.concat([box("ftyp", Buffer.from("isom"), u32(512), Buffer.from("isomiso2avc1mp41")), box("mdat", Buffer.alloc(opts.pad ?? 1024)), moov]);
}
