import type { Localized } from '../common/messages.ts';

/** Messages of answer statistics and item analysis, in every UI locale. */
export const examStatisticsMessages = {
  'exams.statistics.optionOrUnsubmitted': {
    'zh-CN': '不能同时按选项和未提交筛选',
    'zh-TW': '不能同時按選項和未提交篩選',
    'en-US': 'Filter by an option or by unsubmitted, not both.',
  },
  'exams.statistics.optionNotFound': {
    'zh-CN': '该选项不属于这道题目',
    'zh-TW': '該選項不屬於這道題目',
    'en-US': 'This option does not belong to the question.',
  },
} satisfies Record<string, Localized>;
