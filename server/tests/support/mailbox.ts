// A real SMTP server on loopback that keeps what it receives, for tests that follow mailed links.
import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";

interface ReceivedMail {
  to: string[];
  raw: string;
}

export async function startMailbox() {
  const mails: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("latin1"),
        });
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.server.address() as AddressInfo).port;

  /** Waits for a mail to `to` whose raw text matches `match` (quoted-printable soft breaks undone). */
  async function waitFor(to: string, match: RegExp = /./, timeoutMs = 10_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hit = mails.find((m) => m.to.includes(to) && match.test(decode(m.raw)));
      if (hit) return decode(hit.raw);
      if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${match} (got ${mails.length} mails)`);
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 200);
      });
    }
  }
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Undoes quoted-printable (soft breaks and =XX bytes, read as UTF-8), enough to read links and texts. */
function decode(raw: string) {
  const joined = raw.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === "=" ? /^[0-9A-F]{2}$/.exec(joined.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i], "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

/** The token of the first link to `path` in a mail. */
export const tokenFrom = (mail: string, path: string) => {
  const m = new RegExp(`${path}\\?token=([A-Za-z0-9_%-]+)`).exec(mail);
  if (!m) throw new Error(`no ${path} link in mail`);
  return decodeURIComponent(m[1]);
};
