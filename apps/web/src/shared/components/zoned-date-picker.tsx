import dayjsGenerateConfig from '@rc-component/picker/generate/dayjs';
import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { wallClockNow } from './zoned-time.ts';

/**
 * antd's DatePicker (and its RangePicker) whose "now" (the Now button, today's cell, the month a picker
 * opens on) is the wall clock in the user's zone rather than the browser's. Values are wall clocks too:
 * convert them with `toWallClock` / `wallClockToWire`, or use `DateTimePicker`, which does.
 */
export const ZonedDatePicker = DatePicker.generatePicker<Dayjs>({
  ...dayjsGenerateConfig,
  getNow: wallClockNow,
});
