// The calendar module's face: Kuwait's holidays, occasions and prayer times, which insights plans around.
export {
  holidayOverrideInputs,
  holidayOverrideRows,
  kuwaitPrayerTimes,
  type CalendarService,
} from "./calendar.service.ts";
