// A minimal MP4 for upload tests: ftyp, mdat padding, then moov with mvhd (duration) and one video trak
// (tkhd with duration and size, hdlr "vide", mdhd and stts giving its frames a second): what the server
// and the networks' stand-ins read from the container, and nothing more.

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

/** `seconds` long at `timescale` units a second (1000 unless given), `width` × `height`, `fps` frames a second (30 unless given), `pad` bytes of media data. */
export function mp4(opts: {
  seconds: number;
  width: number;
  height: number;
  timescale?: number;
  pad?: number;
  fps?: number;
}) {
  const ts = opts.timescale ?? 1000;
  const duration = Math.min(0xffffffff, Math.round(opts.seconds * ts));
  const mvhd = box("mvhd", u32(0, 0, 0, ts, duration), Buffer.alloc(80));
  const tkhd = box(
    "tkhd",
    u32(0x7, 0, 0, 1, 0, duration, 0, 0, 0, 0),
    Buffer.alloc(36),
    u32(opts.width * 65536, opts.height * 65536),
  );
  const hdlr = box("hdlr", u32(0, 0), Buffer.from("vide"), Buffer.alloc(12), Buffer.from("VideoHandler\0"));
  // the track's own clock: fps × 1000 units a second, every frame 1000 units long
  const fps = opts.fps ?? 30;
  const frames = Math.min(Math.round(opts.seconds * fps), Math.floor(0xffffffff / 1000));
  const mdhd = box("mdhd", u32(0, 0, 0, Math.round(fps * 1000), frames * 1000, 0));
  const stts = box("stts", u32(0, 1, frames, 1000));
  const moov = box("moov", mvhd, box("trak", tkhd, box("mdia", mdhd, hdlr, box("minf", box("stbl", stts)))));
  return Buffer.concat([
    box("ftyp", Buffer.from("isom"), u32(512), Buffer.from("isomiso2avc1mp41")),
    box("mdat", Buffer.alloc(opts.pad ?? 1024)),
    moov,
  ]);
}
