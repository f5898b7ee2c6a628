// TikTok's chunked upload, as a pure rule: for every video size from 1 KB to 300 MB (each boundary of
// the media transfer guide on both sides) the adapter's plan, cut into the byte ranges the upload
// sends, is checked against the guide's rules stated again here, bullet by bullet, with "MB" read both
// as 1,000,000 and as 1,048,576 bytes (the guide does not say which); and the stand-in takes every
// such plan and refuses the plans TikTok refuses.
import { describe, expect, test } from "@jest/globals";
import { chunkPlan } from "../src/networks/tiktok/adapter.ts";
import { chunkProblem } from "./fakes/tiktok-server.ts";

const KB = 1024;
const MiB = 1024 * 1024;
const MB = 1_000_000;

/** The byte ranges [first, last] the upload sends for a plan: chunk_size bytes each, the last taking the rest. */
function ranges(size: number, plan: { chunkSize: number; chunks: number }): [number, number][] {
  return Array.from({ length: plan.chunks }, (_, i) => [
    i * plan.chunkSize,
    i === plan.chunks - 1 ? size - 1 : (i + 1) * plan.chunkSize - 1,
  ]);
}

/** The guide's chunk restrictions, one line each, for one reading of "MB"; the rules a plan breaks. */
function broken(size: number, plan: { chunkSize: number; chunks: number }, mb: number): string[] {
  const out: string[] = [];
  const parts = ranges(size, plan).map(([a, b]) => b - a + 1);
  // total_chunk_count is video_size / chunk_size, rounded down (a whole upload: one chunk of the video's size)
  if (plan.chunks !== Math.floor(size / plan.chunkSize)) out.push("count is not floor(size / chunk)");
  // each chunk 5-64 MB, but the final one, which may be larger (up to 128 MB)
  parts.slice(0, -1).forEach((p) => (p < 5 * mb || p > 64 * mb) && out.push(`a chunk of ${p} bytes`));
  const last = parts[parts.length - 1]!;
  if (last > 128 * mb) out.push("the last chunk over 128 MB");
  if (size >= 5 * mb && (plan.chunkSize < 5 * mb || plan.chunkSize > 64 * mb)) out.push("chunk_size outside 5-64 MB");
  if (size >= 5 * mb && last < 5 * mb) out.push("the last chunk under 5 MB");
  // under 5 MB: whole, chunk_size = video_size
  if (size < 5 * mb && (plan.chunks !== 1 || plan.chunkSize !== size)) out.push("a small video not sent whole");
  // over 64 MB: several chunks
  if (size > 64 * mb && plan.chunks < 2) out.push("a large video in one chunk");
  if (plan.chunks < 1 || plan.chunks > 1000) out.push("not 1 to 1000 chunks");
  // the ranges cover the file exactly, in order
  if (parts.reduce((a, b) => a + b, 0) !== size || parts.some((p) => p <= 0))
    out.push("the ranges do not cover the file");
  return out;
}

// every boundary of the guide in both readings, and a step either side of each
const boundaries = [5, 10, 20, 64, 128].flatMap((n) => [n * MB, n * MiB]);
const sizes = [
  KB,
  100 * KB,
  MiB,
  4 * MiB,
  4_194_304,
  4_999_999,
  ...boundaries.flatMap((b) => [b - 1, b, b + 1]),
  7 * MiB,
  7.5 * MiB,
  15 * MiB,
  21 * MiB,
  50_000_123,
  65 * MiB,
  100 * MiB,
  129 * MiB,
  200 * MiB,
  300 * MiB,
].map(Math.round);

describe("chunkPlan", () => {
  test.each(sizes)(
    "%d bytes: the plan keeps every chunk rule, read in MB and in MiB, and the stand-in takes it",
    (size) => {
      const plan = chunkPlan(size);
      expect({ size, MB: broken(size, plan, MB), MiB: broken(size, plan, MiB) }).toEqual({ size, MB: [], MiB: [] });
      expect(chunkProblem(size, plan.chunkSize, plan.chunks)).toBeNull();
    },
  );

  test("the guide's own examples: 4 MB whole; 7 MiB whole (under one 10 MiB chunk), never a chunk larger than the video", () => {
    expect(chunkPlan(4_194_304)).toEqual({ chunkSize: 4_194_304, chunks: 1 });
    expect(chunkPlan(7 * MiB)).toEqual({ chunkSize: 7 * MiB, chunks: 1 });
    for (const size of sizes) expect(chunkPlan(size).chunkSize).toBeLessThanOrEqual(size);
  });

  test("the stand-in refuses what TikTok's rules refuse", () => {
    // a chunk larger than the video (floor(7 / 10) is 0, not 1)
    expect(chunkProblem(7 * MiB, 10 * MiB, 1)).toMatch(/floor/);
    // a small video cut in pieces
    expect(chunkProblem(4 * MiB, 2 * MiB, 2)).toMatch(/whole/);
    // between 5,000,000 and 5 MiB: under 5 MB in one reading, so only a whole upload passes both
    expect(chunkProblem(5_100_000, 5_000_000, 1)).toMatch(/whole/);
    expect(chunkProblem(5_100_000, 5_100_000, 1)).toBeNull();
    // chunks under 5 MB or over 64 MB
    expect(chunkProblem(40 * MiB, 4 * MiB, 10)).toMatch(/between 5 and 64/);
    expect(chunkProblem(200 * MiB, 65 * MiB, 3)).toMatch(/between 5 and 64/);
    // a video over 64 MB in one chunk (with floor and chunks of at most 64 MB, the last stays under 128 MB)
    expect(chunkProblem(70 * MiB, 64 * MB, 1)).toMatch(/several chunks/);
    // over TikTok's 4 GB (which also keeps the count under 1000 chunks of 5 MB or more)
    expect(chunkProblem(6000 * MiB, 5 * MiB, 1200)).toMatch(/4 GB/);
  });
});
