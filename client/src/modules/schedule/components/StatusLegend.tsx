// The calendar's colours, written out.
import { useTranslation } from "react-i18next";
import type { PostStatus } from "../../../graphql/graphql.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { SCHEDULE_NS } from "../i18n.ts";
import { POST_STATUS_COLORS, postStatusLabel } from "../../../shared/postStatus.ts";

const SHOWN: PostStatus[] = [
  "DRAFT",
  "SCHEDULED",
  "PUBLISHING",
  "PUBLISHED",
  "PARTIALLY_PUBLISHED",
  "FAILED",
  "UNCONFIRMED",
];

export function StatusLegend() {
  const { t } = useTranslation(SCHEDULE_NS);
  const locale = useLocale();
  return (
    <ul className="sufra-legend" aria-label={t("legend")}>
      {SHOWN.map((s) => (
        <li key={s}>
          <span className="sufra-legend-swatch" style={{ background: POST_STATUS_COLORS[s] }} aria-hidden="true" />
          {postStatusLabel(s, locale)}
        </li>
      ))}
    </ul>
  );
}
