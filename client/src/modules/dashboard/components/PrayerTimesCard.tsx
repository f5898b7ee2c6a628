// The prayer-times card (docs/product.md#client-dashboard, #kuwait-calendar-and-posting-times): today's five prayers in Kuwait City from the server (adhan's
// Kuwait method), the next one highlighted, the suggested post time 30 minutes after each, and the
// tip for the evening's best hours, from the day's own times (and Ramadan's evenings in Ramadan). A failure says "Error loading prayer times" with a retry.
import { LoadError, Loading } from "../../../shared/LoadError.tsx";
import { useQuery } from "@apollo/client/react";
import { PRAYERS, kuwaitClock, nextPrayer, prayerTipWindows, suggestedPostTimes } from "@sufra/schema";
import { Card, Tag, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Note } from "../../../shared/Note.tsx";
import { TAG_COLORS } from "../../../shared/tagColors.ts";
import { DashboardPrayerTimesDocument } from "../../../graphql/graphql.ts";
import { formatClock, formatDate, formatHijri, partSeparator } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";

const MINUTE = 60_000;

/** `now`: the instant the "next prayer" is measured from (tests pass one); else the clock, each minute. */
export function PrayerTimesCard({ now }: { now?: Date }) {
  const { t } = useTranslation("dashboard");
  const locale = useLocale();
  const { data, error, loading, refetch } = useQuery(DashboardPrayerTimesDocument, {
    fetchPolicy: "cache-and-network",
    notifyOnNetworkStatusChange: true,
  });
  const [tick, setTick] = useState(() => new Date());
  useEffect(() => {
    if (now) return;
    const id = setInterval(() => setTick(new Date()), MINUTE);
    return () => clearInterval(id);
  }, [now]);
  const at = now ?? tick;

  const times = data?.prayerTimes;

  let body;
  if (times) {
    const next = nextPrayer(times, kuwaitClock(at));
    const suggested = suggestedPostTimes(times);
    const windows = Object.fromEntries(
      prayerTipWindows(times, times.ramadan).map((w) => [
        w.reason,
        `${formatClock(w.from, locale)}–${formatClock(w.to, locale)}`,
      ]),
    );
    const day = `${times.date}T12:00:00+03:00`;
    body = (
      <>
        <Typography.Paragraph type="secondary" className="sufra-prayer-date">
          <time dateTime={times.date}>{formatDate(day, locale, "long")}</time>
          {partSeparator(locale)}
          {formatHijri(day, locale)}
        </Typography.Paragraph>
        <table className="sufra-prayer-table">
          <thead>
            <tr>
              <th scope="col">{t("prayer.prayer")}</th>
              <th scope="col">{t("prayer.time")}</th>
              <th scope="col">{t("prayer.suggested")}</th>
            </tr>
          </thead>
          <tbody>
            {PRAYERS.map((p) => (
              <tr
                key={p}
                data-testid={`prayer-${p}`}
                className={p === next ? "is-next" : undefined}
                aria-current={p === next ? "time" : undefined}
              >
                <th scope="row">
                  {t(`prayer.names.${p}`)}
                  {p === next && (
                    <Tag color={TAG_COLORS.success} variant="solid" className="sufra-prayer-next">
                      {t("prayer.next")}
                    </Tag>
                  )}
                </th>
                <td>
                  <time dateTime={times[p]}>{formatClock(times[p], locale)}</time>
                </td>
                <td>
                  <time
                    dateTime={suggested[p]}
                    aria-label={t("prayer.postAt", { time: formatClock(suggested[p], locale) })}
                  >
                    {formatClock(suggested[p], locale)}
                  </time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <Note
          className="sufra-block-gap"
          data-testid="prayer-tip"
          title={t(times.ramadan ? "prayer.tipRamadan" : "prayer.tip", windows)}
        />
      </>
    );
  } else if (error && !loading)
    body = <LoadError title={t("prayer.loadFailed")} onRetry={() => refetch().catch(() => {})} testId="prayer-error" />;
  else body = <Loading label={t("prayer.loading")} rows={4} />;

  return (
    <Card title={t("prayer.title")} className="sufra-card" data-testid="prayer-times">
      {body}
    </Card>
  );
}
