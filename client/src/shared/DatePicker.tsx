// antd's DatePicker (and its RangePicker) with the person's digits: dayjs writes Latin digits whatever
// the locale (its Arabic locale's digit conversion needs a plugin that would also turn machine dates
// such as YYYY-MM-DD into Arabic-Indic ones), so the pickers' own date library writes the input's
// value, the calendar's cells and its header in Arabic-Indic digits in Arabic unless the person chose
// Latin ones, and reads typed dates in either. The values stay plain dayjs dates. Use this one, not antd's.
import dayjsGenerateConfig from "@rc-component/picker/generate/dayjs";
import { DatePicker as AntDatePicker } from "antd";
import type { Dayjs } from "dayjs";
import { latinText, localDigits } from "../lib/format.ts";

const base = dayjsGenerateConfig;
/** antd passes its locale's name (ar_EG, en_US): Arabic takes the person's digits. */
const inDigits = (antdLocale: string, text: string) => (antdLocale.startsWith("ar") ? localDigits(text, "ar") : text);

const digitsGenerateConfig: typeof base = {
  ...base,
  locale: {
    ...base.locale,
    format: (locale, date, format) => inDigits(locale, base.locale.format(locale, date, format)),
    parse: (locale, text, formats) => base.locale.parse(locale, latinText(text), formats),
  },
};

export const DatePicker = AntDatePicker.generatePicker<Dayjs>(digitsGenerateConfig);
