// Opening hours in Settings (docs/product.md#one-menu-and-one-link): the café's regular week (per day, one or more
// periods, closed days, a close past midnight), special hours proposed from the Kuwait calendar for the café and each
// branch (times added, several confirmed at once, a draft post), and each Google branch's hours beside Sufra's with
// Send behind a confirmation. The rules are the server's (schema/src/hours.ts), checked here first for the form.
import { useLazyQuery, useMutation, useQuery } from "@apollo/client/react";
import {
  App,
  Alert,
  Button,
  Checkbox,
  Divider,
  Empty,
  Input,
  InputNumber,
  List,
  Popconfirm,
  Skeleton,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from "antd";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { closesNextDay, messageText, specialHoursSchema, WEEK_DAYS, weeklyHoursSchema } from "@sufra/schema";
import {
  ConfirmSpecialHoursDocument,
  DeleteSpecialHoursDocument,
  DraftSpecialHoursPostDocument,
  GoogleHoursDiffDocument,
  OpeningHoursDocument,
  ProposeSpecialHoursDocument,
  SendHoursToGoogleDocument,
  UpdateSpecialHoursDocument,
  UpdateWeeklyHoursDocument,
  type HoursSpanFieldsFragment,
  type OpeningHoursQuery,
} from "../../../graphql/graphql.ts";
import { errorMessage } from "../../../lib/errorMessage.ts";
import { formatDate, formatDateTime, digitsInput, joinParts, latinText, localDigits } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { LoadError } from "../../../shared/LoadError.tsx";
import { ToneTag } from "../../../shared/ToneTag.tsx";
import { HOURS_NS } from "./i18n.ts";

type Day = (typeof WEEK_DAYS)[number];
type Period = { open: string; close: string };
type Location = OpeningHoursQuery["openingHours"]["locations"][number];

/** The first rule a form breaks, in the person's language (the server says the same). */
function firstIssue(r: { success: boolean; error?: { issues: { message: string }[] } }, locale: "en" | "ar") {
  const key = r.success ? null : r.error?.issues[0]?.message;
  return key ? messageText(key, locale) : null;
}

export function OpeningHours() {
  const { t } = useTranslation(HOURS_NS);
  const { data, error, refetch } = useQuery(OpeningHoursDocument, { fetchPolicy: "cache-and-network" });
  if (!data)
    return error ? (
      <LoadError title={t("loadFailed")} error={error} onRetry={() => refetch().catch(() => {})} />
    ) : (
      <Skeleton active paragraph={{ rows: 2 }} />
    );
  const h = data.openingHours;
  return (
    <div className="sufra-opening-hours" data-testid="opening-hours">
      <Divider titlePlacement="start">{t("title")}</Divider>
      <Typography.Paragraph type="secondary">{t("intro")}</Typography.Paragraph>
      <WeekEditor weekly={h.weekly} onSaved={() => refetch().catch(() => {})} />
      <Divider titlePlacement="start">{t("special.title")}</Divider>
      <SpecialHours spans={h.special} locations={h.locations} onChanged={() => refetch().catch(() => {})} />
      <Divider titlePlacement="start">{t("google.title")}</Divider>
      <GoogleHours locations={h.locations} onSent={() => refetch().catch(() => {})} />
    </div>
  );
}

function TimeInput(props: { value: string; onChange(v: string): void; label: string; testId: string }) {
  return (
    <Input
      value={props.value}
      // either digits typed read as Latin ones: the rules and Google take HH:MM
      onChange={(e) => props.onChange(latinText(e.target.value).replace(/[٫.]/g, ":").trim())}
      placeholder="HH:MM"
      aria-label={props.label}
      inputMode="numeric"
      maxLength={5}
      dir="ltr"
      style={{ width: 84 }}
      data-testid={props.testId}
    />
  );
}

function PeriodsEditor(props: { periods: Period[]; onChange(p: Period[]): void; testId: string; max?: number }) {
  const { t } = useTranslation(HOURS_NS);
  const { periods, onChange, testId } = props;
  return (
    <Space direction="vertical" size={4}>
      {periods.map((p, i) => (
        <Space key={i} wrap size={4}>
          <TimeInput
            value={p.open}
            label={t("week.open")}
            testId={`${testId}-open-${i}`}
            onChange={(open) => onChange(periods.map((x, j) => (j === i ? { ...x, open } : x)))}
          />
          <span aria-hidden>–</span>
          <TimeInput
            value={p.close}
            label={t("week.close")}
            testId={`${testId}-close-${i}`}
            onChange={(close) => onChange(periods.map((x, j) => (j === i ? { ...x, close } : x)))}
          />
          {/^\d{2}:\d{2}$/.test(p.open) && /^\d{2}:\d{2}$/.test(p.close) && closesNextDay(p) ? (
            <Tag>{t("week.nextDay")}</Tag>
          ) : null}
          <Button
            size="small"
            type="text"
            aria-label={t("week.removePeriod")}
            data-testid={`${testId}-remove-${i}`}
            onClick={() => onChange(periods.filter((_, j) => j !== i))}
          >
            ×
          </Button>
        </Space>
      ))}
      {periods.length < (props.max ?? 4) ? (
        <Button
          size="small"
          data-testid={`${testId}-add`}
          onClick={() => onChange([...periods, { open: "", close: "" }])}
        >
          {t("week.addPeriod")}
        </Button>
      ) : null}
    </Space>
  );
}

function WeekEditor(props: { weekly: { day: string; open: string; close: string }[]; onSaved(): void }) {
  const { t } = useTranslation(HOURS_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const fromProps = () =>
    Object.fromEntries(
      WEEK_DAYS.map((d) => [d, props.weekly.filter((p) => p.day === d).map(({ open, close }) => ({ open, close }))]),
    ) as Record<Day, Period[]>;
  const [week, setWeek] = useState<Record<Day, Period[]>>(fromProps);
  useEffect(() => setWeek(fromProps()), [props.weekly]); // eslint-disable-line react-hooks/exhaustive-deps
  const [save, { loading }] = useMutation(UpdateWeeklyHoursDocument);
  const periods = WEEK_DAYS.flatMap((day) => week[day].map((p) => ({ day, ...p })));
  const problem = firstIssue(weeklyHoursSchema.safeParse(periods), locale);
  return (
    <div data-testid="hours-week">
      <Typography.Title level={5}>{t("week.title")}</Typography.Title>
      <Typography.Paragraph type="secondary">{t("week.hint")}</Typography.Paragraph>
      <List
        size="small"
        dataSource={[...WEEK_DAYS]}
        renderItem={(day) => (
          <List.Item key={day} data-testid={`hours-day-${day}`}>
            <Space align="start" wrap>
              <Typography.Text strong style={{ minWidth: 90, display: "inline-block" }}>
                {t(`days.${day}`)}
              </Typography.Text>
              {week[day].length === 0 ? <Tag>{t("week.closed")}</Tag> : null}
              <PeriodsEditor
                periods={week[day]}
                testId={`hours-day-${day}`}
                onChange={(p) => setWeek({ ...week, [day]: p })}
              />
            </Space>
          </List.Item>
        )}
      />
      {problem ? <Alert type="error" showIcon message={problem} data-testid="hours-week-problem" /> : null}
      <Button
        type="primary"
        loading={loading}
        disabled={!!problem}
        data-testid="hours-week-save"
        onClick={() =>
          save({ variables: { periods: periods.map((p) => ({ ...p, day: p.day })) } })
            .then(() => {
              message.success(t("week.saved"));
              props.onSaved();
            })
            .catch((e: unknown) => message.error(errorMessage(e)))
        }
      >
        {t("week.save")}
      </Button>
    </div>
  );
}

function SpecialHours(props: { spans: HoursSpanFieldsFragment[]; locations: Location[]; onChanged(): void }) {
  const { t } = useTranslation(HOURS_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const [year, setYear] = useState(() => new Date().getFullYear() + (new Date().getMonth() >= 9 ? 1 : 0));
  const [selected, setSelected] = useState<string[]>([]);
  const [propose, proposing] = useMutation(ProposeSpecialHoursDocument);
  const [confirm, confirming] = useMutation(ConfirmSpecialHoursDocument);
  const branch = (id: string | null | undefined) =>
    id ? (props.locations.find((l) => l.id === id)?.title ?? "") : t("special.cafe");
  const ready = selected.filter((id) => props.spans.some((s) => s.id === id && !s.needsTimes));
  return (
    <div data-testid="hours-special">
      <Typography.Paragraph type="secondary">{t("special.intro")}</Typography.Paragraph>
      <Space wrap style={{ marginBlockEnd: 12 }}>
        <InputNumber
          min={2000}
          max={2100}
          value={year}
          onChange={(v) => setYear(Number(v) || year)}
          {...digitsInput(locale)}
          aria-label={t("special.year")}
          data-testid="hours-special-year"
        />
        <Button
          loading={proposing.loading}
          data-testid="hours-special-propose"
          onClick={() =>
            propose({ variables: { year } })
              .then((r) => {
                const n = r.data?.proposeSpecialHours.length ?? 0;
                message.info(n ? t("special.proposed", { count: n }) : t("special.proposedNone", { year }));
                props.onChanged();
              })
              .catch((e: unknown) => message.error(errorMessage(e)))
          }
        >
          {t("special.propose", { year: localDigits(String(year), locale) })}
        </Button>
        <Button
          type="primary"
          disabled={ready.length === 0}
          loading={confirming.loading}
          data-testid="hours-special-confirm"
          onClick={() =>
            confirm({ variables: { ids: ready } })
              .then((r) => {
                message.success(t("special.confirmed", { count: r.data?.confirmSpecialHours.length ?? 0 }));
                setSelected([]);
                props.onChanged();
              })
              .catch((e: unknown) => message.error(errorMessage(e)))
          }
        >
          {t("special.confirmSelected", { count: ready.length })}
        </Button>
      </Space>
      {props.spans.length === 0 ? (
        <Empty description={t("special.none")} />
      ) : (
        <List
          dataSource={props.spans}
          renderItem={(s) => (
            <SpanRow
              key={s.id}
              span={s}
              branch={branch(s.locationId)}
              selected={selected.includes(s.id)}
              onSelect={(on) => setSelected(on ? [...selected, s.id] : selected.filter((x) => x !== s.id))}
              onChanged={props.onChanged}
            />
          )}
        />
      )}
    </div>
  );
}

function SpanRow(props: {
  span: HoursSpanFieldsFragment;
  branch: string;
  selected: boolean;
  onSelect(on: boolean): void;
  onChanged(): void;
}) {
  const { t } = useTranslation(HOURS_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const s = props.span;
  const [periods, setPeriods] = useState<Period[]>(() => s.periods.map(({ open, close }) => ({ open, close })));
  const [closed, setClosed] = useState(s.closed);
  const [update, updating] = useMutation(UpdateSpecialHoursDocument);
  const [remove] = useMutation(DeleteSpecialHoursDocument);
  const [draft, drafting] = useMutation(DraftSpecialHoursPostDocument);
  const problem = useMemo(
    () =>
      firstIssue(
        specialHoursSchema.safeParse({
          startDate: s.startDate,
          endDate: s.endDate,
          closed,
          periods: closed ? [] : periods,
        }),
        locale,
      ),
    [closed, periods, s.startDate, s.endDate, locale],
  );
  const dirty =
    closed !== s.closed ||
    JSON.stringify(periods) !== JSON.stringify(s.periods.map(({ open, close }) => ({ open, close })));
  const fail = (e: unknown) => message.error(errorMessage(e));
  const dates =
    s.startDate === s.endDate
      ? formatDate(s.startDate, locale, "long")
      : `${formatDate(s.startDate, locale, "long")} – ${formatDate(s.endDate, locale, "long")}`;
  return (
    <List.Item data-testid={`hours-span-${s.id}`} data-occasion={s.occasion.toLowerCase()}>
      <Space direction="vertical" style={{ width: "100%" }}>
        <Space wrap>
          <Checkbox
            checked={props.selected}
            disabled={s.status === "confirmed"}
            aria-label={t("special.select")}
            data-testid={`hours-span-select-${s.id}`}
            onChange={(e) => props.onSelect(e.target.checked)}
          />
          <Typography.Text strong>{t(`occasion.${s.occasion.toLowerCase()}`)}</Typography.Text>
          <Typography.Text>{props.branch}</Typography.Text>
          <Typography.Text type="secondary">{dates}</Typography.Text>
          <ToneTag tone={s.status === "confirmed" ? "success" : null} testId={`hours-span-status-${s.id}`}>
            {t(`special.status_${s.status}`)}
          </ToneTag>
          {s.needsTimes ? <ToneTag tone="warning">{t("special.needsTimes")}</ToneTag> : null}
          {s.sentAt ? (
            <Typography.Text type="secondary">
              {t("special.sent", { when: formatDateTime(s.sentAt, locale) })}
            </Typography.Text>
          ) : null}
        </Space>
        {s.sendError ? <Alert type="warning" showIcon message={s.sendError} /> : null}
        <Space wrap align="start">
          <Switch
            checked={closed}
            onChange={setClosed}
            data-testid={`hours-span-closed-${s.id}`}
            aria-label={t("special.closedAllDay")}
          />
          <Typography.Text>{t("special.closedAllDay")}</Typography.Text>
          {!closed ? <PeriodsEditor periods={periods} onChange={setPeriods} testId={`hours-span-${s.id}`} /> : null}
        </Space>
        {problem && (closed || periods.length > 0) ? <Alert type="error" showIcon message={problem} /> : null}
        <Space wrap>
          <Button
            size="small"
            type={dirty ? "primary" : "default"}
            disabled={!dirty || (!!problem && (closed || periods.length > 0))}
            loading={updating.loading}
            data-testid={`hours-span-save-${s.id}`}
            onClick={() =>
              update({ variables: { id: s.id, input: { closed, periods: closed ? [] : periods } } })
                .then(() => {
                  message.success(t("special.saved"));
                  props.onChanged();
                })
                .catch(fail)
            }
          >
            {t("special.saveTimes")}
          </Button>
          <Button
            size="small"
            disabled={s.needsTimes}
            loading={drafting.loading}
            data-testid={`hours-span-draft-${s.id}`}
            onClick={() =>
              draft({ variables: { id: s.id } })
                .then(() => message.success(t("special.drafted")))
                .catch(fail)
            }
          >
            {t("special.draftPost")}
          </Button>
          <Popconfirm
            title={t("special.removeConfirm")}
            onConfirm={() =>
              remove({ variables: { id: s.id } })
                .then(() => props.onChanged())
                .catch(fail)
            }
          >
            <Button size="small" danger type="text" data-testid={`hours-span-remove-${s.id}`}>
              {t("special.remove")}
            </Button>
          </Popconfirm>
        </Space>
      </Space>
    </List.Item>
  );
}

function GoogleHours(props: { locations: Location[]; onSent(): void }) {
  const { t } = useTranslation(HOURS_NS);
  if (props.locations.length === 0)
    return (
      <Typography.Paragraph type="secondary" data-testid="hours-google-none">
        {t("google.none")}
      </Typography.Paragraph>
    );
  return (
    <div data-testid="hours-google">
      <Typography.Paragraph type="secondary">{t("google.intro")}</Typography.Paragraph>
      {props.locations.map((l) => (
        <GoogleBranch key={l.id} location={l} onSent={props.onSent} />
      ))}
    </div>
  );
}

function GoogleBranch(props: { location: Location; onSent(): void }) {
  const { t } = useTranslation(HOURS_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const l = props.location;
  const [load, diff] = useLazyQuery(GoogleHoursDiffDocument, { fetchPolicy: "network-only" });
  const [send, sending] = useMutation(SendHoursToGoogleDocument);
  const d = diff.data?.googleHoursDiff;
  const cell = (c: { closed: boolean; periods: Period[] } | null | undefined) =>
    !c
      ? t("google.nothing")
      : c.closed
        ? t("week.closed")
        : localDigits(
            joinParts(
              c.periods.map((p) => `${p.open}–${p.close}`),
              locale,
            ),
            locale,
          );
  return (
    <div className="sufra-hours-branch" data-testid={`hours-google-${l.id}`} style={{ marginBlockEnd: 16 }}>
      <Space wrap>
        <Typography.Text strong>{l.title}</Typography.Text>
        {!l.verified ? <ToneTag tone="warning">{t("google.unverified")}</ToneTag> : null}
        {l.hoursSentAt ? (
          <Typography.Text type="secondary">
            {t("google.lastSent", { when: formatDateTime(l.hoursSentAt, locale) })}
          </Typography.Text>
        ) : null}
        <Button
          size="small"
          loading={diff.loading}
          data-testid={`hours-google-compare-${l.id}`}
          onClick={() => load({ variables: { locationId: l.id } }).catch(() => {})}
        >
          {t("google.compare")}
        </Button>
        <Popconfirm
          title={t("google.sendConfirm", { title: l.title })}
          okButtonProps={{ "data-testid": `hours-google-send-ok-${l.id}` } as Record<string, string>}
          onConfirm={() =>
            send({ variables: { locationId: l.id } })
              .then(() => {
                message.success(t("google.sentOk", { title: l.title }));
                props.onSent();
                if (d) load({ variables: { locationId: l.id } }).catch(() => {});
              })
              .catch((e: unknown) => message.error(errorMessage(e)))
          }
        >
          <Button size="small" type="primary" loading={sending.loading} data-testid={`hours-google-send-${l.id}`}>
            {t("google.send")}
          </Button>
        </Popconfirm>
      </Space>
      {l.sendError ? <Alert type="warning" showIcon message={l.sendError} style={{ marginBlockStart: 8 }} /> : null}
      {diff.error ? (
        <Alert type="error" showIcon message={errorMessage(diff.error)} style={{ marginBlockStart: 8 }} />
      ) : null}
      {d ? (
        <div style={{ marginBlockStart: 8 }}>
          {d.simulated ? <Alert type="info" message={t("google.simulated")} /> : null}
          {d.sufraWeekEmpty ? <Alert type="warning" message={t("google.weekEmpty")} /> : null}
          {d.same ? (
            <Alert type="success" message={t("google.allSame")} data-testid={`hours-google-same-${l.id}`} />
          ) : null}
          <Table
            size="small"
            pagination={false}
            rowKey="key"
            scroll={{ x: true }}
            dataSource={d.rows}
            data-testid={`hours-google-diff-${l.id}`}
            rowClassName={(r) => (r.same ? "" : "sufra-hours-differs")}
            columns={[
              {
                title: t("google.day"),
                dataIndex: "key",
                render: (k: string, r) => (r.kind === "week" ? t(`days.${k}`) : formatDate(k, locale, "long")),
              },
              { title: t("google.onGoogle"), render: (_: unknown, r) => cell(r.google) },
              { title: t("google.inSufra"), render: (_: unknown, r) => cell(r.sufra) },
              {
                title: "",
                render: (_: unknown, r) =>
                  r.same ? (
                    <Tag>{t("google.same")}</Tag>
                  ) : (
                    <ToneTag tone="warning" testId={`hours-google-differs-${r.key}`}>
                      {t("google.differs")}
                    </ToneTag>
                  ),
              },
            ]}
          />
        </div>
      ) : null}
    </div>
  );
}
