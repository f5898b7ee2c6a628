// How many calls to one network may be in flight from this process: a limit that adapts to what the
// network answers (additive increase, multiplicative decrease, as TCP does), instead of a fixed slot
// count. It grows while calls come back fine (doubling per round trip until the first sign of trouble,
// then one more per round trip) and halves when the network says it is overloaded (429, timeouts,
// 5xx). When to call again after a 429 is the caller's: a network's reset is most often one account's
// (publishing holds that account's targets until then). See docs/architecture.md#how-a-request-flows.

export interface AdaptiveLimitOptions {
  /** calls in flight at the start, and after a pause ends */
  initial: number;
  /** never fewer than this (1: one call probes whether the network is back) */
  min: number;
  /** never more, whatever the network takes: the process's own CPU and database are shared */
  max: number;
}

export const DEFAULT_ADAPTIVE: AdaptiveLimitOptions = { initial: 16, min: 1, max: 128 };

/** What a call tells the limit: "ok" (answered, even a refusal), "overload" (slow down), "none" (no call was made). */
export type Load = "ok" | "overload" | "none";

export function createAdaptiveLimit(opts: AdaptiveLimitOptions = DEFAULT_ADAPTIVE) {
  let limit = opts.initial;
  // below this the limit doubles per round trip (slow start); above it, one more per round trip
  let threshold = opts.max;
  let inFlight = 0;
  // calls started before the last decrease carry news that is already acted on: a burst of 429s halves once
  let started = 0;
  let decreasedAt = 0;

  return {
    /** How many more calls may start now. */
    free(): number {
      return Math.max(0, Math.floor(limit) - inFlight);
    },
    limit: () => Math.floor(limit),
    inFlight: () => inFlight,
    /** A call starts; the answer goes back through `done` with the ticket. */
    start(): number {
      inFlight++;
      return ++started;
    },
    done(ticket: number, load: Load) {
      inFlight = Math.max(0, inFlight - 1);
      if (load === "ok") {
        limit = Math.min(opts.max, limit < threshold ? limit + 1 : limit + 1 / limit);
      } else if (load === "overload" && ticket > decreasedAt) {
        limit = Math.max(opts.min, limit / 2);
        threshold = Math.max(opts.min, limit);
        decreasedAt = started;
      }
    },
  };
}
export type AdaptiveLimit = ReturnType<typeof createAdaptiveLimit>;
