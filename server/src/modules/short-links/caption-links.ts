// Caption links (docs/architecture.md#short-links): the web addresses a published caption holds, each replaced by
// its short link, so a guest's tap on it is counted for that post and network. Pure: the caller says what a
// short link is, which addresses are Sufra's own, and what the network's limit lets through.
import { urlsIn } from "@sufra/schema";

export interface CaptionLinkRules {
  /** the short link's address for a destination (made once per destination, post and network) */
  shorten: (url: string) => Promise<string>;
  /** Sufra's own addresses (the link page, an order's page, a short link): never wrapped again */
  isOwn: (url: string) => boolean;
  /** whether a caption is within what the network and the composer allowed */
  fits: (text: string) => boolean;
}

/** An address a person wrote with its scheme: a bare "cafe.kw" stays as written (it may not be a link everywhere). */
const WITH_SCHEME = /^https?:\/\//i;

/**
 * The caption with every http(s) address replaced by its short link. Should that make the caption too long
 * for the network (a short address longer than a short original, on a network that counts characters), only
 * the addresses whose short link is no longer than they are are replaced, so the caption never grows past
 * what the composer's preview allowed.
 */
export async function shortenCaptionLinks(text: string, rules: CaptionLinkRules): Promise<string> {
  const found = urlsIn(text).filter((u) => WITH_SCHEME.test(u.url) && !rules.isOwn(u.url));
  if (!found.length) return text;
  const normalized = text.normalize("NFC"); // urlsIn's indexes are into the NFC text
  const short = new Map<string, string>();
  for (const { url } of found) if (!short.has(url)) short.set(url, await rules.shorten(url));
  const replaced = (keep: (url: string, to: string) => boolean) => {
    let out = "";
    let at = 0;
    for (const { url, index } of found) {
      const to = short.get(url)!;
      out += normalized.slice(at, index) + (keep(url, to) ? to : url);
      at = index + url.length;
    }
    return out + normalized.slice(at);
  };
  const all = replaced(() => true);
  if (rules.fits(all)) return all;
  return replaced((url, to) => [...to].length <= [...url].length);
}
