// Group commit: writes asked for while one is on its way are made together in the next, in one
// statement or transaction, instead of one transaction each. Nobody waits for a timer: the first ask
// goes out on the next turn of the event loop; those that arrive meanwhile share the following one
// (`concurrency` flushes may be on their way at once, each on its own connection). Each caller gets
// its own item's answer, or the flush's error. See docs/architecture.md#how-a-request-flows.

export function groupCommit<T, R>(
  flush: (items: T[]) => Promise<R[]>,
  opts: { maxItems?: number; concurrency?: number } = {},
) {
  const maxItems = opts.maxItems ?? 500;
  const concurrency = opts.concurrency ?? 1;
  let queued: { item: T; resolve: (r: R) => void; reject: (e: unknown) => void }[] = [];
  let active = 0;
  let scheduled = false;

  function schedule() {
    if (scheduled || active >= concurrency || !queued.length) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      void run();
    });
  }

  async function run() {
    if (active >= concurrency || !queued.length) return;
    const batch = queued.slice(0, maxItems);
    queued = queued.slice(batch.length);
    active++;
    schedule();
    try {
      const answers = await flush(batch.map((b) => b.item));
      batch.forEach((b, i) => b.resolve(answers[i] as R));
    } catch (e) {
      for (const b of batch) b.reject(e);
    } finally {
      active--;
      schedule();
    }
  }

  return (item: T): Promise<R> =>
    new Promise<R>((resolve, reject) => {
      queued.push({ item, resolve, reject });
      schedule();
    });
}
