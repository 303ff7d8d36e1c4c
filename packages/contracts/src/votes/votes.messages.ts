import type { Localized } from '../common/messages.ts';

/** Server messages of the vote domain, in every UI locale. Keys are stable; wording may change. */
export const votesMessages = {
  'votes.notFound': {
    'zh-CN': '投票不存在',
    'zh-TW': '投票不存在',
    'en-US': 'This vote does not exist.',
  },
  'votes.notVoter': {
    'zh-CN': '只有本课程的学生可以投票',
    'zh-TW': '只有本課程的學生可以投票',
    'en-US': 'Only students of this course can vote.',
  },
  'votes.notOpen': {
    'zh-CN': '投票未在进行中',
    'zh-TW': '投票未在進行中',
    'en-US': 'This vote is not open.',
  },
  'votes.choiceRequired': {
    'zh-CN': '请至少选择一个选项',
    'zh-TW': '請至少選擇一個選項',
    'en-US': 'Choose at least one option.',
  },
  'votes.singleChoiceOnly': {
    'zh-CN': '单选投票只能选择一个选项',
    'zh-TW': '單選投票只能選擇一個選項',
    'en-US': 'Choose exactly one option in a single-choice vote.',
  },
  'votes.optionUnknown': {
    'zh-CN': '所选选项不存在',
    'zh-TW': '所選選項不存在',
    'en-US': 'The chosen option does not exist.',
  },
  'votes.optionsRequired': {
    'zh-CN': '请填写投票选项',
    'zh-TW': '請填寫投票選項',
    'en-US': 'Enter the options of the vote.',
  },
  'votes.optionsTooFew': {
    'zh-CN': '投票至少需要 2 个选项',
    'zh-TW': '投票至少需要 2 個選項',
    'en-US': 'A vote needs at least 2 options.',
  },
  'votes.optionLetterInvalid': {
    'zh-CN': '选项须从 A 开始依次编号',
    'zh-TW': '選項須從 A 開始依次編號',
    'en-US': 'Options must be lettered from A without gaps.',
  },
  'votes.optionEmpty': {
    'zh-CN': '选项内容不能为空',
    'zh-TW': '選項內容不能為空',
    'en-US': 'An option cannot be empty.',
  },
  'votes.optionTooLong': {
    'zh-CN': '选项不能超过 200 个字符',
    'zh-TW': '選項不能超過 200 個字元',
    'en-US': 'An option can have at most 200 characters.',
  },
  'votes.topicTooLong': {
    'zh-CN': '投票主题不能超过 1000 个字符',
    'zh-TW': '投票主題不能超過 1000 個字元',
    'en-US': 'The topic can have at most 1000 characters.',
  },
} as const satisfies Record<`votes.${string}`, Localized>;
