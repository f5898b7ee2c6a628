// /planner: "Plan my month" and "Plan Ramadan" (docs/product.md#planning-a-month). The person picks a month
// or Ramadan, then a number of posts a week or the days themselves; before the tap the page says what the
// plan costs ("this plan uses 12 of your 38 remaining AI captions") from the server's preview, and refuses
// to plan when too few remain. The proposals (kept by the server, so they are here after a reload) are
// approved all, some or none: each becomes a draft or a scheduled post. Reached from the schedule.
import { monthRange, ramadanOf, type Locale } from "@sufra/schema";
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Empty,
  InputNumber,
  Segmented,
  Select,
  Space,
  Switch,
  Tag,
  Typography,
} from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { PageHead } from "../../shared/PageHead.tsx";
import { LoadError } from "../../shared/LoadError.tsx";
import { PlatformIcon, platformLabel } from "../../shared/platformMeta.tsx";
import type {
  ContentLanguage,
  PlannerPlanFieldsFragment,
  PlannerProposalFieldsFragment,
} from "../../graphql/graphql.ts";
import { errorMessage } from "../../lib/errorMessage.ts";
import {
  digitsInput,
  formatDate,
  formatDateTime,
  formatHijri,
  formatMonthYear,
  formatNumber,
  formatWeekdayDay,
  joinParts,
  localDigits,
  partSeparator,
} from "../../lib/format.ts";
import { useLocale } from "../../lib/useLocale.ts";
import { useReasonText } from "../insights/index.ts";
import { PLANNER_NS } from "./i18n.ts";
import "./planner.css";
import { ToneTag } from "../../shared/ToneTag.tsx";
import { contentLanguageKey, planFormatKey } from "../../graphql/enumKeys.ts";
import { useApprovePlan, usePlanner } from "./data.ts";
import { daysBetween, kuwaitToday, nextMonths, noonOf, planInputOf, text, type Mode, type Period } from "./model.ts";

type Proposal = PlannerProposalFieldsFragment;

export default function PlannerPage() {
  const { t } = useTranslation(PLANNER_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const today = kuwaitToday();
  const months = useMemo(() => nextMonths(today, 12), [today]);
  const thisYear = Number(today.slice(0, 4));
  const ramadanYears = [thisYear, thisYear + 1].filter((y) => (ramadanOf(y)?.to ?? "") >= today);

  const [period, setPeriod] = useState<Period>("month");
  const [month, setMonth] = useState(months[1] ?? months[0]!);
  const [year, setYear] = useState(ramadanYears[0] ?? thisYear + 1);
  const [mode, setMode] = useState<Mode>("perWeek");
  const [perWeek, setPerWeek] = useState(3);
  const [days, setDays] = useState<string[]>([]);
  const [language, setLanguage] = useState<ContentLanguage>(locale === "ar" ? "AR" : "EN");

  const range = period === "month" ? monthRange(month) : ramadanOf(year);
  const pickable = range ? daysBetween(range.from > today ? range.from : today, range.to) : [];
  const input = planInputOf({ period, month, year, mode, perWeek, days, language });
  const ready = mode === "perWeek" || days.length > 0;
  const planner = usePlanner(input, ready);
  const { plan } = planner;

  const p = planner.preview;
  const n = (v: number) => formatNumber(v, locale);

  async function makePlan() {
    try {
      await planner.makePlan();
    } catch (e) {
      void message.error(errorMessage(e));
    }
  }

  return (
    <div className="sufra-planner">
      <PageHead className="sufra-planner-head" title={t("title")} />
      <Typography.Paragraph type="secondary">{t("intro")}</Typography.Paragraph>

      <Card className="sufra-planner-form">
        <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
          <Segmented
            value={period}
            onChange={(v) => {
              setPeriod(v as Period);
              setDays([]);
            }}
            options={[
              { value: "month", label: t("period.month") },
              { value: "ramadan", label: t("period.ramadan") },
            ]}
            data-testid="planner-period"
          />
          {period === "month" ? (
            <label className="sufra-planner-field">
              <span>{t("month")}</span>
              <Select
                value={month}
                onChange={(v) => {
                  setMonth(v);
                  setDays([]);
                }}
                options={months.map((m) => ({ value: m, label: formatMonthYear(m, locale) }))}
                style={{ minWidth: 200 }}
                data-testid="planner-month"
              />
            </label>
          ) : (
            <Select
              value={year}
              onChange={(v) => {
                setYear(v);
                setDays([]);
              }}
              options={ramadanYears.map((y) => {
                const r = ramadanOf(y)!;
                return {
                  value: y,
                  label: joinParts(
                    [
                      t("ramadanOf", { year: localDigits(String(y), locale) }),
                      t("ramadanDays", {
                        from: formatDate(noonOf(r.from), locale),
                        to: formatDate(noonOf(r.to), locale),
                      }),
                    ],
                    locale,
                  ),
                };
              })}
              style={{ minWidth: 280 }}
              data-testid="planner-year"
            />
          )}
          <Segmented
            value={mode}
            onChange={(v) => setMode(v as Mode)}
            options={[
              { value: "perWeek", label: t("choose.perWeek") },
              { value: "days", label: t("choose.days") },
            ]}
          />
          {mode === "perWeek" ? (
            <label className="sufra-planner-field">
              <span>{t("perWeek")}</span>
              <InputNumber
                min={1}
                max={7}
                value={perWeek}
                onChange={(v) => setPerWeek(Number(v) || 1)}
                {...digitsInput(locale)}
                data-testid="planner-per-week"
              />
            </label>
          ) : (
            <Checkbox.Group
              className="sufra-planner-days"
              value={days}
              onChange={(v) => setDays((v as string[]).sort())}
              data-testid="planner-days"
            >
              {pickable.map((d) => (
                <Checkbox key={d} value={d}>
                  {formatWeekdayDay(noonOf(d), locale)}
                </Checkbox>
              ))}
            </Checkbox.Group>
          )}
          <label className="sufra-planner-field">
            <span>{t("language")}</span>
            <Select
              value={language}
              onChange={setLanguage}
              options={(["EN", "AR", "BOTH"] as const).map((l) => ({
                value: l,
                label: t(`languages.${contentLanguageKey[l]}`),
              }))}
              style={{ minWidth: 200 }}
            />
          </label>

          {!ready && <Typography.Text type="secondary">{t("noDays")}</Typography.Text>}
          {planner.previewError && (
            <LoadError title={t("previewFailed")} error={planner.previewError} onRetry={planner.reloadPreview} />
          )}
          {p && (
            <div data-testid="planner-cost">
              {p.enough ? (
                <Alert type="info" showIcon title={t("cost", { cost: n(p.cost), remaining: n(p.usage.remaining) })} />
              ) : (
                <Alert
                  type="error"
                  showIcon
                  title={t("costShort", { cost: n(p.cost), remaining: n(p.usage.remaining) })}
                  description={t("resets", { date: formatDate(noonOf(p.usage.resetsOn), locale) })}
                />
              )}
              {p.missing.includes("menu") && (
                <Alert type="warning" showIcon title={t("missingMenu")} className="sufra-planner-note" />
              )}
              {p.missing.includes("networks") && (
                <Alert type="warning" showIcon title={t("missingNetworks")} className="sufra-planner-note" />
              )}
            </div>
          )}
          <Button
            type="primary"
            onClick={() => void makePlan()}
            loading={planner.planning}
            disabled={!p || !p.enough || p.missing.includes("networks") || !ready}
            data-testid="planner-plan"
          >
            {planner.planning ? t("planning") : t("plan", { n: p ? n(p.cost) : "" })}
          </Button>
        </Space>
      </Card>

      {planner.plansError && (
        <LoadError title={t("loadFailed")} error={planner.plansError} onRetry={planner.reloadPlans} />
      )}
      {plan && <PlanProposals key={plan.id} plan={plan} locale={locale} onChanged={planner.setPlan} />}
    </div>
  );
}

function PlanProposals({
  plan,
  locale,
  onChanged,
}: {
  plan: PlannerPlanFieldsFragment;
  locale: Locale;
  onChanged: (p: PlannerPlanFieldsFragment) => void;
}) {
  const { t } = useTranslation(PLANNER_NS);
  const { message } = App.useApp();
  const open = plan.proposals.filter((p) => p.status === "PROPOSED").map((p) => p.id);
  const [chosen, setChosen] = useState<string[]>(open);
  const [schedule, setSchedule] = useState(true);
  const { approve, approving } = useApprovePlan();
  const [refused, setRefused] = useState<Record<string, string>>({});

  async function onApprove() {
    try {
      const { plan: next, made, refused: why } = await approve(plan.id, chosen, schedule);
      onChanged(next);
      setRefused(why);
      setChosen([]);
      if (made) void message.success(t("approved", { count: made, n: formatNumber(made, locale) }));
      else if (!Object.keys(why).length) void message.info(t("nothingNew"));
    } catch (e) {
      void message.error(`${t("approveFailed")}: ${errorMessage(e)}`);
    }
  }

  return (
    <section className="sufra-planner-proposals" aria-label={t("proposals")}>
      <Typography.Title level={2}>
        {t("proposals")}
        {partSeparator(locale)}
        {t("proposalsOf", { from: formatDate(noonOf(plan.from), locale), to: formatDate(noonOf(plan.to), locale) })}
      </Typography.Title>
      <Space wrap className="sufra-planner-actions">
        <Button size="small" onClick={() => setChosen(open)}>
          {t("selectAll")}
        </Button>
        <Button size="small" onClick={() => setChosen([])}>
          {t("selectNone")}
        </Button>
        <label className="sufra-planner-field">
          <Switch checked={schedule} onChange={setSchedule} size="small" />
          <span>{t("schedule")}</span>
        </label>
        <Button
          type="primary"
          disabled={!chosen.length}
          loading={approving}
          onClick={() => void onApprove()}
          data-testid="planner-approve"
        >
          {t("approve", { count: chosen.length, n: formatNumber(chosen.length, locale) })}
        </Button>
      </Space>
      {!plan.proposals.length && <Empty />}
      <div className="sufra-planner-list">
        {plan.proposals.map((p) => (
          <ProposalCard
            key={p.id}
            p={p}
            locale={locale}
            checked={chosen.includes(p.id)}
            refused={refused[p.id]}
            onCheck={(on) => setChosen((c) => (on ? [...c, p.id] : c.filter((x) => x !== p.id)))}
          />
        ))}
      </div>
    </section>
  );
}

function ProposalCard({
  p,
  locale,
  checked,
  refused,
  onCheck,
}: {
  p: Proposal;
  locale: Locale;
  checked: boolean;
  refused?: string;
  onCheck: (on: boolean) => void;
}) {
  const { t } = useTranslation(PLANNER_NS);
  const reasonText = useReasonText();
  const day = noonOf(p.date);
  return (
    <Card size="small" className="sufra-planner-card" data-testid={`proposal-${p.date}`}>
      <div className="sufra-planner-card-head">
        <Checkbox
          checked={checked}
          disabled={p.status !== "PROPOSED"}
          onChange={(e) => onCheck(e.target.checked)}
          aria-label={`${formatDate(day, locale)} ${text(p.occasionName, locale)}`}
        />
        <strong>{formatDate(day, locale, "long")}</strong>
        <Typography.Text type="secondary">{formatHijri(day, locale)}</Typography.Text>
        <ToneTag tone={p.calendarKey ? "warning" : null}>{text(p.occasionName, locale)}</ToneTag>
        <Tag>{t(`status.${p.status}`)}</Tag>
      </div>
      <div className="sufra-planner-meta">
        <PlatformIcon platform={p.platform} /> {platformLabel(p.platform, locale)}
        {partSeparator(locale)}
        {t(`formats.${planFormatKey[p.format]}`)}
        {partSeparator(locale)}
        {t("at", { time: formatDateTime(p.scheduledFor as string, locale), reason: reasonText(p.reason) })}
      </div>
      <div>
        {p.dish ? (
          t("dish", { dish: text(p.dish, locale) })
        ) : (
          <Typography.Text type="secondary">{t("noDish")}</Typography.Text>
        )}
      </div>
      <Typography.Paragraph className="sufra-planner-caption" dir="auto">
        {p.content}
        {p.hashtags.length > 0 && (
          <span className="sufra-planner-tags"> {p.hashtags.map((h) => `#${h}`).join(" ")}</span>
        )}
      </Typography.Paragraph>
      {p.media ? (
        <figure className="sufra-planner-photo">
          {p.media.thumbnailUrl && <img src={p.media.thumbnailUrl} alt={p.media.originalName} width={96} height={96} />}
          <figcaption>{t("photo")}</figcaption>
        </figure>
      ) : p.shotList ? (
        <div className="sufra-planner-shots" data-testid="shot-list">
          <strong>{t("shotList")}</strong>
          <dl>
            <dt>{t("what")}</dt>
            <dd>{localDigits(text(p.shotList.what, locale), locale)}</dd>
            <dt>{t("angle")}</dt>
            <dd>{localDigits(text(p.shotList.angle, locale), locale)}</dd>
            <dt>{t("light")}</dt>
            <dd>{localDigits(text(p.shotList.light, locale), locale)}</dd>
          </dl>
        </div>
      ) : null}
      {p.postId && <Link to={`/posts/${p.postId}/edit`}>{t("openPost")}</Link>}
      {refused && <Alert type="error" showIcon title={t("refused", { message: refused })} />}
    </Card>
  );
}
