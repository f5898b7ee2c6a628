// The admin console's Holidays tab: a year's occasions as the Umm al-Qura calendar gives them, and
// the corrections admins make when the Cabinet moves a date (setHolidayOverride): pick the real
// first day, add a note, save; remove a correction to go back to the calendar's date.
import { useMutation, useQuery } from "@apollo/client/react";
import { CALENDAR_MAX_YEAR, CALENDAR_MIN_YEAR, kuwaitDate } from "@sufra/schema";
import {
  App,
  Button,
  Card,
  Grid,
  Input,
  InputNumber,
  Popconfirm,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from "antd";
import { DatePicker } from "../../../shared/DatePicker.tsx";
import dayjs from "dayjs";
import { Fragment, useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  AdminHolidaysDocument,
  AdminRemoveHolidayOverrideDocument,
  AdminSetHolidayOverrideDocument,
  type AdminHolidaysQuery,
} from "../../../graphql/graphql.ts";
import { errorMessage } from "../../../lib/errorMessage.ts";
import { digitsInput, formatDate, formatHijri } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { LoadError } from "../../../shared/LoadError.tsx";
import { SchoolBreaks } from "./SchoolBreaks.tsx";
import { ToneTag } from "../../../shared/ToneTag.tsx";

type Holiday = AdminHolidaysQuery["kuwaitHolidays"][number];
type Override = AdminHolidaysQuery["holidayOverrides"][number];
interface Row {
  key: string;
  holiday: Holiday;
  override: Override | null;
}
const rowKey = (occasionKey: string, year: number, occurrence: number) => `${occasionKey}|${year}|${occurrence}`;
const noon = (iso: string) => `${iso}T12:00:00+03:00`;

export default function HolidaysTab() {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  // a phone gets one card per occasion: a five-column table would need sideways scrolling to reach Save
  const small = !Grid.useBreakpoint().md;
  const { message } = App.useApp();
  const [year, setYear] = useState(() => Number(kuwaitDate().slice(0, 4)));
  const { data, error, refetch } = useQuery(AdminHolidaysDocument, {
    variables: { year },
    fetchPolicy: "cache-and-network",
  });
  const [setOverride, setState] = useMutation(AdminSetHolidayOverrideDocument);
  const [removeOverride, removeState] = useMutation(AdminRemoveHolidayOverrideDocument);
  const [drafts, setDrafts] = useState<Record<string, { date?: string; note?: string }>>({});

  // one row per occurrence that starts in the year (its first day), with its correction if any; the
  // school breaks, which have no calendar date to correct, are announced in their own card
  const rows = useMemo<Row[]>(() => {
    if (!data) return [];
    const overrides = new Map(data.holidayOverrides.map((o) => [rowKey(o.occasionKey, o.year, o.occurrence), o]));
    return data.kuwaitHolidays
      .filter((h) => h.day === 1 && h.occurrenceYear === year && h.kind !== "SCHOOL")
      .map((h) => ({
        key: rowKey(h.occasionKey, h.occurrenceYear, h.occurrence),
        holiday: h,
        override: overrides.get(rowKey(h.occasionKey, h.occurrenceYear, h.occurrence)) ?? null,
      }));
  }, [data, year]);

  const nameOf = (h: Holiday) => (locale === "ar" ? h.nameAr : h.nameEn);
  const draftOf = (r: Row) => ({
    date: drafts[r.key]?.date ?? r.override?.date ?? r.holiday.date,
    note: drafts[r.key]?.note ?? r.override?.note ?? "",
  });

  async function save(r: Row) {
    const d = draftOf(r);
    try {
      await setOverride({
        variables: {
          occasionKey: r.holiday.occasionKey,
          year: r.holiday.occurrenceYear,
          occurrence: r.holiday.occurrence,
          date: d.date,
          note: d.note || null,
        },
      });
      setDrafts(({ [r.key]: _done, ...rest }) => rest);
      void message.success(
        t("holidays.saved", { name: nameOf(r.holiday), date: formatDate(noon(d.date), locale, "long") }),
      );
      await refetch();
    } catch (e) {
      void message.error(errorMessage(e));
    }
  }

  async function remove(r: Row) {
    if (!r.override) return;
    try {
      await removeOverride({ variables: { id: r.override.id } });
      setDrafts(({ [r.key]: _done, ...rest }) => rest);
      void message.success(
        t("holidays.removed", {
          name: nameOf(r.holiday),
          date: formatDate(noon(r.holiday.calendarDate), locale, "long"),
        }),
      );
      await refetch();
    } catch (e) {
      void message.error(errorMessage(e));
    }
  }

  const columns: TableColumnsType<Row> = [
    {
      title: t("holidays.occasion"),
      key: "occasion",
      render: (_v, r) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{nameOf(r.holiday)}</Typography.Text>
          <Tag>{t(`holidays.kinds.${r.holiday.kind}`)}</Tag>
        </Space>
      ),
    },
    {
      title: t("holidays.calendarDate"),
      key: "calendar",
      render: (_v, r) => (
        <Space orientation="vertical" size={0}>
          <time dateTime={r.holiday.calendarDate}>{formatDate(noon(r.holiday.calendarDate), locale, "long")}</time>
          <Typography.Text type="secondary">{formatHijri(noon(r.holiday.calendarDate), locale)}</Typography.Text>
        </Space>
      ),
    },
    {
      title: t("holidays.date"),
      key: "date",
      render: (_v, r) => (
        <Space orientation="vertical" size={4}>
          <DatePicker
            aria-label={t("holidays.dateOf", { name: nameOf(r.holiday) })}
            allowClear={false}
            value={dayjs(draftOf(r).date)}
            format="YYYY-MM-DD"
            onChange={(d) =>
              d && setDrafts((all) => ({ ...all, [r.key]: { ...all[r.key], date: d.format("YYYY-MM-DD") } }))
            }
          />
          {r.override && <ToneTag tone="warning">{t("holidays.corrected")}</ToneTag>}
        </Space>
      ),
    },
    {
      title: t("holidays.note"),
      key: "note",
      render: (_v, r) => (
        <Input
          aria-label={t("holidays.noteOf", { name: nameOf(r.holiday) })}
          maxLength={500}
          value={draftOf(r).note}
          placeholder={t("holidays.notePlaceholder")}
          onChange={(e) => setDrafts((all) => ({ ...all, [r.key]: { ...all[r.key], note: e.target.value } }))}
        />
      ),
    },
    {
      title: t("holidays.actions"),
      key: "actions",
      render: (_v, r) => (
        <Space wrap>
          <Button
            type="primary"
            size="small"
            loading={setState.loading}
            disabled={!drafts[r.key]}
            onClick={() => void save(r)}
          >
            {t("holidays.save")}
          </Button>
          {r.override && (
            <Popconfirm
              title={t("holidays.removeConfirm", { name: nameOf(r.holiday) })}
              okText={t("holidays.remove")}
              cancelText={t("actions.cancel", { ns: "common" })}
              onConfirm={() => remove(r)}
            >
              <Button size="small" danger loading={removeState.loading}>
                {t("holidays.remove")}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
  // on a card: the occasion is its title, the dates and note are labelled fields, the buttons follow
  const cell = (key: string, r: Row, i: number) =>
    columns.find((c) => c.key === key)?.render?.(undefined, r, i) as ReactNode;
  const fields = columns.filter((c) => c.key !== "occasion" && c.key !== "actions");

  return (
    <div className="sufra-admin-holidays" data-testid="holidays-tab">
      <Typography.Paragraph type="secondary">{t("holidays.intro")}</Typography.Paragraph>
      <Space className="sufra-block-gap">
        <label htmlFor="holidays-year">{t("holidays.year")}</label>
        <InputNumber
          id="holidays-year"
          {...digitsInput(locale)}
          min={CALENDAR_MIN_YEAR}
          max={CALENDAR_MAX_YEAR}
          precision={0}
          value={year}
          onChange={(v) => v && v >= CALENDAR_MIN_YEAR && v <= CALENDAR_MAX_YEAR && setYear(v)}
        />
      </Space>
      {error && !data ? (
        <LoadError title={t("holidays.loadFailed")} error={error} onRetry={() => refetch().catch(() => {})} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : null}
      {data && <SchoolBreaks year={year} overrides={data.holidayOverrides} onChanged={refetch} />}
      {!data ? null : small ? (
        <ul className="sufra-holiday-cards" data-testid="holiday-cards">
          {rows.map((r, i) => (
            <li key={r.key}>
              <Card size="small" title={cell("occasion", r, i)} data-testid="holiday-card">
                <dl className="sufra-holiday-fields">
                  {fields.map((c) => (
                    <Fragment key={c.key}>
                      <dt>{c.title as ReactNode}</dt>
                      <dd>{cell(String(c.key), r, i)}</dd>
                    </Fragment>
                  ))}
                </dl>
                {cell("actions", r, i)}
              </Card>
            </li>
          ))}
        </ul>
      ) : (
        <Table<Row> rowKey="key" dataSource={rows} pagination={false} scroll={{ x: 800 }} columns={columns} />
      )}
    </div>
  );
}
