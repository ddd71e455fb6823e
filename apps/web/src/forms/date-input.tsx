import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

/**
 * antd's date pickers for form fields that hold strings (issue 26: the native `type="date"` and
 * `datetime-local` inputs showed mm/dd/yyyy whatever the user's language). The form keeps the same
 * string values as before, so the pages' conversions to and from the API do not change.
 */

const DATE = 'YYYY-MM-DD';
/** What `datetime-local` held: local time to the minute. */
const LOCAL_MINUTE = 'YYYY-MM-DDTHH:mm';

const parsed = (value: string | null | undefined, format: string): Dayjs | null => {
  if (!value) return null;
  const d = dayjs(value, format);
  return d.isValid() ? d : null;
};

interface StringPickerProps {
  value?: string | null;
  onChange?: (value: string | null) => void;
  id?: string;
  disabled?: boolean;
  placeholder?: string;
}

/** A calendar date, held as `YYYY-MM-DD` (null when cleared). */
export function DateInput({ value, onChange, ...rest }: StringPickerProps) {
  return (
    <DatePicker
      {...rest}
      style={{ width: '100%' }}
      value={parsed(value, DATE)}
      onChange={(d: Dayjs | null) => onChange?.(d ? d.format(DATE) : null)}
    />
  );
}

/** A local date and time to the minute, held as `YYYY-MM-DDTHH:mm` (null when cleared). */
export function DateTimeInput({ value, onChange, ...rest }: StringPickerProps) {
  return (
    <DatePicker
      {...rest}
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      style={{ width: '100%' }}
      value={parsed(value, LOCAL_MINUTE)}
      onChange={(d: Dayjs | null) => onChange?.(d ? d.format(LOCAL_MINUTE) : null)}
    />
  );
}
