// The suggested answer to a guest's message (ai/local/chat-answer.ts; docs/product.md#conversations): the items
// ordered with their quantities in both languages and their total in fils, the guest's dialect, a payment link
// offered only where the café takes orders, and a fact the profile lacks named as a gap, never made up.
import { describe, expect, test } from "@jest/globals";
import { answerChat, type ChatMenuItem } from "../src/ai/local/chat-answer.ts";

const menu: ChatMenuItem[] = [
  { id: "spanish", name: "Spanish latte", nameAr: "سبانش لاتيه", priceKwd: 1.75 },
  { id: "latte", name: "Latte", nameAr: "لاتيه", priceKwd: 1.25 },
  { id: "kunafa", name: "Pistachio kunafa", nameAr: "كنافة بالفستق", priceKwd: 2.5 },
  { id: "karak", name: "Karak tea", nameAr: "شاي كرك", priceKwd: 0.35 },
  { id: "cake", name: "Saffron cake", nameAr: "كيكة الزعفران", priceKwd: null },
];
const business = { name: "Dallah Café", nameAr: "مقهى دلة", area: "salmiya", menu };
const lines = (text: string, takesOrders = true) =>
  answerChat({ text, business, takesOrders }).items.map((l) => [l.menuItemId, l.quantity]);

describe("the order a message asks for", () => {
  test.each([
    [
      "السلام عليكم، ابي ٢ سبانش لاتيه وكنافة بالفستق توصيل للسالمية",
      [
        ["spanish", 2],
        ["kunafa", 1],
      ],
    ],
    [
      "ابي لاتيه و٢ كرك",
      [
        ["latte", 1],
        ["karak", 2],
      ],
    ],
    ["ابي ٣ كرك", [["karak", 3]]],
    [
      "Can I order two spanish lattes and 3 karak delivered to Salmiya?",
      [
        ["spanish", 2],
        ["karak", 3],
      ],
    ],
    [
      "I want a latte and 2 spanish lattes",
      [
        ["spanish", 2],
        ["latte", 1],
      ],
    ],
    ["one karak and one karak more please", [["karak", 2]]],
  ])("%s", (text, want) => {
    expect(lines(text)).toEqual(want);
  });

  test("a question about an item orders nothing", () => {
    expect(lines("how much is the latte?")).toEqual([]);
    expect(lines("شكد سعر الكنافة؟")).toEqual([]);
  });

  test("the total is in whole fils; an item without a price is a gap, not a guess", () => {
    const a = answerChat({ text: "ابي ٢ سبانش لاتيه و١ كنافة بالفستق", business, takesOrders: true });
    expect(a.totalFils).toBe(2 * 1750 + 2500);
    expect(a.text).toContain("6.000");
    const b = answerChat({ text: "I want 2 saffron cake and a latte", business, takesOrders: true });
    expect(b.totalFils).toBeNull();
    expect(b.gaps).toContain("prices");
    expect(b.text).not.toMatch(/Saffron cake \(/);
  });
});

describe("the answer's voice and promises", () => {
  test("Kuwaiti Arabic is answered in Kuwaiti Arabic, English in English", () => {
    expect(answerChat({ text: "ابي ٢ كرك", business, takesOrders: false }).voice).toBe("gulf");
    expect(answerChat({ text: "I want 2 karak please", business, takesOrders: false }).voice).toBe("en");
  });

  test("a KNET link is offered only where the café takes orders in the chat", () => {
    expect(answerChat({ text: "ابي ٢ كرك", business, takesOrders: true }).text).toContain("كي نت");
    expect(answerChat({ text: "ابي ٢ كرك", business, takesOrders: false }).text).not.toContain("كي نت");
  });

  test("a fact the profile lacks is named as a gap: no delivery app is invented", () => {
    const a = answerChat({ text: "Do you deliver? Are you on Talabat?", business, takesOrders: false });
    expect(a.gaps).toContain("delivery_apps");
    expect(a.text).not.toMatch(/talabat\.com|https?:/i);
  });
});
