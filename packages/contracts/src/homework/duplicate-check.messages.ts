import type { Localized } from '../common/messages.ts';

/** Server messages of the homework duplicate check. */
export const duplicateCheckMessages = {
  'homework.duplicate.targetIdsInvalid': {
    'zh-CN': '请提供 1 到 500 个学生或小组编号',
    'zh-TW': '請提供 1 到 500 個學生或小組編號',
    'en-US': 'Give between 1 and 500 student or group ids.',
  },
  'homework.duplicate.pairNotFound': {
    'zh-CN': '查重结果不存在或已过期',
    'zh-TW': '查重結果不存在或已過期',
    'en-US': 'This duplicate-check result does not exist or is out of date.',
  },
} as const satisfies Record<`homework.${string}`, Localized>;
