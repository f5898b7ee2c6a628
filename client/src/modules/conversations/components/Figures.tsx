// The last 30 days of messages at a glance: conversations begun, how many were answered, the median first
// answer ("4 min"), and the same per person, fastest first.
import { Collapse } from "antd";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { useConversationFigures } from "../data.ts";
import { CONVERSATIONS_NS } from "../i18n.ts";
import { useDurationText } from "./bits.tsx";

export function Figures() {
  const { t } = useTranslation(CONVERSATIONS_NS);
  const locale = useLocale();
  const duration = useDurationText();
  const { figures } = useConversationFigures();
  if (!figures || figures.threads === 0) return null;
  const n = (v: number) => formatNumber(v, locale);
  const median = (ms: number | null | undefined) => (ms == null ? t("figures.none") : duration(ms));
  return (
    <section className="sufra-chat-figures" aria-label={t("figures.title")} data-testid="conversation-figures">
      <dl className="sufra-chat-figures-list">
        <div>
          <dt>{t("figures.threads")}</dt>
          <dd data-testid="figure-threads">{n(figures.threads)}</dd>
        </div>
        <div>
          <dt>{t("figures.answered")}</dt>
          <dd data-testid="figure-answered">{n(figures.answered)}</dd>
        </div>
        <div>
          <dt>{t("figures.median")}</dt>
          <dd data-testid="figure-median">{median(figures.medianFirstResponseMs)}</dd>
        </div>
      </dl>
      {figures.people.length > 0 && (
        <Collapse
          size="small"
          ghost
          items={[
            {
              key: "people",
              label: t("figures.perPerson"),
              children: (
                <table className="sufra-chat-people" data-testid="figure-people">
                  <thead>
                    <tr>
                      <th scope="col">{t("figures.person")}</th>
                      <th scope="col">{t("figures.answered")}</th>
                      <th scope="col">{t("figures.median")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {figures.people.map((p) => (
                      <tr key={p.userId}>
                        <th scope="row">
                          <bdi>{p.name}</bdi>
                        </th>
                        <td>{n(p.answered)}</td>
                        <td>{median(p.medianFirstResponseMs)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ),
            },
          ]}
        />
      )}
      <p className="sufra-muted sufra-chat-figures-period">{t("figures.period")}</p>
    </section>
  );
}
