// GraphQL enums become lower-case keys (texts, CSS classes, @sufra/schema's lists) and back only through the
// generated client/src/graphql/enumKeys.ts (docs/architecture.md#client-rooms): a string lowered or raised
// and cast to a type is a hand conversion, which a renamed or dropped value passes silently.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const ROOT = join(__dirname, "..");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "graphql" ? [] : sources(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$|testMocks\.tsx?$/.test(name) ? [path] : [];
  });
}

const HAND = /\.to(Lower|Upper)Case\(\)\s*as\s+[A-Z(]/;

test("no source casts a lowered or raised string to an enum's type", () => {
  const offenders = sources(ROOT)
    .map((path) => relative(ROOT, path))
    .filter((file) => HAND.test(readFileSync(join(ROOT, file), "utf8")));
  expect(offenders).toEqual([]);
});

test("the scan catches the conversions it replaced", () => {
  expect(HAND.test("const s = status.toLowerCase() as SchemaPostStatus;")).toBe(true);
  expect(HAND.test("value: s.toUpperCase() as PostStatus,")).toBe(true);
  expect(HAND.test("PLANS[p.toLowerCase() as PlanId]")).toBe(true);
  expect(HAND.test("const needle = filter.trim().toLowerCase();")).toBe(false);
});

test("the generated keys go both ways for every value", async () => {
  const keys = await import("../graphql/enumKeys.ts");
  expect(keys.platformKey.INSTAGRAM).toBe("instagram");
  expect(keys.platformFromKey.instagram).toBe("INSTAGRAM");
  expect(keys.postStatusKeyOf("PUBLISHED")).toBe("published");
  expect(keys.postStatusKeyOf("published")).toBeUndefined();
  expect(keys.planOfKey("premium")).toBe("PREMIUM");
  expect(keys.planOfKey("toString")).toBeUndefined();
  for (const [name, map] of Object.entries(keys))
    if (name.endsWith("Key") && !name.endsWith("FromKey") && typeof map === "object") {
      const back = (keys as Record<string, unknown>)[`${name.slice(0, -3)}FromKey`] as Record<string, string>;
      for (const [value, key] of Object.entries(map as Record<string, string>))
        expect([name, back[key]]).toEqual([name, value]);
    }
});
