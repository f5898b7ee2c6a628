// How many pictures are worked on at once. Pixel work is CPU and memory heavy and runs on libuv's small
// thread pool, which file reads and DNS share: unbounded, one business's ten-photo carousel (or a hostile
// burst) would slow every other request. So: a few at once per process, fewer per business, and a
// business over its share waits its turn (the client sends a carousel's files all at once), up to a
// carousel's worth of waiting files; beyond that it is told to wait (429), not queued without end.
import os from "node:os";
import { MEDIA_RULES } from "@sufra/schema";
import { AppError } from "../../kernel/errors.ts";

export interface ProcessingLimits {
  perProcess: number;
  perBusiness: number;
  waitingPerBusiness: number;
}

/** Cores, but always leaving one of libuv's threads (4 unless UV_THREADPOOL_SIZE says) to the rest of the app. */
function defaultProcessingLimits(): ProcessingLimits {
  const pool = Number(process.env.UV_THREADPOOL_SIZE) || 4;
  const perProcess = Math.max(1, Math.min(os.availableParallelism(), pool - 1));
  // at most half the slots: two businesses can always be served side by side
  return {
    perProcess,
    perBusiness: Math.max(1, Math.floor(perProcess / 2)),
    waitingPerBusiness: Math.max(...Object.values(MEDIA_RULES).map((r) => r.maxItems)),
  };
}

class Semaphore {
  running = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly size: number) {}
  get queued() {
    return this.waiting.length;
  }
  acquire(): Promise<void> {
    if (this.running < this.size) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }
  /** hands the slot to the next in line (FIFO), or frees it */
  release() {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}

export function createProcessingGate(limits: ProcessingLimits = defaultProcessingLimits()) {
  const processSlots = new Semaphore(limits.perProcess);
  const businesses = new Map<string, Semaphore>();
  const peak = { process: 0, perBusiness: 0 };

  return {
    limits,
    /** Runs `work` when the business and the process have a free slot; MEDIA_BUSY when its line is full. */
    async run<T>(businessId: string, work: () => Promise<T>): Promise<T> {
      let mine = businesses.get(businessId);
      if (!mine) businesses.set(businessId, (mine = new Semaphore(limits.perBusiness)));
      if (mine.running + mine.queued >= limits.perBusiness + limits.waitingPerBusiness)
        throw new AppError("MEDIA_BUSY");
      await mine.acquire();
      try {
        // the business's own slot first: its waiting files never hold one of the process's slots
        await processSlots.acquire();
        peak.process = Math.max(peak.process, processSlots.running);
        peak.perBusiness = Math.max(peak.perBusiness, mine.running);
        try {
          return await work();
        } finally {
          processSlots.release();
        }
      } finally {
        mine.release();
        if (mine.running === 0 && mine.queued === 0) businesses.delete(businessId);
      }
    },
    /** For tests and diagnostics: who is working and waiting now, and the most at once so far. */
    snapshot() {
      return {
        running: processSlots.running,
        waiting: processSlots.queued,
        byBusiness: Object.fromEntries(
          [...businesses].map(([id, s]) => [id, { running: s.running, waiting: s.queued }]),
        ),
        peak: { ...peak },
      };
    },
  };
}
export type ProcessingGate = ReturnType<typeof createProcessingGate>;
