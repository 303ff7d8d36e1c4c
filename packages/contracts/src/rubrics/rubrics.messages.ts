import type { Localized } from '../common/messages.ts';

/** Server messages of the rubrics domain, in every UI locale. Keys are stable; wording may change. */
export const rubricsMessages = {
  'rubrics.nameRequired': {
    'zh-CN': '请输入评分标准名称',
    'zh-TW': '請輸入評分標準名稱',
    'en-US': 'Enter a rubric name.',
  },
  'rubrics.nameTooLong': {
    'zh-CN': '名称不能超过 {maximum} 个字符',
    'zh-TW': '名稱不能超過 {maximum} 個字元',
    'en-US': 'The name can have at most {maximum} characters.',
  },
  'rubrics.conditionsRequired': {
    'zh-CN': '请至少添加一个评分项',
    'zh-TW': '請至少新增一個評分項',
    'en-US': 'Add at least one criterion.',
  },
  'rubrics.tooManyConditions': {
    'zh-CN': '评分项不能超过 {maximum} 个',
    'zh-TW': '評分項不能超過 {maximum} 個',
    'en-US': 'A rubric can have at most {maximum} criteria.',
  },
  'rubrics.conditionNameRequired': {
    'zh-CN': '请输入评分项名称',
    'zh-TW': '請輸入評分項名稱',
    'en-US': 'Enter a criterion name.',
  },
  'rubrics.conditionDescriptionRequired': {
    'zh-CN': '请输入评分项描述',
    'zh-TW': '請輸入評分項描述',
    'en-US': 'Enter a criterion description.',
  },
  'rubrics.descriptionTooLong': {
    'zh-CN': '描述不能超过 {maximum} 个字符',
    'zh-TW': '描述不能超過 {maximum} 個字元',
    'en-US': 'The description can have at most {maximum} characters.',
  },
  'rubrics.levelsRequired': {
    'zh-CN': '每个评分项至少需要一个等级',
    'zh-TW': '每個評分項至少需要一個等級',
    'en-US': 'Each criterion needs at least one rating.',
  },
  'rubrics.tooManyLevels': {
    'zh-CN': '每个评分项的等级不能超过 {maximum} 个',
    'zh-TW': '每個評分項的等級不能超過 {maximum} 個',
    'en-US': 'A criterion can have at most {maximum} ratings.',
  },
  'rubrics.levelDescriptionRequired': {
    'zh-CN': '请输入等级描述',
    'zh-TW': '請輸入等級描述',
    'en-US': 'Enter a rating description.',
  },
  'rubrics.scoreRequired': {
    'zh-CN': '请输入分数',
    'zh-TW': '請輸入分數',
    'en-US': 'Enter a score.',
  },
  'rubrics.scoreInvalid': {
    'zh-CN': '分数须为不小于 0 的数字，最多一位小数',
    'zh-TW': '分數須為不小於 0 的數字，最多一位小數',
    'en-US': 'A score must be a number of at least 0 with at most one decimal place.',
  },
  'rubrics.scoreTooLarge': {
    'zh-CN': '分数不能超过 {maximum}',
    'zh-TW': '分數不能超過 {maximum}',
    'en-US': 'A score can be at most {maximum}.',
  },
  'rubrics.notFound': {
    'zh-CN': '评分标准不存在或无权查看',
    'zh-TW': '評分標準不存在或無權檢視',
    'en-US': 'This rubric does not exist or you cannot see it.',
  },
  'rubrics.createNotAllowed': {
    'zh-CN': '只有教师、助教和管理员可以创建评分标准',
    'zh-TW': '只有教師、助教和管理員可以建立評分標準',
    'en-US': 'Only instructors, assistants and administrators can create rubrics.',
  },
  'rubrics.editNotAllowed': {
    'zh-CN': '只有评分标准的创建者可以修改或删除它',
    'zh-TW': '只有評分標準的建立者可以修改或刪除它',
    'en-US': 'Only the creator of a rubric can change or delete it.',
  },
  'rubrics.scoringLockedInUse': {
    'zh-CN':
      '已有 {count} 个作业使用此评分标准，只能修改文字，不能增删评分项、等级或修改分数；如需调整评分，请新建评分标准',
    'zh-TW':
      '已有 {count} 個作業使用此評分標準，只能修改文字，不能增刪評分項、等級或修改分數；如需調整評分，請新建評分標準',
    'en-US':
      '{count} homework(s) use this rubric: you can change its wording, but not add or remove criteria or ratings or change scores. Create a new rubric to score differently.',
  },
  'rubrics.deleteInUse': {
    'zh-CN': '已有 {count} 个作业使用此评分标准，不能删除',
    'zh-TW': '已有 {count} 個作業使用此評分標準，不能刪除',
    'en-US': '{count} homework(s) use this rubric, so it cannot be deleted.',
  },
  'rubrics.deleted': {
    'zh-CN': '评分标准已删除',
    'zh-TW': '評分標準已刪除',
    'en-US': 'The rubric was deleted.',
  },
  'rubrics.generateNeedsDescription': {
    'zh-CN': '请先填写作业描述，再生成评分标准',
    'zh-TW': '請先填寫作業描述，再產生評分標準',
    'en-US': 'Write the assignment description before generating a rubric.',
  },
  'rubrics.generatedName': {
    'zh-CN': 'AI 生成的评分标准',
    'zh-TW': 'AI 產生的評分標準',
    'en-US': 'AI-generated rubric',
  },
  'rubrics.levelExcellent': { 'zh-CN': '优秀', 'zh-TW': '優秀', 'en-US': 'Excellent' },
  'rubrics.levelGood': { 'zh-CN': '良好', 'zh-TW': '良好', 'en-US': 'Good' },
  'rubrics.levelPass': { 'zh-CN': '及格', 'zh-TW': '及格', 'en-US': 'Pass' },
  'rubrics.levelNeedImprovement': { 'zh-CN': '待改进', 'zh-TW': '待改進', 'en-US': 'Needs improvement' },
} as const satisfies Record<string, Localized>;
