// The empty calendar teaches (DESIGN.md): nothing planned in the days shown, so it names the next
// occasions in Kuwait (Ramadan, the Eids, the Hijri new year, National and Liberation Days), each
// with its Gregorian and Hijri date and a link to plan a post for it, and a button to create one.
import { Alert, Button } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router-dom";
import { formatDate, formatHijri } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { SCHEDULE_NS } from "../i18n.ts";
import { KUWAIT_OFFSET_MS, nextOccasions } from "../time.ts";

/** 10:00 in Kuwait on the occasion's day: a reasonable hour to pre-fill the composer with. */
const tenOClock = (noon: Date) => new Date(Date.UTC(noon.getUTCFullYear(), noon.getUTCMonth(), noon.getUTCDate(), 10) - KUWAIT_OFFSET_MS);

export function OccasionsBanner() {
  const { t } = useTranslation(SCHEDULE_NS);
  const locale = useLocale();
  const navigate = useNavigate();
  const occasions = useMemo(() => nextOccasions(), []);
  const first = occasions[0];
  return (
    <Alert
      type="info"
      showIcon
      data-testid="occasions"
      title={first ? t("empty.title", { occasion: t(`occasions.${first.key}`) }) : t("empty.create")}
      description={
        <>
          <p className="sufra-occasions-intro">{t("empty.text")}</p>
          <ul className="sufra-occasions">
            {occasions.map((o) => (
              <li key={o.key} data-testid={`occasion-${o.key}`}>
                <strong>{t(`occasions.${o.key}`)}</strong>
                {": "}
                <time dateTime={o.date.toISOString()}>{formatDate(o.date, locale, "long")}</time> <span className="sufra-occasion-hijri">({formatHijri(o.date, locale)})</span>{" "}
                <Link className="sufra-occasion-link" to={`/posts/new?at=${encodeURIComponent(tenOClock(o.date).toISOString())}`}>{t("empty.planFor")}</Link>
              </li>
            ))}
          </ul>
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
