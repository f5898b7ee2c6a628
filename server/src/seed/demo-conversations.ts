// The demo café's conversations (docs/product.md#conversations): three clearly labelled demo threads, one per
// channel: a guest ordering on WhatsApp in Kuwaiti Arabic (answered from the menu, ready for an order), an
// Instagram question about a booking already answered, and a Page message past the 24-hour window (an answer
// goes with the human agent tag). All of it is demo: nothing is read from a channel, and answers stay in Sufra.
// Each thread and message has its fixed key, so seeding again adds nothing; times are set when first seeded.
import type { Db } from "../db/prisma.ts";
import { detectReviewLanguage } from "../ai/reader/index.ts";

const MIN = 60_000;

interface DemoThread {
  channel: "whatsapp" | "instagram" | "facebook";
  account: string;
  guest: string;
  name: string;
  /** started from the café's latest published post (a reply to it) */
  fromPost?: boolean;
  messages: { id: string; fromCafe?: boolean; text: string; minutesAgo: number }[];
}

const THREADS: DemoThread[] = [
  {
    channel: "whatsapp",
    account: "demo-whatsapp",
    guest: "96550001234",
    name: "نورة",
    fromPost: true,
    messages: [
      {
        id: "demo:wa:1",
        text: "السلام عليكم، ابي ٢ سبانش لاتيه وكنافة بالفستق توصيل للسالمية",
        minutesAgo: 12,
      },
    ],
  },
  {
    channel: "instagram",
    account: "demo-instagram",
    guest: "demo-igsid-1",
    name: "sara.q8",
    messages: [
      { id: "demo:ig:1", text: "Hi! Can I book a table for 4 on Thursday evening?", minutesAgo: 190 },
      {
        id: "demo:ig:2",
        fromCafe: true,
        text: "Hello Sara! To book a table, please call us on +965 2222 3333. See you Thursday!",
        minutesAgo: 176,
      },
      { id: "demo:ig:3", text: "Perfect, thank you 🙏", minutesAgo: 170 },
    ],
  },
  {
    channel: "facebook",
    account: "demo-facebook",
    guest: "demo-psid-1",
    name: "أحمد الكندري",
    messages: [{ id: "demo:fb:1", text: "هل لديكم حلويات خالية من الغلوتين؟", minutesAgo: 30 * 60 }],
  },
];

export async function ensureDemoConversations(db: Db, businessId: string, now = new Date()) {
  const post = await db.postTarget.findFirst({
    where: { post: { businessId }, status: "published", platform: "instagram" },
    orderBy: { publishedAt: "desc" },
    select: { postId: true, externalId: true },
  });
  for (const t of THREADS) {
    const exists = await db.conversation.findUnique({
      where: {
        businessId_channel_accountExternalId_guestExternalId: {
          businessId,
          channel: t.channel,
          accountExternalId: t.account,
          guestExternalId: t.guest,
        },
      },
      select: { id: true },
    });
    if (exists) continue;
    const at = (m: { minutesAgo: number }) => new Date(now.getTime() - m.minutesAgo * MIN);
    const last = t.messages.at(-1)!;
    const lastGuest = [...t.messages].reverse().find((m) => !m.fromCafe)!;
    const firstGuest = t.messages.find((m) => !m.fromCafe)!;
    const answer = t.messages.find((m) => m.fromCafe);
    const waiting = !!last && !last.fromCafe;
    const linked = t.fromPost && post;
    await db.conversation.create({
      data: {
        businessId,
        channel: t.channel,
        accountExternalId: t.account,
        guestExternalId: t.guest,
        guestName: t.name,
        demo: true,
        unread: waiting ? 1 : 0,
        lastMessageAt: at(last),
        lastGuestAt: at(lastGuest),
        lastPreview: last.text,
        language: detectReviewLanguage(lastGuest.text) === "ar" ? "ar" : "en",
        awaitingSince: waiting && !answer ? at(firstGuest) : null,
        firstResponseMs: answer ? at(answer).getTime() - at(firstGuest).getTime() : null,
        ...(linked ? { startedKind: "post", startedExternalId: post.externalId, postId: post.postId } : {}),
        messages: {
          create: t.messages.map((m) => ({
            businessId,
            direction: m.fromCafe ? "out" : "in",
            text: m.text,
            externalId: m.id,
            state: m.fromCafe ? "read" : null,
            at: at(m),
          })),
        },
      },
    });
  }
}
