import type { DatePickerProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { PICKER_DATE_TIME_FORMAT } from './date-time.ts';
import { ZonedDatePicker } from './zoned-date-picker.tsx';
import { toWallClock, useDisplayTimeZone, wallClockToWire } from './zoned-time.ts';

export interface DateTimePickerProps extends Omit<
  DatePickerProps,
  'value' | 'defaultValue' | 'onChange' | 'showTime' | 'format' | 'multiple' | 'picker'
> {
  /** UTC ISO string, as it travels on the wire. */
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** An error from outside the form (e.g. a server field error) that should colour the input. */
  status?: 'error' | 'warning';
}

/**
 * A date-and-time picker that speaks wire values: the user reads and picks times in the zone chosen in
 * their settings (else the browser's), the form sees UTC ISO. It works as an antd Form control because it
 * takes `value` and calls `onChange`.
 */
export function DateTimePicker({ value, onChange, status, onKeyDown, ...rest }: DateTimePickerProps) {
  // Read so the shown time follows a change of zone in settings.
  useDisplayTimeZone();
  const handleChange = (next: Dayjs | null) => {
    // Minutes are the finest unit shown, so stray seconds must not leak into saved values.
    onChange?.(next ? wallClockToWire(next.second(0).millisecond(0)) : null);
  };
  return (
    <ZonedDatePicker
      {...rest}
      showTime={{ format: 'HH:mm' }}
      format={PICKER_DATE_TIME_FORMAT}
      value={toWallClock(value)}
      onChange={handleChange}
      status={status}
      onKeyDown={(event, preventPicker) => {
        // Enter confirms the typed date (the picker has already taken it by now); it must not also
        // submit the surrounding form, which would save a dialog the user has not finished.
        if (event.key === 'Enter') event.preventDefault();
        onKeyDown?.(event, preventPicker);
      }}
    />
  );
}
