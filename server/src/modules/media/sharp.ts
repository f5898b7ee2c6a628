// sharp (libvips, its threads and its native library) is loaded on the first picture, not at start:
// about 20 MB of resident memory that an API process serving lists, or a worker that never touches a
// picture, need not hold.
import type Sharp from "sharp";

export type SharpFn = typeof Sharp;

let loading: Promise<SharpFn> | undefined;

export function loadSharp(): Promise<SharpFn> {
  return (loading ??= import("sharp").then(({ default: sharp }) => {
    // One libvips thread per picture: the processing gate decides how many pictures run at once, so the
    // CPU a process uses is bounded by the gate alone (sharp's default is one thread per core per picture).
    sharp.concurrency(1);
    // No operation cache: each upload is a different file, and one business's pixels must not linger in
    // memory after its request (the default keeps up to 50 MB of decoded operations).
    sharp.cache(false);
    return sharp;
  }));
}
