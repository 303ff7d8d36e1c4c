import { DatePicker, type DatePickerProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { fromWire, PICKER_DATE_TIME_FORMAT, toWire } from './date-time.ts';

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
 * A date-and-time picker that speaks wire values: the user picks in their own zone, the form sees UTC ISO.
 * It works as an antd Form control because it takes `value` and calls `onChange`.
 */
export function DateTimePicker({ value, onChange, status, onKeyDown, ...rest }: DateTimePickerProps) {
  const handleChange = (next: Dayjs | null) => {
    // Minutes are the finest unit shown, so stray seconds must not leak into saved values.
    onChange?.(next ? toWire(next.second(0).millisecond(0)) : null);
  };
  return (
    <DatePicker
      {...rest}
      showTime={{ format: 'HH:mm' }}
      format={PICKER_DATE_TIME_FORMAT}
      value={fromWire(value)}
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
