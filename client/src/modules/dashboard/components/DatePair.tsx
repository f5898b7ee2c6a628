// A date as Sufra shows it where planning matters: Gregorian, with the Umm al-Qura date beside it.
import { Typography } from "antd";
import { useLocale } from "../../../lib/useLocale.ts";
import { formatDate, formatHijri } from "../../../lib/format.ts";

export function DatePair({ date }: { date: string }) {
  const locale = useLocale();
  return (
    <span className="sufra-date-pair">
      <time dateTime={date}>{formatDate(date, locale, "long")}</time>{" "}
      <Typography.Text type="secondary">({formatHijri(date, locale)})</Typography.Text>
    </span>
  );
}
