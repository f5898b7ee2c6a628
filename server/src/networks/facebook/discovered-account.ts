// What Instagram business discovery answers about an account: what the Facebook client
// (discovery.ts) asks for and reads, and the competitors module computes its figures from.
/** Business discovery is asked for this many posts; a full page may not reach back four weeks. */
export const DISCOVERY_MEDIA_LIMIT = 25;

/** A professional account as business discovery shows it. */
export interface DiscoveredAccount {
  username: string;
  followers: number | null;
  mediaCount: number | null;
  /** its latest posts, newest first (at most 25) */
  media: { timestamp: string; likes: number | null; comments: number | null; caption: string }[];
}
