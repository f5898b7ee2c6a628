// How the analytics screen names things: a Kuwait day, an occasion key (the studio's names, or
// "everyday"), a city reported by a network (the Kuwait area's name when it is one).
import {
  CONTENT_OCCASIONS,
  EVERYDAY_OCCASION,
  EVERYDAY_OCCASION_LABELS,
  isContentOccasionKey,
  KUWAIT_AREAS,
  type Locale,
} from "@sufra/schema";
import { formatDate, formatNumber } from "../../lib/format.ts";

/** A Kuwait day written YYYY-MM-DD, in the person's language and digits (noon, so no time zone shifts it). */
export const formatDay = (iso: string, locale: Locale) => formatDate(`${iso}T12:00:00+03:00`, locale);

/** An occasion key in lower case (new_dish, everyday, ...) as the studio names it. */
export function occasionLabel(key: string, locale: Locale): string {
  if (key === EVERYDAY_OCCASION) return EVERYDAY_OCCASION_LABELS[locale];
  return isContentOccasionKey(key) ? CONTENT_OCCASIONS[key][locale] : key;
}

/** A city as reported: the Kuwait area's name in the person's language when the server matched one. */
export function cityLabel(city: { key: string; area?: string | null }, locale: Locale): string {
  const area =
    city.area && Object.hasOwn(KUWAIT_AREAS, city.area) ? KUWAIT_AREAS[city.area as keyof typeof KUWAIT_AREAS] : null;
  return area ? area[locale] : city.key;
}

/** An age band as the networks write it ("18-24", "65+") in the person's digits. */
export function ageLabel(key: string, locale: Locale): string {
  const band = /^(\d+)-(\d+)$/.exec(key);
  if (band) return `${formatNumber(Number(band[1]), locale)}–${formatNumber(Number(band[2]), locale)}`;
  const open = /^(\d+)\+$/.exec(key);
  return open ? `${formatNumber(Number(open[1]), locale)}+` : key;
}
