import type { Localized } from '../common/messages.ts';

/** Server messages of the gradebook, in every UI locale. */
export const gradebookMessages = {
  'gradebook.weightInvalid': {
    'zh-CN': '权重必须是 0 到 1000 之间的数字',
    'zh-TW': '權重必須是 0 到 1000 之間的數字',
    'en-US': 'The weight must be a number from 0 to 1000.',
  },
  'gradebook.notGradable': {
    'zh-CN': '该活动不计入成绩',
    'zh-TW': '該活動不計入成績',
    'en-US': 'This activity does not count towards grades.',
  },
  'gradebook.export.userNo': { 'zh-CN': '学号', 'zh-TW': '學號', 'en-US': 'User No.' },
  'gradebook.export.name': { 'zh-CN': '姓名', 'zh-TW': '姓名', 'en-US': 'Name' },
  'gradebook.export.item': {
    'zh-CN': '{title}（满分 {max}，权重 {weight}）',
    'zh-TW': '{title}（滿分 {max}，權重 {weight}）',
    'en-US': '{title} (out of {max}, weight {weight})',
  },
  'gradebook.export.total': {
    'zh-CN': '加权总评（%）',
    'zh-TW': '加權總評（%）',
    'en-US': 'Weighted total (%)',
  },
  'gradebook.export.sheet': { 'zh-CN': '成绩', 'zh-TW': '成績', 'en-US': 'Grades' },
  'gradebook.export.fileSuffix': { 'zh-CN': '成绩册', 'zh-TW': '成績冊', 'en-US': 'gradebook' },
} as const satisfies Record<`gradebook.${string}`, Localized>;
