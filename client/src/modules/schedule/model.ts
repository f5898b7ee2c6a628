// The calendar's pure view rules (docs/architecture.md#client-rooms: model.ts), tested in model.test.ts.
// Where the week and day views open. Their time grids run from midnight; opening there shows empty
// night hours while a café posts in the morning and the evening. The grid scrolls to 8 AM when that
// shows the range's posts, else to the hour of the earliest one, so a week of evening posts opens on
// the evening. The time grid scrolls vertically only, the same in both directions (Arabic too).

/** The working morning a time grid opens at when no post says otherwise. */
export const DEFAULT_SCROLL_HOUR = 8;
/** How tall an hour of the time grid is (two half-hour slots, measured in Chromium), to know how many hours are in view. */
export const HOUR_PX = 48;

/**
 * The hour the time grid scrolls to: 8 AM when there are no posts, or when the earliest post of the
 * range (by time of day) is after 8 AM yet still in view from there; else that post's hour.
 * `calendarTimes` are the posts' times as the calendar draws them (Kuwait wall clock written as UTC).
 */
export function scrollHour(calendarTimes: readonly Date[], visibleHours = 12, fallback = DEFAULT_SCROLL_HOUR): number {
  if (!calendarTimes.length) return fallback;
  const first = Math.min(...calendarTimes.map((d) => d.getUTCHours() + d.getUTCMinutes() / 60));
  // the post must sit inside the view with its own height (about an hour) below it
  if (first >= fallback && first + 1 <= fallback + visibleHours) return fallback;
  return Math.floor(first);
}

/** FullCalendar's duration text for an hour: 18 -> "18:00:00". */
export const scrollTimeOf = (hour: number) => `${String(hour).padStart(2, "0")}:00:00`;

/** How many whole hours a time grid of `heightPx` shows (its header and toolbar take about 140 px). */
export const visibleHoursOf = (heightPx: number) => Math.max(1, Math.floor((heightPx - 140) / HOUR_PX));
