// Held answers, shared by the fake networks: a test holds the next call of an endpoint for `ms` or
// until release(), to time out a publish or kill a worker while the network has the post.
export interface Held {
  /** resolves when a held request has arrived (the platform has it) */
  received: Promise<void>;
  release(): void;
}

interface Hold {
  ms?: number;
  /** the post is made when the request arrives (default), or only when the hold is released */
  createOn: "receipt" | "release";
  gate: Promise<void>;
  arrived: () => void;
}

export class Holds<E extends string> {
  private holds = new Map<E, Hold>();

  hold(endpoint: E, opts: { ms?: number; createOn?: "receipt" | "release" } = {}): Held {
    let arrived!: () => void;
    let open!: () => void;
    const received = new Promise<void>((r) => (arrived = r));
    const gate = new Promise<void>((r) => (open = r));
    this.holds.set(endpoint, { ms: opts.ms, createOn: opts.createOn ?? "receipt", gate, arrived });
    return { received, release: () => open() };
  }

  /** The hold on this call, if any (used once), and the wait that keeps its answer back. */
  take(endpoint: E): { hold: Hold | undefined; wait: () => Promise<void> } {
    const hold = this.holds.get(endpoint);
    if (hold) this.holds.delete(endpoint);
    const wait = async () => {
      if (!hold) return;
      hold.arrived();
      await (hold.ms !== undefined ? Promise.race([hold.gate, new Promise((r) => setTimeout(r, hold.ms))]) : hold.gate);
    };
    return { hold, wait };
  }
}
