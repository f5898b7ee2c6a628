// Kernel (src/kernel/): shared by every module and feature-free.
// A live view's subscribers all ask again after the same event (their bursts fire together), each
// reading the same figures: concurrent asks with one key share one run instead
// (docs/architecture.md#how-a-request-flows, Events). A run is joined only while no event that changes
// its answer has been heard since it began, so a joiner never gets figures older than the event that
// woke it; an event not yet heard wakes it again. For live streams only: a request that just wrote and
// reads its own write does not wait for its event, so it reads afresh. `keepMs`: a finished run's answer
// is still joined for that long (no change heard since it began): subscribers woken by one event ask
// within a burst's quiet time of each other, not in the same instant, when the process is busy.
export function sharedRuns<T>(opts: { keepMs?: number } = {}) {
  const keepMs = opts.keepMs ?? 0;
  // per change key: how many changes were heard; per key: the run going on and the count it began at
  const heard = new Map<string, number>();
  const running = new Map<string, { heard: number; run: Promise<T> }>();
  let watching = false;
  return {
    /** Whether changes are being heard; until they are, nothing is shared. */
    watch(on: boolean) {
      watching = on;
      if (!on) running.clear();
    },
    /** An event that changes the answers under `changeKey` was heard. */
    changed(changeKey: string) {
      heard.set(changeKey, (heard.get(changeKey) ?? 0) + 1);
    },
    /** `compute`'s answer for `key`, shared with the run for `key` going on if none of `changeKey`'s changes came since it began. */
    run(key: string, compute: () => Promise<T>, changeKey = key): Promise<T> {
      if (!watching) return compute();
      const at = heard.get(changeKey) ?? 0;
      const going = running.get(key);
      if (going && going.heard === at) return going.run;
      const run = compute().finally(() => {
        const drop = () => {
          if (running.get(key)?.run === run) running.delete(key);
        };
        if (keepMs > 0) setTimeout(drop, keepMs).unref();
        else drop();
      });
      running.set(key, { heard: at, run });
      return run;
    },
  };
}
