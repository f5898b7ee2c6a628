// The empty calendar teaches (docs/product.md#look-and-feel): nothing planned in the days shown, so it names the next
// occasions in Kuwait (the server's list, with the admins' corrections of Hijri dates: the same days
// the calendar labels), each with its Gregorian and Hijri date and a link to plan a post for it, and
// a button to create one.
import { useQuery } from "@apollo/client/react";
import { UPCOMING_OCCASIONS_MAX_DAYS } from "@sufra/schema";
import { Button } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router-dom";
import { Note } from "../../../shared/Note.tsx";
import { ScheduleUpcomingOccasionsDocument } from "../../../graphql/graphql.ts";
import { formatDate, formatHijri } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { SCHEDULE_NS } from "../i18n.ts";

/** How many coming occasions the banner names. */
const SHOWN = 4;

export function OccasionsBanner() {
  const { t } = useTranslation(SCHEDULE_NS);
  const locale = useLocale();
  const navigate = useNavigate();
  const { data } = useQuery(ScheduleUpcomingOccasionsDocument, { variables: { days: UPCOMING_OCCASIONS_MAX_DAYS } });
  const occasions = (data?.upcomingOccasions ?? []).slice(0, SHOWN);
  const name = (o: (typeof occasions)[number]) => (locale === "ar" ? o.nameAr : o.nameEn);
  const first = occasions[0];
  return (
    <Note
      data-testid="occasions"
      title={first ? t("empty.title", { occasion: name(first) }) : t("empty.create")}
      description={
        <>
          <p className="sufra-occasions-intro">{occasions.length ? t("empty.text") : t("empty.nothing")}</p>
          {occasions.length > 0 && (
            <ul className="sufra-occasions">
              {occasions.map((o) => {
                // noon in Kuwait on the day: the same date in every time zone the browser may be in
                const day = new Date(`${o.date}T12:00:00+03:00`);
                return (
                  <li key={`${o.occasionKey}-${o.date}`} data-testid={`occasion-${o.occasionKey}`}>
                    <strong>{name(o)}</strong>
                    {": "}
                    <time dateTime={o.date}>{formatDate(day, locale, "long")}</time>{" "}
                    <span className="sufra-occasion-hijri">({formatHijri(day, locale)})</span>{" "}
                    <Link
                      className="sufra-occasion-link"
                      to={`/posts/new?at=${encodeURIComponent(new Date(`${o.date}T10:00:00+03:00`).toISOString())}`}
                    >
                      {t("empty.planFor")}
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      }
      action={
        <Button type="primary" onClick={() => void navigate("/posts/new")}>
          {t("empty.create")}
        </Button>
      }
    />
  );
}
