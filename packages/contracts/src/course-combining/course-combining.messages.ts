import type { Localized } from '../common/messages.ts';

/** Server messages of course combining (spec 001 section 5), in every UI locale. */
export const courseCombiningMessages = {
  'courseCombining.titleRequired': {
    'zh-CN': '请输入合并后的课程名称',
    'zh-TW': '請輸入合併後的課程名稱',
    'en-US': 'Enter a name for the combined course.',
  },
  'courseCombining.titleTooLong': {
    'zh-CN': '课程名称不能超过 200 个字符',
    'zh-TW': '課程名稱不能超過 200 個字元',
    'en-US': 'The course name can have at most 200 characters.',
  },
  'courseCombining.tooFewCourses': {
    'zh-CN': '请至少选择 {minimum} 门课程进行合并',
    'zh-TW': '請至少選擇 {minimum} 門課程進行合併',
    'en-US': 'Choose at least {minimum} courses to combine.',
  },
  'courseCombining.tooManyCourses': {
    'zh-CN': '一次最多合并 20 门课程',
    'zh-TW': '一次最多合併 20 門課程',
    'en-US': 'At most 20 courses can be combined.',
  },
  'courseCombining.courseNotFound': {
    'zh-CN': '课程 {id} 不存在',
    'zh-TW': '課程 {id} 不存在',
    'en-US': 'Course {id} does not exist.',
  },
  'courseCombining.notInstructor': {
    'zh-CN': '您不是课程“{name}”的教师，不能合并它',
    'zh-TW': '您不是課程「{name}」的教師，不能合併它',
    'en-US': 'You do not teach “{name}”, so you cannot combine it.',
  },
  'courseCombining.alreadyCombined': {
    'zh-CN': '课程“{name}”已被合并到其他课程中',
    'zh-TW': '課程「{name}」已被合併到其他課程中',
    'en-US': '“{name}” is already part of a combined course.',
  },
  'courseCombining.combinedNotSub': {
    'zh-CN': '“{name}”本身是合并课程，不能再被合并',
    'zh-TW': '「{name}」本身是合併課程，不能再被合併',
    'en-US': '“{name}” is a combined course and cannot be combined again.',
  },
  'courseCombining.parentNotCombined': {
    'zh-CN': '目标课程不是合并课程',
    'zh-TW': '目標課程不是合併課程',
    'en-US': 'The target course is not a combined course.',
  },
  'courseCombining.parentAmongSubCourses': {
    'zh-CN': '目标课程不能同时作为被合并的课程',
    'zh-TW': '目標課程不能同時作為被合併的課程',
    'en-US': 'The target course cannot also be one of the courses combined.',
  },
  'courseCombining.coverBoth': {
    'zh-CN': '请只选择一种封面：预设封面或上传的图片',
    'zh-TW': '請只選擇一種封面：預設封面或上傳的圖片',
    'en-US': 'Choose either a preset cover or an uploaded picture, not both.',
  },
  'courseCombining.coverKeyUnknown': {
    'zh-CN': '所选的预设封面不存在',
    'zh-TW': '所選的預設封面不存在',
    'en-US': 'The chosen preset cover does not exist.',
  },
  'courseCombining.coverUnavailable': {
    'zh-CN': '封面图片不存在或无权使用',
    'zh-TW': '封面圖片不存在或無權使用',
    'en-US': 'The cover picture does not exist or cannot be used.',
  },
  'courseCombining.coverTypeInvalid': {
    'zh-CN': '封面只支持 jpg、jpeg、png、webp 格式',
    'zh-TW': '封面只支援 jpg、jpeg、png、webp 格式',
    'en-US': 'A cover must be a jpg, jpeg, png or webp picture.',
  },
  'courseCombining.notCombined': {
    'zh-CN': '该课程不是合并课程',
    'zh-TW': '該課程不是合併課程',
    'en-US': 'This course is not a combined course.',
  },
  'courseCombining.subCourseUnknown': {
    'zh-CN': '课程 {id} 不是本合并课程的子课程',
    'zh-TW': '課程 {id} 不是本合併課程的子課程',
    'en-US': 'Course {id} is not a sub-course of this combined course.',
  },
  'courseCombining.modulesRequired': {
    'zh-CN': '请至少选择一个章节',
    'zh-TW': '請至少選擇一個章節',
    'en-US': 'Choose at least one section.',
  },
  'courseCombining.modulesInvalid': {
    'zh-CN': '所选章节无效',
    'zh-TW': '所選章節無效',
    'en-US': 'The chosen sections are not valid.',
  },
  'courseCombining.moduleNotInSubCourse': {
    'zh-CN': '章节 {id} 不属于所选子课程',
    'zh-TW': '章節 {id} 不屬於所選子課程',
    'en-US': 'Section {id} is not in the chosen sub-course.',
  },
  'courseCombining.moduleNotInCourse': {
    'zh-CN': '请选择本合并课程的章节',
    'zh-TW': '請選擇本合併課程的章節',
    'en-US': 'Choose a section of this combined course.',
  },
  'courseCombining.syllabusNotInModule': {
    'zh-CN': '所选小节不属于该章节',
    'zh-TW': '所選小節不屬於該章節',
    'en-US': 'The chosen part is not in that section.',
  },
  'courseCombining.activitiesRequired': {
    'zh-CN': '请至少选择一个活动',
    'zh-TW': '請至少選擇一個活動',
    'en-US': 'Choose at least one activity.',
  },
  'courseCombining.activitiesInvalid': {
    'zh-CN': '所选活动无效',
    'zh-TW': '所選活動無效',
    'en-US': 'The chosen activities are not valid.',
  },
  'courseCombining.activityNotInSubCourses': {
    'zh-CN': '活动 {id} 不属于本合并课程或其子课程',
    'zh-TW': '活動 {id} 不屬於本合併課程或其子課程',
    'en-US': 'Activity {id} is not in this combined course or its sub-courses.',
  },
} as const satisfies Record<`courseCombining.${string}`, Localized>;
