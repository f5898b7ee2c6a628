// Kernel (src/kernel/): shared by every module and feature-free.
// A kernel file imports no module (src/modules/*); modules import the kernel, never the reverse.
// A server clock that starts at a chosen instant and runs on from there (CLOCK_START, refused in
// production). Browser tests pin the page's clock with Playwright's and the server's with this one,
// so "today", a post's lead time and the calendar's layout are the same on every day the tests run.
// The process's Date is replaced the way Playwright's and sinon's fake clocks do it: `new Date()`
// and `Date.now()` read the shifted time, every other use of Date is the native one, instances stay
// native (instanceof and the prototype are unchanged). Timers are not touched: time still flows.
// PostgreSQL's own now() keeps the real time; the start should not lie in the real future, or rows
// it stamps (job locks) would look older than the process's "now".

/** Shifts `new Date()` and `Date.now()` so that now is `start`; returns the undo. */
export function startClockAt(start: Date): () => void {
  const Native = globalThis.Date;
  const offset = start.getTime() - Native.now();
  const now = () => Native.now() + offset;
  function ClockDate(this: unknown, ...args: unknown[]) {
    // called without new, Date() answers the current time as a string
    if (!new.target) return new Native(now()).toString();
    return args.length === 0 ? new Native(now()) : new (Native as unknown as new (...a: unknown[]) => Date)(...args);
  }
  ClockDate.prototype = Native.prototype;
  Object.defineProperties(ClockDate, {
    now: { value: now, writable: true, configurable: true },
    parse: { value: Native.parse, writable: true, configurable: true },
    UTC: { value: Native.UTC, writable: true, configurable: true },
  });
  globalThis.Date = ClockDate as unknown as DateConstructor;
  return () => {
    globalThis.Date = Native;
  };
}
