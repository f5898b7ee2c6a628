// A day and time in Kuwait (whatever the browser's zone), with the Gregorian and Hijri dates written
// beside it in the person's language, and the week's suggested posting times as chips. The value is an
// ISO instant or null.
import { DatePicker } from "../../../shared/DatePicker.tsx";
import type { Dayjs } from "dayjs";
import { formatDateTime, formatHijri } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { fromPickerValue, kuwaitToday, toPickerValue } from "../kuwaitTime.ts";
import { SuggestedTimeChips } from "../../insights/index.ts";

interface Props {
  value: string | null;
  onChange: (iso: string | null) => void;
  id?: string;
  placeholder?: string;
  status?: "error" | "warning";
  "aria-label"?: string;
  "aria-describedby"?: string;
  testId?: string;
  /** the posting insights' suggested times as chips under the picker (default on) */
  suggestions?: boolean;
}

export function KuwaitDateTimePicker({
  value,
  onChange,
  id,
  placeholder,
  status,
  testId,
  suggestions = true,
  ...aria
}: Props) {
  const locale = useLocale();
  const today = kuwaitToday();
  return (
    <div className="sufra-schedule-picker">
      <DatePicker
        id={id}
        showTime={{ format: "HH:mm", minuteStep: 5 }}
        format="YYYY-MM-DD HH:mm"
        value={value ? toPickerValue(value) : null}
        onChange={(d: Dayjs | null) => onChange(d ? fromPickerValue(d) : null)}
        disabledDate={(d: Dayjs) => d.isBefore(today, "day")}
        placeholder={placeholder}
        status={status}
        needConfirm={false}
        className="sufra-schedule-input"
        data-testid={testId}
        {...aria}
      />
      {value && (
        <span className="sufra-schedule-readout" aria-live="polite" data-testid="schedule-readout">
          <span>{formatDateTime(value, locale)}</span>
          <span className="sufra-hijri" data-testid="schedule-hijri">
            {formatHijri(value, locale)}
          </span>
        </span>
      )}
      {suggestions && <SuggestedTimeChips value={value} onPick={onChange} />}
    </div>
  );
}
