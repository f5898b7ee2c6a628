// Which facts a guest's message asks for (src/ai/reader/asks.ts), in English, Modern Standard Arabic
// and Gulf Arabic: a message that names a fact without asking for it ("the delivery was late") asks
// nothing. Pure: no database.
import { describe, expect, test } from "@jest/globals";
import { asksFor, readAsks, type AskedFact } from "../src/ai/reader/asks.ts";

const cases: [string, AskedFact[]][] = [
  // location
  ["وينكم؟", ["location"]],
  ["وين مكانكم بالضبط", ["location"]],
  ["وينكم فيه؟", ["location"]],
  ["ممكن اللوكيشن؟", ["location"]],
  ["أين يقع المقهى؟ أرسلوا العنوان من فضلكم", ["location"]],
  ["ما هو عنوانكم؟", ["location"]],
  ["شلون أوصلكم؟", ["location"]],
  ["Where exactly are you?", ["location"]],
  ["Where are you located?", ["location"]],
  ["What's your address?", ["location"]],
  ["Can you send the location pin please", ["location"]],
  ["Which area is this branch in?", ["location"]],
  // hours
  ["متى تفتحون", ["hours"]],
  ["تفتحون بالعيد؟", ["hours"]],
  ["الساعة كم تسكرون اليوم؟", ["hours"]],
  ["شنو دوامكم برمضان؟", ["hours"]],
  ["ما هي أوقات العمل؟", ["hours"]],
  ["فاتحين اليوم؟", ["hours"]],
  ["لين متى فاتحين؟", ["hours"]],
  ["What time do you close during Ramadan?", ["hours"]],
  ["Are you open on Eid?", ["hours"]],
  ["What are your opening hours?", ["hours"]],
  ["When do you open tomorrow?", ["hours"]],
  // delivery
  ["عندكم توصيل؟", ["delivery"]],
  ["موجودين بطلبات؟", ["delivery"]],
  ["توصلون للجهراء؟", ["delivery"]],
  ["هل يوجد توصيل؟", ["delivery"]],
  ["Is this on Talabat?", ["delivery"]],
  ["Do you deliver to Salwa?", ["delivery"]],
  ["Are you on Deliveroo or Jahez?", ["delivery"]],
  ["Which delivery apps are you on?", ["delivery"]],
  // booking
  ["أبي أحجز طاولة", ["booking"]],
  ["أبي أحجز طاولة لأربعة الجمعة", ["booking"]],
  ["تاخذون حجوزات؟", ["booking"]],
  ["هل يمكن الحجز مسبقًا؟", ["booking"]],
  ["شلون أحجز؟", ["booking"]],
  ["Do you take reservations?", ["booking"]],
  ["Can I book a table for 4 tonight?", ["booking"]],
  ["We'd like to reserve for Friday", ["booking"]],
  // menu
  ["عندكم كرك؟", ["menu"]],
  ["تسوون كنافة؟", ["menu"]],
  ["دزوا المنيو لو سمحتوا", ["menu"]],
  ["Do you have vegan options?", ["menu"]],
  ["Can I see the menu?", ["menu"]],
  // price
  ["كم سعر الكرك؟", ["price"]],
  ["بكم الكنافة؟", ["price"]],
  ["شكثر الكوب؟", ["price"]],
  ["ما هي أسعاركم؟", ["price"]],
  ["How much is the Spanish latte?", ["price"]],
  ["What's the price of the kunafa?", ["price"]],
  // more of each, as guests write them
  ["Do you have a branch in Jahra?", ["location"]],
  ["Send me the location please", ["location"]],
  ["ممكن ترسلون اللوكيشن؟", ["location"]],
  ["عطوني اللوكيشن", ["location"]],
  ["وين موقعكم على الخريطة؟", ["location"]],
  ["Are you open 24 hours?", ["hours"]],
  ["Open on Fridays?", ["hours"]],
  ["What are your timings?", ["hours"]],
  ["مفتوحين الحين؟", ["hours"]],
  ["الدوام يوم الجمعة؟", ["hours"]],
  ["Can I order delivery?", ["delivery"]],
  ["Are you on Keeta?", ["delivery"]],
  ["في جاهز؟", ["delivery"]],
  ["عندكم على كيتا؟", ["delivery"]],
  ["Is a reservation needed?", ["booking"]],
  ["Do I need to book?", ["booking"]],
  ["ممكن حجز لشخصين؟", ["booking"]],
  ["Do you have oat milk?", ["menu"]],
  ["What's on your menu?", ["menu"]],
  ["عندكم خيارات نباتية؟", ["menu"]],
  // "كاري" is curry here, not the Cari app
  ["عندكم دجاج كاري؟", ["menu"]],
  ["How much for the kunafa?", ["price"]],
  ["بكم الكوب؟", ["price"]],
  ["What are your prices like?", ["price"]],
  ["الأسعار كم؟", ["price"]],
  // several at once
  ["Where are you and what time do you close?", ["location", "hours"]],
  ["وينكم؟ ومتى تفتحون؟", ["location", "hours"]],
  ["عندكم توصيل؟ وكم سعر الكرك؟", ["delivery", "price"]],
  ["Do you have pistachio kunafa and how much is it?", ["menu", "price"]],
];

describe("the facts a guest asks for", () => {
  test.each(cases)("%s", (text, facts) => expect(asksFor(text)).toEqual(facts));
});

describe("a message that asks for nothing", () => {
  test.each([
    "The delivery was late and the food was cold",
    "Why was my order so late?",
    "ليش تأخرتوا علي؟ الأكل وصل بارد",
    "التوصيل كان بطيء",
    "الكرك وايد زين، تسلم إيدكم",
    "Loved the kunafa, thank you!",
    "The location is great, right by the sea",
    "Best coffee in Salmiya",
    "Thank you for this review, we're always improving",
    "خدمة التوصيل في هذا المطعم سيئة",
    "When I arrived the staff were rude",
    "Open kitchen concept is nice",
    "أحلى كرك بالكويت",
    "What a great place!",
    "The price is too high",
    "كم مرة طلبت وكل مرة يوصل بارد",
    "الطلب جاهز؟",
    "",
  ])("%s", (text) => expect(asksFor(text)).toEqual([]));
});

describe("what else a question names", () => {
  test("the season an hours question names", () => {
    expect(readAsks("What time do you close during Ramadan?").season).toBe("ramadan");
    expect(readAsks("تفتحون بالعيد؟").season).toBe("eid");
    expect(readAsks("شنو دوامكم برمضان؟").season).toBe("ramadan");
    expect(readAsks("متى تفتحون؟").season).toBeUndefined();
  });
  test("the delivery apps a question names", () => {
    expect(readAsks("Is this on Talabat?").apps).toEqual(["talabat"]);
    expect(readAsks("موجودين بطلبات؟").apps).toEqual(["talabat"]);
    expect(readAsks("Are you on Deliveroo or Jahez?").apps).toEqual(["deliveroo", "jahez"]);
    // an app named in a complaint is not asked about
    expect(readAsks("Ordered on Talabat and it came cold").apps).toEqual([]);
  });
});
