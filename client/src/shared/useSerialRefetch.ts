// Live events ask a list to fetch again. Apollo answers a refetch asked for while the same one is
// running with that running request, whose answer may predate the newest event (and overwrite what
// the event wrote into the cache). So a refetch asked for meanwhile runs once more after it.
import { useCallback, useEffect, useRef } from "react";

export function useSerialRefetch(refetch: () => Promise<unknown>, enabled = true): () => void {
  const latest = useRef(refetch);
  useEffect(() => {
    latest.current = refetch;
  }, [refetch]);
  const running = useRef(false);
  const again = useRef(false);
  return useCallback(() => {
    if (!enabled) return;
    if (running.current) {
      again.current = true;
      return;
    }
    running.current = true;
    const run = (): Promise<void> =>
      latest
        .current()
        .catch(() => {})
        .then(() => {
          if (!again.current) return;
          again.current = false;
          return run();
        });
    void run().finally(() => {
      running.current = false;
    });
  }, [enabled]);
}
