// The Holidays tab's school breaks: the Ministry of Education sets them each year, so the calendar has
// no date for them (schema's calendar.ts: an announced occasion) until an admin announces one here with
// its first day and its length; removing the announcement takes it out of that year's calendar.
import { useMutation } from "@apollo/client/react";
import { isAnnouncedOccasion, OCCASION_KEYS, OCCASIONS, SCHOOL_BREAK_MAX_DAYS } from "@sufra/schema";
import { App, Button, Card, Input, InputNumber, Popconfirm, Space, Tag, Typography } from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  AdminRemoveHolidayOverrideDocument,
  AdminSetHolidayOverrideDocument,
  type AdminHolidaysQuery,
} from "../../../graphql/graphql.ts";
import { errorMessage } from "../../../lib/errorMessage.ts";
import { digitsInput, formatDate } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { DatePicker } from "../../../shared/DatePicker.tsx";
import { ToneTag } from "../../../shared/ToneTag.tsx";

type Override = AdminHolidaysQuery["holidayOverrides"][number];
const SCHOOL_BREAKS = OCCASION_KEYS.filter(isAnnouncedOccasion);
const noon = (iso: string) => `${iso}T12:00:00+03:00`;

export function SchoolBreaks({
  year,
  overrides,
  onChanged,
}: {
  year: number;
  overrides: readonly Override[];
  onChanged: () => Promise<unknown>;
}) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const { message } = App.useApp();
  const [setOverride, setState] = useMutation(AdminSetHolidayOverrideDocument);
  const [removeOverride, removeState] = useMutation(AdminRemoveHolidayOverrideDocument);
  const [drafts, setDrafts] = useState<Record<string, { date?: string; days?: number | null; note?: string }>>({});

  return (
    <Card size="small" className="sufra-block-gap" title={t("holidays.school.title")} data-testid="school-breaks">
      <Typography.Paragraph type="secondary">{t("holidays.school.intro")}</Typography.Paragraph>
      <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
        {SCHOOL_BREAKS.map((key) => {
          const name = locale === "ar" ? OCCASIONS[key].ar : OCCASIONS[key].en;
          const announced = overrides.find((o) => o.occasionKey === key && o.year === year) ?? null;
          const draft = {
            date: drafts[key]?.date ?? announced?.date,
            days: drafts[key]?.days !== undefined ? drafts[key]?.days : (announced?.days ?? null),
            note: drafts[key]?.note ?? announced?.note ?? "",
          };
          const change = (patch: Partial<typeof draft>) =>
            setDrafts((all) => ({ ...all, [key]: { ...all[key], ...patch } }));
          async function save() {
            if (!draft.date || !draft.days) return;
            try {
              await setOverride({
                variables: {
                  occasionKey: key,
                  year,
                  occurrence: 0,
                  date: draft.date,
                  days: draft.days,
                  note: draft.note || null,
                },
              });
              setDrafts(({ [key]: _done, ...rest }) => rest);
              void message.success(
                t("holidays.school.saved", {
                  name,
                  date: formatDate(noon(draft.date), locale, "long"),
                  count: draft.days,
                }),
              );
              await onChanged();
            } catch (e) {
              void message.error(errorMessage(e));
            }
          }
          async function remove() {
            if (!announced) return;
            try {
              await removeOverride({ variables: { id: announced.id } });
              setDrafts(({ [key]: _done, ...rest }) => rest);
              void message.success(t("holidays.school.removed", { name }));
              await onChanged();
            } catch (e) {
              void message.error(errorMessage(e));
            }
          }
          return (
            <section key={key} aria-label={name} data-testid={`school-break-${key}`}>
              <Space wrap align="center">
                <Typography.Text strong>{name}</Typography.Text>
                {announced ? (
                  <ToneTag tone="success">{t("holidays.school.announced")}</ToneTag>
                ) : (
                  <Tag>{t("holidays.school.notAnnounced", { year })}</Tag>
                )}
              </Space>
              <Space wrap align="end" className="sufra-block-gap">
                <label>
                  <span className="sufra-school-break-label">{t("holidays.school.firstDay")}</span>
                  <DatePicker
                    aria-label={t("holidays.school.firstDayOf", { name })}
                    value={draft.date ? dayjs(draft.date) : null}
                    format="YYYY-MM-DD"
                    onChange={(d) => change({ date: d ? d.format("YYYY-MM-DD") : undefined })}
                  />
                </label>
                <label>
                  <span className="sufra-school-break-label">{t("holidays.school.days")}</span>
                  <InputNumber
                    aria-label={t("holidays.school.daysOf", { name })}
                    {...digitsInput(locale)}
                    min={1}
                    max={SCHOOL_BREAK_MAX_DAYS}
                    precision={0}
                    value={draft.days}
                    onChange={(v) => change({ days: v ?? null })}
                  />
                </label>
                <label>
                  <span className="sufra-school-break-label">{t("holidays.note")}</span>
                  <Input
                    aria-label={t("holidays.noteOf", { name })}
                    maxLength={500}
                    value={draft.note}
                    placeholder={t("holidays.notePlaceholder")}
                    onChange={(e) => change({ note: e.target.value })}
                  />
                </label>
                <Button
                  type="primary"
                  loading={setState.loading}
                  disabled={!drafts[key] || !draft.date || !draft.days}
                  onClick={() => void save()}
                >
                  {t("holidays.school.announce")}
                </Button>
                {announced && (
                  <Popconfirm
                    title={t("holidays.school.removeConfirm", { name, year })}
                    okText={t("holidays.school.remove")}
                    cancelText={t("actions.cancel", { ns: "common" })}
                    onConfirm={() => remove()}
                  >
                    <Button danger loading={removeState.loading}>
                      {t("holidays.school.remove")}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            </section>
          );
        })}
      </Space>
    </Card>
  );
}
