import type { Localized } from '../common/messages.ts';

/** Server messages of the calendar, in every UI locale. */
export const calendarMessages = {
  'calendar.startInvalid': {
    'zh-CN': '请提供有效的开始时间（UTC ISO 格式）',
    'zh-TW': '請提供有效的開始時間（UTC ISO 格式）',
    'en-US': 'Give a valid start time (UTC ISO format).',
  },
  'calendar.endInvalid': {
    'zh-CN': '请提供有效的结束时间（UTC ISO 格式）',
    'zh-TW': '請提供有效的結束時間（UTC ISO 格式）',
    'en-US': 'Give a valid end time (UTC ISO format).',
  },
  'calendar.endBeforeStart': {
    'zh-CN': '结束时间必须晚于开始时间',
    'zh-TW': '結束時間必須晚於開始時間',
    'en-US': 'The end time must be after the start time.',
  },
  'calendar.rangeTooLong': {
    'zh-CN': '时间范围不能超过 {maximum} 天',
    'zh-TW': '時間範圍不能超過 {maximum} 天',
    'en-US': 'The range can span at most {maximum} days.',
  },
} as const satisfies Record<`calendar.${string}`, Localized>;
