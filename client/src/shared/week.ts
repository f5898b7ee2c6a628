// The order of a person's week (docs/product.md#languages-and-preferences): Saturday first in Arabic, Sunday first in English. One rule
// for the content calendar, the date pickers (dayjs' locales agree, see week.test.ts) and every
// weekday grid (the dashboard's best times, the analytics heat map).
import type { Locale } from "@sufra/schema";

/** The weekday a week starts on, as JavaScript counts them (0 = Sunday, 6 = Saturday). */
export const firstWeekday = (locale: Locale): 0 | 6 => (locale === "ar" ? 6 : 0);

/** The seven weekdays (0 = Sunday) in the order the person's week runs. */
export const weekOrder = (locale: Locale): number[] =>
  Array.from({ length: 7 }, (_, i) => (firstWeekday(locale) + i) % 7);
