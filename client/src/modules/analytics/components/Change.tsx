// A figure's change against the period before: a rising (green) or falling (red) trend arrow with the
// percentage, "—" when there was nothing to compare with; the full sentence in a tooltip and for screen
// readers. The trend arrows point along the reading direction, so they mirror in Arabic (docs/product.md#look-and-feel).
import { FallOutlined, MinusOutlined, RiseOutlined } from "@ant-design/icons";
import { Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import { formatPercent } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { ANALYTICS_NS } from "../i18n.ts";
import { formatDay } from "../model.ts";
import "../i18n.ts";
import "../analytics.css";

export type ChangeDirection = "up" | "down" | "same" | "none";
const directionOf = (value: number | null | undefined): ChangeDirection =>
  value == null ? "none" : value > 0 ? "up" : value < 0 ? "down" : "same";

/**
 * `previous`: the range compared with (its dates go into the sentence); without one the sentence says
 * "the 30 days before" (the dashboard's figures).
 */
export function Change({
  value,
  previous,
  testId,
}: {
  value: number | null | undefined;
  previous?: { from: string; to: string };
  testId?: string;
}) {
  const { t } = useTranslation(ANALYTICS_NS);
  const locale = useLocale();
  const direction = directionOf(value);
  const shown = value == null ? "—" : formatPercent(Math.abs(value), locale);
  const sentence = previous
    ? t(`change.${direction}`, {
        value: shown,
        from: formatDay(previous.from, locale),
        to: formatDay(previous.to, locale),
      })
    : t(`change.${direction}Short`, { value: shown });
  const icon =
    direction === "up" ? (
      <RiseOutlined className="sufra-dir-icon" />
    ) : direction === "down" ? (
      <FallOutlined className="sufra-dir-icon" />
    ) : direction === "same" ? (
      <MinusOutlined />
    ) : null;
  return (
    <Tooltip title={sentence}>
      {/* focusable, so the tooltip opens from the keyboard too */}
      <span className={`sufra-change is-${direction}`} tabIndex={0} data-testid={testId} data-direction={direction}>
        {icon && <span aria-hidden="true">{icon}</span>}
        <span aria-hidden="true">{shown}</span>
        <span className="sufra-visually-hidden">{sentence}</span>
      </span>
    </Tooltip>
  );
}
