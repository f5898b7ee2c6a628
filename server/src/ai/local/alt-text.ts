// Alt text for a photo when no model saw it: from the menu item the person said the photo shows,
// and from nothing else (a photo's look is never guessed). "Photo of Pistachio Kunafa" /
// "صورة كنافة بالفستق"; the Arabic keeps a Latin name as written when the menu has no Arabic one.
import type { MenuItem } from "../types.ts";

const arabic = (s: string) => /\p{Script=Arabic}/u.test(s);

export function altTextFromMenuItem(
  item: MenuItem | null | undefined,
): { en: string | null; ar: string | null } | null {
  const name = item?.name?.trim();
  if (!item || !name) return null;
  const nameAr = item.nameAr?.trim() || name;
  return { en: arabic(name) ? null : `Photo of ${name}`, ar: `صورة ${nameAr}` };
}
