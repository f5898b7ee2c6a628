// Where a webhook endpoint leads, judged when it is saved (docs/product.md#webhooks): the form's rule
// (webhookUrlProblem: https, no credentials, no private literal or name, the host without its trailing dot),
// then the name resolved, every address it gives (dns.lookup, all of them), each refused when private,
// loopback, link-local, carrier-grade NAT, metadata or a tunnel to one, unless the allow-list opens it on
// the endpoint's port. A name that does not resolve now is not refused: the sender checks the address again
// at every delivery, after its own resolution, whatever a name resolved to when it was saved.
import dns from "node:dns/promises";
import {
  isAllowedAddress,
  isNonPublicIpLiteral,
  portOf,
  webhookUrlProblem,
  type MessageKey,
  type WebhookUrlOptions,
} from "@sufra/schema";

/** How a name becomes addresses: dns.lookup with all: true (the system's resolver, /etc/hosts included, as the sender's). */
export type LookupAll = (host: string) => Promise<{ address: string }[]>;

const systemLookup: LookupAll = (host) => dns.lookup(host, { all: true, verbatim: true });

/** Long enough for a slow resolver; a name that answers no sooner is judged at delivery. */
const LOOKUP_TIMEOUT_MS = 3_000;

/** Why `value` cannot be saved as an endpoint, or null; the message key of the url field. */
export async function webhookAddressProblem(
  value: string,
  opts: WebhookUrlOptions,
  lookup: LookupAll = systemLookup,
): Promise<MessageKey | null> {
  const problem = webhookUrlProblem(value, opts);
  if (problem) return problem;
  const url = new URL(value);
  const host = url.hostname.replace(/^\[|\]$/g, "").replace(/\.+$/, "");
  // a literal was judged by the form's rule
  if (/^[\d.]+$/.test(host) || host.includes(":")) return null;
  let timer: NodeJS.Timeout | undefined;
  const answers = await Promise.race([
    lookup(host).catch(() => null),
    new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), LOOKUP_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  const port = portOf(url);
  const refused = (answers ?? []).some(
    ({ address }) => isNonPublicIpLiteral(address) && !isAllowedAddress(address, port, opts.allowAddresses ?? []),
  );
  return refused ? "webhookUrlPrivate" : null;
}
