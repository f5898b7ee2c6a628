// "Learn my voice": the habits a business's own posts show, proposed as its voice with the evidence
// (docs/product.md#the-cafes-voice). Read from the posts it published (their final text) and from the
// edits it made to AI drafts (the draft each published post began as, found by likeness). Pure and
// deterministic: the same posts and drafts give the same proposal. Tone is not learned (a caption's
// words say too little about it); a person chooses it.
import {
  CAPTION_LENGTH_LIMITS,
  LEARN_MIN_POSTS,
  MAX_VOICE_HASHTAGS,
  type CaptionLength,
  type EmojiHabit,
  type HashtagScript,
  type PartialVoice,
} from "@sufra/schema";
import { gulfMarkersIn, msaMarkersIn, arabicVarietyOf } from "./dialect.ts";

export interface VoicePost {
  /** The published caption (hashtags may be inside it too). */
  content: string;
  hashtags: readonly string[];
  publishedAt: Date;
}

export interface VoiceDraft {
  /** An AI draft as the writer gave it. */
  content: string;
  createdAt: Date;
}

export interface VoiceEvidence {
  /** Published posts read (the most recent LEARN_MAX_POSTS). */
  posts: number;
  /** Of those, posts with Arabic words; Gulf and MSA by their markers (ai/dialect.ts). */
  arabicPosts: number;
  gulfPosts: number;
  msaPosts: number;
  /** Published posts that began as an AI draft, and which way their edits moved the Arabic. */
  edits: number;
  editsTowardGulf: number;
  editsTowardMsa: number;
  /** Share of Gulf among the posts and edits that showed a variety (0..1), null when none did. */
  gulfShare: number | null;
  /** Characters of text per language part (a bilingual post counts half its length), hashtags left out. */
  averageLength: number | null;
  emojiPerPost: number | null;
  hashtagsPerPost: number | null;
  /** Share of the hashtags in Arabic script (0..1), null without hashtags. */
  arabicHashtagShare: number | null;
  /** Share of posts whose first words are Arabic (0..1). */
  arabicFirstShare: number | null;
  /** Edits on average: text length change (0.2 = 20% longer) and emoji added (negative: removed). */
  editLengthChange: number | null;
  editEmojiChange: number | null;
}

export interface LearnedVoice {
  /** The habits proposed; a habit the posts do not show is left out. Empty below LEARN_MIN_POSTS posts. */
  proposal: PartialVoice;
  evidence: VoiceEvidence;
}

const EMOJI = /\p{Extended_Pictographic}/gu;
const INLINE_TAG = /(^|\s)#([\p{L}\p{N}_]+)/gu;
/** How alike a draft and a post must be (Dice over letter pairs) for the post to have begun as it. */
const DRAFT_LIKENESS = 0.5;
/** A post begins as a draft written at most this long before it was published. */
const DRAFT_WINDOW_MS = 60 * 24 * 3600 * 1000;

const emojiCount = (text: string) => (text.match(EMOJI) ?? []).length;

/** The text without its inline hashtags, and those hashtags. */
function split(content: string): { text: string; tags: string[] } {
  const tags: string[] = [];
  const text = content.normalize("NFC").replace(INLINE_TAG, (_m, before: string, tag: string) => {
    tags.push(tag);
    return before;
  });
  return { text: text.replace(/[ \t]+\n/g, "\n").trim(), tags };
}

const letters = (s: string) => [...s].filter((c) => /\p{L}/u.test(c));
const arabicLetterShare = (s: string) => {
  const l = letters(s);
  return l.length ? l.filter((c) => /\p{Script=Arabic}/u.test(c)).length / l.length : 0;
};

/** Letter pairs of a text, lower case, for likeness. */
function pairs(s: string): Map<string, number> {
  const l = letters(s.toLowerCase()).join("");
  const m = new Map<string, number>();
  for (let i = 0; i + 1 < l.length; i++) m.set(l.slice(i, i + 2), (m.get(l.slice(i, i + 2)) ?? 0) + 1);
  return m;
}

/** Dice coefficient over letter pairs: 1 the same letters in the same pairs, 0 nothing shared. */
export function likeness(a: string | Map<string, number>, b: string | Map<string, number>): number {
  const pa = typeof a === "string" ? pairs(a) : a;
  const pb = typeof b === "string" ? pairs(b) : b;
  let both = 0;
  let total = 0;
  for (const [k, n] of pa) {
    both += Math.min(n, pb.get(k) ?? 0);
    total += n;
  }
  for (const n of pb.values()) total += n;
  return total ? (2 * both) / total : 0;
}

/**
 * Each published post with the AI draft it began as, if any: the likest draft written before it (within
 * 60 days), at least DRAFT_LIKENESS alike; a draft begins one post at most. Posts are taken oldest first.
 */
export function pairEdits(
  posts: readonly VoicePost[],
  drafts: readonly VoiceDraft[],
): { post: VoicePost; draft: VoiceDraft }[] {
  const used = new Set<number>();
  const out: { post: VoicePost; draft: VoiceDraft }[] = [];
  const ordered = [...posts].sort((a, b) => a.publishedAt.getTime() - b.publishedAt.getTime());
  // each draft's letter pairs once: a business may have hundreds of drafts and posts
  const draftPairs = drafts.map((d) => pairs(split(d.content).text));
  const size = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  const draftSizes = draftPairs.map(size);
  for (const post of ordered) {
    const text = pairs(split(post.content).text);
    const textSize = size(text);
    let best = -1;
    let bestScore = DRAFT_LIKENESS;
    drafts.forEach((d, i) => {
      if (used.has(i)) return;
      const age = post.publishedAt.getTime() - d.createdAt.getTime();
      if (age < 0 || age > DRAFT_WINDOW_MS) return;
      // Dice can reach DRAFT_LIKENESS only if the smaller text is at least a third of the larger
      const [small, large] = [Math.min(draftSizes[i]!, textSize), Math.max(draftSizes[i]!, textSize)];
      if (2 * small < DRAFT_LIKENESS * (small + large)) return;
      const score = likeness(draftPairs[i]!, text);
      if (score >= bestScore && (best < 0 || score > bestScore)) [best, bestScore] = [i, score];
    });
    if (best >= 0) {
      used.add(best);
      out.push({ post, draft: drafts[best]! });
    }
  }
  return out;
}

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
const round2 = (n: number | null) => (n === null ? null : Math.round(n * 100) / 100);

function lengthOf(average: number): CaptionLength {
  return average <= CAPTION_LENGTH_LIMITS.short ? "short" : average <= CAPTION_LENGTH_LIMITS.medium ? "medium" : "long";
}
function emojiHabitOf(perPost: number): EmojiHabit {
  return perPost < 0.5 ? "none" : perPost < 2.5 ? "few" : "many";
}
function hashtagScriptOf(arabicShare: number): HashtagScript {
  return arabicShare >= 0.8 ? "ar" : arabicShare <= 0.2 ? "en" : "both";
}

/** The voice a business's published posts and edits show, with the evidence. */
export function learnVoice(posts: readonly VoicePost[], drafts: readonly VoiceDraft[] = []): LearnedVoice {
  const read = posts.map((p) => {
    const { text, tags } = split(p.content);
    const allTags = [...new Set([...p.hashtags, ...tags].map((t) => t.replace(/^#/, "")).filter(Boolean))];
    const share = arabicLetterShare(text);
    const bilingual = share >= 0.2 && share <= 0.9;
    const firstLetter = letters(text)[0];
    return {
      text,
      tags: allTags,
      variety: share > 0 ? arabicVarietyOf(text) : null,
      arabic: share > 0,
      partLength: [...text].length / (bilingual ? 2 : 1),
      emoji: emojiCount(text),
      arabicFirst: firstLetter === undefined ? null : /\p{Script=Arabic}/u.test(firstLetter),
    };
  });
  const edits = pairEdits(posts, drafts).map(({ post, draft }) => {
    const final = split(post.content).text;
    const before = split(draft.content).text;
    const towardGulf =
      gulfMarkersIn(final).length -
      gulfMarkersIn(before).length -
      (msaMarkersIn(final).length - msaMarkersIn(before).length);
    return {
      towardGulf,
      lengthChange: before.length ? (final.length - before.length) / before.length : 0,
      emojiChange: emojiCount(final) - emojiCount(before),
    };
  });

  const gulfPosts = read.filter((r) => r.variety === "gulf").length;
  const msaPosts = read.filter((r) => r.variety === "msa").length;
  const editsTowardGulf = edits.filter((e) => e.towardGulf > 0).length;
  const editsTowardMsa = edits.filter((e) => e.towardGulf < 0).length;
  const votes = gulfPosts + msaPosts + editsTowardGulf + editsTowardMsa;
  const allTags = read.flatMap((r) => r.tags);
  const firsts = read.filter((r) => r.arabicFirst !== null);

  const evidence: VoiceEvidence = {
    posts: read.length,
    arabicPosts: read.filter((r) => r.arabic).length,
    gulfPosts,
    msaPosts,
    edits: edits.length,
    editsTowardGulf,
    editsTowardMsa,
    gulfShare: votes ? round2((gulfPosts + editsTowardGulf) / votes) : null,
    averageLength: read.length ? Math.round(mean(read.map((r) => r.partLength))!) : null,
    emojiPerPost: round2(mean(read.map((r) => r.emoji))),
    hashtagsPerPost: round2(mean(read.map((r) => r.tags.length))),
    arabicHashtagShare: allTags.length
      ? round2(allTags.filter((t) => /\p{Script=Arabic}/u.test(t)).length / allTags.length)
      : null,
    arabicFirstShare: firsts.length ? round2(firsts.filter((r) => r.arabicFirst).length / firsts.length) : null,
    editLengthChange: round2(mean(edits.map((e) => e.lengthChange))),
    editEmojiChange: round2(mean(edits.map((e) => e.emojiChange))),
  };

  const proposal: PartialVoice = {};
  if (read.length < LEARN_MIN_POSTS) return { proposal, evidence };
  if (evidence.gulfShare !== null) proposal.arabicVariety = evidence.gulfShare >= 0.5 ? "gulf" : "msa";
  if (evidence.arabicFirstShare !== null)
    proposal.languageOrder = evidence.arabicFirstShare >= 0.5 ? "ar_first" : "en_first";
  if (evidence.averageLength !== null) proposal.length = lengthOf(evidence.averageLength);
  if (evidence.emojiPerPost !== null) proposal.emoji = emojiHabitOf(evidence.emojiPerPost);
  if (evidence.hashtagsPerPost !== null)
    proposal.hashtagCount = Math.min(MAX_VOICE_HASHTAGS, Math.round(evidence.hashtagsPerPost));
  if (evidence.arabicHashtagShare !== null) proposal.hashtagScript = hashtagScriptOf(evidence.arabicHashtagShare);
  return { proposal, evidence };
}
