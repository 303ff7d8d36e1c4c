import type { Localized } from '../common/messages.ts';

/** Server messages of the activities domain, in every UI locale. Keys are stable; wording may change. */
export const activitiesMessages = {
  'activities.notFound': {
    'zh-CN': '活动不存在或已被删除',
    'zh-TW': '活動不存在或已被刪除',
    'en-US': 'This activity does not exist or has been deleted.',
  },
  'activities.deleted': {
    'zh-CN': '活动已移入回收站，{days} 天内可以恢复',
    'zh-TW': '活動已移入回收站，{days} 天內可以還原',
    'en-US': 'The activity is in the recycle bin; it can be restored for {days} days.',
  },
  'activities.typeRequired': {
    'zh-CN': '请选择活动类型',
    'zh-TW': '請選擇活動類型',
    'en-US': 'Choose an activity type.',
  },
  'activities.typeUnknown': {
    'zh-CN': '不支持的活动类型“{type}”',
    'zh-TW': '不支援的活動類型「{type}」',
    'en-US': 'Activity type "{type}" is not supported.',
  },
  'activities.typeMismatch': {
    'zh-CN': '所选活动不全是“{type}”类型',
    'zh-TW': '所選活動不全是「{type}」類型',
    'en-US': 'Not all of these activities are of type "{type}".',
  },
  'activities.titleRequired': {
    'zh-CN': '请输入标题',
    'zh-TW': '請輸入標題',
    'en-US': 'Enter a title.',
  },
  'activities.titleTooLong': {
    'zh-CN': '标题不能超过 {maximum} 个字符',
    'zh-TW': '標題不能超過 {maximum} 個字元',
    'en-US': 'The title can have at most {maximum} characters.',
  },
  'activities.moduleRequired': {
    'zh-CN': '请选择章节',
    'zh-TW': '請選擇章節',
    'en-US': 'Choose a module.',
  },
  'activities.moduleNotInCourse': {
    'zh-CN': '所选章节不属于本课程',
    'zh-TW': '所選章節不屬於本課程',
    'en-US': 'The chosen module does not belong to this course.',
  },
  'activities.syllabusNotInModule': {
    'zh-CN': '所选小节不属于该章节',
    'zh-TW': '所選小節不屬於該章節',
    'en-US': 'The chosen section does not belong to this module.',
  },
  'activities.endBeforeStart': {
    'zh-CN': '结束时间必须晚于开始时间',
    'zh-TW': '結束時間必須晚於開始時間',
    'en-US': 'The end time must be after the start time.',
  },
  'activities.criterionNotApplicable': {
    'zh-CN': '该活动不能使用此完成标准，可选：{allowed}',
    'zh-TW': '該活動不能使用此完成標準，可選：{allowed}',
    'en-US': 'This completion criterion is not available for this activity. Available: {allowed}.',
  },
  'activities.criterionValueRequired': {
    'zh-CN': '请输入完成标准的数值',
    'zh-TW': '請輸入完成標準的數值',
    'en-US': 'Enter a value for the completion criterion.',
  },
  'activities.criterionValueOutOfRange': {
    'zh-CN': '完成标准的数值须在 {minimum} 到 {maximum} 之间',
    'zh-TW': '完成標準的數值須在 {minimum} 到 {maximum} 之間',
    'en-US': 'The completion value must be between {minimum} and {maximum}.',
  },
  'activities.uploadUnavailable': {
    'zh-CN': '文件（编号 {id}）不存在、尚未上传完成或无权使用',
    'zh-TW': '檔案（編號 {id}）不存在、尚未上傳完成或無權使用',
    'en-US': 'File {id} does not exist, has not finished uploading, or is not available to you.',
  },
  'activities.watchTimeInvalid': {
    'zh-CN': '播放时间必须是不小于 0 的秒数',
    'zh-TW': '播放時間必須是不小於 0 的秒數',
    'en-US': 'A playback time must be a number of seconds, 0 or more.',
  },
  'activities.watchRangeEmpty': {
    'zh-CN': '结束时间必须晚于开始时间',
    'zh-TW': '結束時間必須晚於開始時間',
    'en-US': 'The end must come after the start.',
  },
  'activities.watchBeyondDuration': {
    'zh-CN': '播放时间不能超过视频时长（{duration} 秒）',
    'zh-TW': '播放時間不能超過影片長度（{duration} 秒）',
    'en-US': 'A playback time cannot be past the end of the video ({duration} seconds).',
  },
  'activities.watchDurationRequired': {
    'zh-CN': '请提供视频时长',
    'zh-TW': '請提供影片長度',
    'en-US': 'Send the length of the video.',
  },
  'activities.notVideo': {
    'zh-CN': '只有在线视频可以记录播放区间',
    'zh-TW': '只有線上影片可以記錄播放區間',
    'en-US': 'Only online videos record watched ranges.',
  },
  'activities.urlInvalid': {
    'zh-CN': '请输入有效的网址',
    'zh-TW': '請輸入有效的網址',
    'en-US': 'Enter a valid web address.',
  },
  'activities.dataInvalid': {
    'zh-CN': '该项的值无效',
    'zh-TW': '該項的值無效',
    'en-US': 'This value is not valid.',
  },
  'activities.dataWrongType': {
    'zh-CN': '该项的值类型不正确',
    'zh-TW': '該項的值類型不正確',
    'en-US': 'This value has the wrong type.',
  },
  'activities.dataTooLong': {
    'zh-CN': '不能超过 {maximum} 个字符',
    'zh-TW': '不能超過 {maximum} 個字元',
    'en-US': 'At most {maximum} characters.',
  },
  'activities.dataTooShort': {
    'zh-CN': '至少需要 {minimum} 个字符',
    'zh-TW': '至少需要 {minimum} 個字元',
    'en-US': 'At least {minimum} characters.',
  },
  'activities.dataTooLarge': {
    'zh-CN': '不能大于 {maximum}',
    'zh-TW': '不能大於 {maximum}',
    'en-US': 'At most {maximum}.',
  },
  'activities.dataTooSmall': {
    'zh-CN': '不能小于 {minimum}',
    'zh-TW': '不能小於 {minimum}',
    'en-US': 'At least {minimum}.',
  },
  'activities.criterion.none': {
    'zh-CN': '无',
    'zh-TW': '無',
    'en-US': 'None',
  },
  'activities.criterion.view': {
    'zh-CN': '查看',
    'zh-TW': '檢視',
    'en-US': 'Viewed',
  },
  'activities.criterion.completeness': {
    'zh-CN': '完成度',
    'zh-TW': '完成度',
    'en-US': 'Completeness',
  },
  'activities.criterion.score': {
    'zh-CN': '成绩达标',
    'zh-TW': '成績達標',
    'en-US': 'Score reached',
  },
  'activities.criterion.submitted': {
    'zh-CN': '提交',
    'zh-TW': '提交',
    'en-US': 'Submitted',
  },
  'activities.criterion.participate': {
    'zh-CN': '参与讨论',
    'zh-TW': '參與討論',
    'en-US': 'Participated',
  },
} as const satisfies Record<`activities.${string}`, Localized>;
