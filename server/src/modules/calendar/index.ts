// The calendar module's face: Kuwait's holidays, occasions and prayer times, which insights plans around.
export { holidayOverrideInputs, kuwaitPrayerTimes, type CalendarService } from "./calendar.service.ts";
