// The demo café's inbox (docs/product.md#inbox): a clearly labelled demo Google location with reviews in
// Arabic and English (one unanswered 1-star Arabic one) and guests' comments under its demo Instagram
// posts. All of it is demo: nothing is read from a network, and answers go to the simulated network
// (networks/demo-guests.ts). Each item has its synced key, so seeding again adds nothing.
import type { Db } from "../db/prisma.ts";
import { kuwaitDate } from "@sufra/schema";
import type { Prisma } from "../generated/prisma/client.ts";
import { analyseReview } from "../ai/reader/index.ts";

const HOUR = 3_600_000;
const DEMO_GOOGLE_ACCOUNT = "accounts/demo";
const DEMO_LOCATION_NAME = "locations/demo-salmiya";

interface DemoItem {
  key: string;
  author: string;
  rating: number | null;
  text: string;
  hoursAgo: number;
  reply?: { text: string; hoursAfter: number };
}

const REVIEWS: DemoItem[] = [
  {
    key: "r1",
    author: "فهد العتيبي",
    rating: 1,
    text: "طلبت لاتيه بالزعفران وانتظرت أكثر من نص ساعة، ووصلت القهوة باردة. والموظف ما اعتذر. تجربة سيئة للأسف.",
    hoursAgo: 5,
  },
  {
    key: "r2",
    author: "Sarah M.",
    rating: 5,
    text: "Best saffron latte in Salmiya! Cosy seats, and the staff remembered my order on my second visit.",
    hoursAgo: 30,
    reply: {
      text: "Thank you, Sarah! We are so glad the saffron latte won you over. See you soon at Sufra Demo Café.",
      hoursAfter: 3,
    },
  },
  {
    key: "r3",
    author: "نورة الصباح",
    rating: 4,
    text: "الكرك عندهم ممتاز والمكان هادي للدراسة، بس المواقف قليلة وقت الزحمة.",
    hoursAgo: 52,
  },
  {
    key: "r4",
    author: "James P.",
    rating: 2,
    text: "The pastries were stale and the prices are high for the portion size.",
    hoursAgo: 75,
  },
  {
    key: "r5",
    author: "عبدالله الرشيدي",
    rating: 5,
    text: "أحلى قهوة مختصة في الكويت، والخدمة سريعة ومرتبة 👌",
    hoursAgo: 130,
    reply: { text: "شكرًا لك يا عبدالله على كلماتك الجميلة، نتشرف بزيارتك دائمًا.", hoursAfter: 6 },
  },
  { key: "r6", author: "Maryam K.", rating: 4, text: "", hoursAgo: 200 },
];

const COMMENTS: DemoItem[] = [
  { key: "c1", author: "dana.q8", rating: null, text: "😍😍 وين مكانكم بالضبط؟", hoursAgo: 3 },
  { key: "c2", author: "ahmad_kw", rating: null, text: "Is this on Talabat for delivery?", hoursAgo: 20 },
  { key: "c3", author: "hessa.coffee", rating: null, text: "الطعم تغير، صار أقل من قبل 😕", hoursAgo: 44 },
  {
    key: "c4",
    author: "lulu.eats",
    rating: null,
    text: "Looks amazing! 🔥",
    hoursAgo: 70,
    reply: { text: "Thank you! Come try it this weekend ☕", hoursAfter: 2 },
  },
];

const dayOf = (at: Date) => new Date(`${kuwaitDate(at)}T00:00:00Z`);

function row(
  businessId: string,
  source: "google" | "instagram",
  item: DemoItem,
  externalId: string,
  writtenAt: Date,
  extra: Partial<Prisma.ReviewCreateManyInput>,
): Prisma.ReviewCreateManyInput {
  const a = analyseReview(item.text, item.rating, source);
  const repliedAt = item.reply ? new Date(writtenAt.getTime() + item.reply.hoursAfter * HOUR) : null;
  return {
    businessId,
    kind: source === "google" ? "review" : "comment",
    source,
    author: item.author,
    rating: item.rating,
    text: item.text,
    language: a.language,
    sentiment: a.sentiment,
    intent: a.intent,
    topics: a.topics,
    reviewedAt: dayOf(writtenAt),
    writtenAt,
    sourceUpdatedAt: writtenAt,
    importKey: `${source}:${externalId}`,
    externalId,
    demo: true,
    ...(item.reply ? { status: "replied" as const, reply: item.reply.text, repliedAt, repliedVia: "sent" } : {}),
    ...extra,
  };
}

/** The demo location and its items, the first time; the demo Google account is the simulated one the café's other demo accounts sit beside. */
export async function ensureDemoInbox(db: Db, businessId: string, now = new Date()): Promise<void> {
  const account = await db.platformAccount.upsert({
    where: { businessId_platform: { businessId, platform: "google" } },
    create: {
      businessId,
      platform: "google",
      externalId: "demo-google",
      handle: "sufra_demo_google",
      displayName: "Sufra demo (simulated)",
      demo: true,
      status: "connected",
    },
    update: {},
  });
  if (!account.demo) return; // a real Google account replaced the demo one: no demo branch beside it
  // once: items a person removed from the demo inbox stay removed
  if (
    await db.googleLocation.findUnique({
      where: { businessId_name: { businessId, name: DEMO_LOCATION_NAME } },
      select: { id: true },
    })
  )
    return;
  const ratings = REVIEWS.map((r) => r.rating!);
  const location = await db.googleLocation.upsert({
    where: { businessId_name: { businessId, name: DEMO_LOCATION_NAME } },
    create: {
      businessId,
      accountId: account.id,
      googleAccount: DEMO_GOOGLE_ACCOUNT,
      name: DEMO_LOCATION_NAME,
      title: "Sufra Demo Café, Salmiya (demo)",
      address: "Salem Al Mubarak Street, Salmiya, Kuwait",
      verified: true,
      picked: true,
      averageRating: Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10,
      totalReviews: ratings.length,
      lastSyncedAt: now,
      demo: true,
    },
    update: {},
  });
  const reviews = REVIEWS.map((r) =>
    row(
      businessId,
      "google",
      r,
      `${DEMO_GOOGLE_ACCOUNT}/${DEMO_LOCATION_NAME}/reviews/demo-${r.key}`,
      new Date(now.getTime() - r.hoursAgo * HOUR),
      { locationId: location.id },
    ),
  );

  // the comments sit under the café's latest demo Instagram posts, one or two each
  const instagram = await db.platformAccount.findFirst({ where: { businessId, platform: "instagram", demo: true } });
  const posts = instagram
    ? await db.postTarget.findMany({
        where: { accountId: instagram.id, status: "published", externalId: { not: null } },
        orderBy: { publishedAt: "desc" },
        take: 3,
        select: { postId: true, externalId: true, permalink: true, publishedAt: true },
      })
    : [];
  const comments = posts.length
    ? COMMENTS.map((c, i) => {
        const p = posts[i % posts.length]!;
        // never before the post itself
        const writtenAt = new Date(
          Math.max(now.getTime() - c.hoursAgo * HOUR, (p.publishedAt?.getTime() ?? 0) + (i + 1) * HOUR),
        );
        const thread = c.reply
          ? [
              {
                author: instagram!.handle,
                text: c.reply.text,
                at: new Date(writtenAt.getTime() + c.reply.hoursAfter * HOUR).toISOString(),
                fromBusiness: true,
              },
            ]
          : [];
        return row(businessId, "instagram", c, `demo-comment-${c.key}`, writtenAt, {
          postId: p.postId,
          mediaExternalId: p.externalId,
          permalink: p.permalink,
          thread,
        });
      })
    : [];
  await db.review.createMany({ data: [...reviews, ...comments], skipDuplicates: true });
}
