// npm run bench:orders -- <path of a checkout of amazon-science/pizza-semantic-parsing-dataset>: how right the
// chat answer's order reading is (ai/local/chat-answer.ts: which menu items a guest's message orders, and how
// many of each), on the public PIZZA dataset (Amazon Science, CC BY-NC 4.0: used here to measure, never
// committed or trained on). Its dev split is where the reading was tuned; its test split is read once per run
// and never tuned on. The menu is the dataset's own: "Pizza" and one item per drink of its catalogue. Each
// order's gold is the items it names with their summed NUMBERs (two pizza orders of 2 and 1 are 3 pizzas, as
// one line of an order). In the same run the baseline is the inbox's item finder alone (itemsNamed: the best
// match, one of it): the ratio says what the order reading adds. English only: no public Arabic set of
// ordering messages was found (docs/architecture.md#the-reader says so).
import { readFileSync } from "node:fs";
import path from "node:path";
import { answerChat, type ChatMenuItem } from "../src/ai/local/chat-answer.ts";
import { itemsNamed } from "../src/ai/local/guest-answers.ts";

const dir = process.argv[2] ?? process.env.PIZZA_DATASET_DIR;
if (!dir) {
  console.log(
    "usage: npm run bench:orders -w server -- <checkout of github.com/amazon-science/pizza-semantic-parsing-dataset>",
  );
  process.exit(2);
}

interface Row {
  text: string;
  gold: Map<string, number>;
}

/** The catalogue's first name of each drink type ("coke" for COKE), as a menu would call it. */
function drinksMenu(): Map<string, string> {
  const names = new Map<string, string>();
  for (const line of readFileSync(path.join(dir!, "utils/catalogs/drinks.txt"), "utf8").split("\n")) {
    const [surface, type] = line.split("\t");
    const m = type?.match(/drinkType\((\w+)\)/);
    if (surface && m && !names.has(m[1]!)) names.set(m[1]!, surface);
  }
  return names;
}

function load(file: string, split: string): Row[] {
  return readFileSync(path.join(dir!, "data", file), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, string>)
    .map((o) => {
      const exr = o[`${split}.EXR`]!;
      const gold = new Map<string, number>();
      // each order: (PIZZAORDER ... (NUMBER n) ...) or (DRINKORDER ... (DRINKTYPE X) ... (NUMBER n) ...)
      for (const m of exr.matchAll(/\((PIZZAORDER|DRINKORDER)((?:[^()]|\((?:[^()]|\([^()]*\))*\))*)\)/g)) {
        const n = Number(m[2]!.match(/\(NUMBER (\d+) \)/)?.[1] ?? 1);
        const item = m[1] === "PIZZAORDER" ? "PIZZA" : (m[2]!.match(/\(DRINKTYPE (\w+) \)/)?.[1] ?? "?");
        gold.set(item, (gold.get(item) ?? 0) + n);
      }
      return { text: o[`${split}.SRC`]!, gold };
    });
}

const drinks = drinksMenu();
const menu: ChatMenuItem[] = [
  { id: "PIZZA", name: "Pizza", nameAr: "بيتزا", priceKwd: 3 },
  ...[...drinks].map(([id, name]) => ({ id, name, nameAr: null, priceKwd: 0.5 })),
];
const business = { name: "Pizza Place", menu };

type Reading = (text: string) => Map<string, number>;
const readers: Record<string, Reading> = {
  "order reading": (text) => {
    const a = answerChat({ text, business, takesOrders: true });
    return new Map(a.items.map((l) => [l.menuItemId, l.quantity]));
  },
  "item finder alone": (text) => {
    const [best] = itemsNamed(text, menu) as ChatMenuItem[];
    return new Map(best ? [[best.id, 1]] : []);
  },
};

interface Score {
  orders: number;
  exact: number;
  goldItems: number;
  found: number;
  said: number;
  rightQty: number;
}
function score(rows: Row[], read: Reading): Score {
  const s: Score = { orders: rows.length, exact: 0, goldItems: 0, found: 0, said: 0, rightQty: 0 };
  for (const r of rows) {
    const got = read(r.text);
    s.goldItems += r.gold.size;
    s.said += got.size;
    let all = got.size === r.gold.size;
    for (const [item, n] of r.gold) {
      const q = got.get(item);
      if (q === undefined) {
        all = false;
        continue;
      }
      s.found++;
      if (q === n) s.rightQty++;
      else all = false;
    }
    if (all) s.exact++;
  }
  return s;
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : "-");
const splits = [
  ["dev (tuned on)", load("PIZZA_dev.json", "dev")],
  ["test (held out)", load("PIZZA_test.json", "test")],
] as const;
console.log(`menu: Pizza and ${drinks.size} drinks; English orders\n`);
for (const [name, rows] of splits) {
  console.log(`${name}: ${rows.length} orders`);
  const results = Object.entries(readers).map(([reader, read]) => [reader, score(rows, read)] as const);
  for (const [reader, s] of results)
    console.log(
      `  ${reader.padEnd(18)} whole order right ${pct(s.exact, s.orders).padStart(6)}   items found ${pct(s.found, s.goldItems).padStart(6)} (precision ${pct(s.found, s.said)})   quantity right of found ${pct(s.rightQty, s.found).padStart(6)}`,
    );
  const [a, b] = [results[0]![1], results[1]![1]];
  console.log(`  whole orders right, order reading / item finder: ${(a.exact / Math.max(1, b.exact)).toFixed(2)}x\n`);
}
