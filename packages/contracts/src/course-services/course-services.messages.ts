import type { Localized } from '../common/messages.ts';

/** Server messages of course services (teaching calendar, reviews, joining), in every UI locale. */
export const courseServicesMessages = {
  'courseServices.weekName': {
    'zh-CN': '第{sequence}周',
    'zh-TW': '第{sequence}週',
    'en-US': 'Week {sequence}',
  },
  'courseServices.teachingTypeInvalid': {
    'zh-CN': '请选择有效的教学类型',
    'zh-TW': '請選擇有效的教學類型',
    'en-US': 'Choose a valid kind of teaching.',
  },
  'courseServices.contentRequired': {
    'zh-CN': '请填写内容',
    'zh-TW': '請填寫內容',
    'en-US': 'Enter the content.',
  },
  'courseServices.textTooLong': {
    'zh-CN': '内容过长',
    'zh-TW': '內容過長',
    'en-US': 'This text is too long.',
  },
  'courseServices.hoursInvalid': {
    'zh-CN': '学时须为 0.5 到 24 之间的半小时倍数',
    'zh-TW': '學時須為 0.5 到 24 之間的半小時倍數',
    'en-US': 'Hours must be a multiple of 0.5 between 0.5 and 24.',
  },
  'courseServices.dateInvalid': {
    'zh-CN': '请提供有效的日期',
    'zh-TW': '請提供有效的日期',
    'en-US': 'Give a valid date.',
  },
  'courseServices.timeRangeInvalid': {
    'zh-CN': '时间段格式应为 08:00-09:40，且结束晚于开始',
    'zh-TW': '時間段格式應為 08:00-09:40，且結束晚於開始',
    'en-US': 'Write the time range as 08:00-09:40, ending after it starts.',
  },
  'courseServices.weekNotInSemester': {
    'zh-CN': '该教学周不属于本课程的学期',
    'zh-TW': '該教學週不屬於本課程的學期',
    'en-US': 'This teaching week is not in the course’s semester.',
  },
  'courseServices.dateNotInWeek': {
    'zh-CN': '授课日期不在所选教学周内',
    'zh-TW': '授課日期不在所選教學週內',
    'en-US': 'The teaching date is not in the chosen week.',
  },
  'courseServices.noSemester': {
    'zh-CN': '课程未设置带起止日期的学期，无法安排教学日历',
    'zh-TW': '課程未設定帶起訖日期的學期，無法安排教學日曆',
    'en-US': 'The course has no semester with start and end dates, so no teaching calendar can be set.',
  },
  'courseServices.entryNotFound': {
    'zh-CN': '教学日历条目不存在',
    'zh-TW': '教學日曆條目不存在',
    'en-US': 'This teaching calendar entry does not exist.',
  },
  'courseServices.scoreInvalid': {
    'zh-CN': '评分须为 1 到 5 的整数',
    'zh-TW': '評分須為 1 到 5 的整數',
    'en-US': 'The rating must be a whole number from 1 to 5.',
  },
  'courseServices.estimateNotFound': {
    'zh-CN': '评价不存在',
    'zh-TW': '評價不存在',
    'en-US': 'This review does not exist.',
  },
  'courseServices.estimateReplyNotFound': {
    'zh-CN': '回复不存在',
    'zh-TW': '回覆不存在',
    'en-US': 'This reply does not exist.',
  },
  'courseServices.estimateExists': {
    'zh-CN': '你已评价过本课程，可以修改已有评价',
    'zh-TW': '你已評價過本課程，可以修改已有評價',
    'en-US': 'You have already reviewed this course; you can edit your review.',
  },
  'courseServices.estimateStudentsOnly': {
    'zh-CN': '只有本课程的学生可以评价课程',
    'zh-TW': '只有本課程的學生可以評價課程',
    'en-US': 'Only students of this course can review it.',
  },
  'courseServices.estimateAuthorOnly': {
    'zh-CN': '只能修改自己的评价',
    'zh-TW': '只能修改自己的評價',
    'en-US': 'You can only edit your own review.',
  },
  'courseServices.capacityInvalid': {
    'zh-CN': '人数上限须为正整数',
    'zh-TW': '人數上限須為正整數',
    'en-US': 'The capacity must be a positive whole number.',
  },
  'courseServices.endBeforeStart': {
    'zh-CN': '结束时间必须晚于开始时间',
    'zh-TW': '結束時間必須晚於開始時間',
    'en-US': 'The end time must be after the start time.',
  },
  'courseServices.alreadyMember': {
    'zh-CN': '你已是本课程成员',
    'zh-TW': '你已是本課程成員',
    'en-US': 'You are already a member of this course.',
  },
  'courseServices.registrationNotOpen': {
    'zh-CN': '本课程未开放自主选课',
    'zh-TW': '本課程未開放自主選課',
    'en-US': 'This course is not open for joining.',
  },
  'courseServices.registrationNotStarted': {
    'zh-CN': '选课尚未开始',
    'zh-TW': '選課尚未開始',
    'en-US': 'Joining has not opened yet.',
  },
  'courseServices.registrationEnded': {
    'zh-CN': '选课已结束',
    'zh-TW': '選課已結束',
    'en-US': 'Joining has closed.',
  },
  'courseServices.registrationFull': {
    'zh-CN': '课程人数已满',
    'zh-TW': '課程人數已滿',
    'en-US': 'This course is full.',
  },
  'courseServices.feedNotFound': {
    'zh-CN': '日历订阅不存在或已撤销',
    'zh-TW': '日曆訂閱不存在或已撤銷',
    'en-US': 'This calendar feed does not exist or was revoked.',
  },
  'courseServices.permissionTypeInvalid': {
    'zh-CN': '类型须为 download 或 print',
    'zh-TW': '類型須為 download 或 print',
    'en-US': 'The type must be download or print.',
  },
  'courseServices.allowStudentsRequired': {
    'zh-CN': '请说明是否允许学生',
    'zh-TW': '請說明是否允許學生',
    'en-US': 'Say whether students are allowed.',
  },
  'courseServices.auditStatusInvalid': {
    'zh-CN': '请选择有效的审核结果',
    'zh-TW': '請選擇有效的審核結果',
    'en-US': 'Choose a valid review result.',
  },
  'courseServices.auditRemarkRequired': {
    'zh-CN': '驳回时请填写原因',
    'zh-TW': '駁回時請填寫原因',
    'en-US': 'Say why the file is rejected.',
  },
  'courseServices.resourceNotFound': {
    'zh-CN': '该课程未使用此文件',
    'zh-TW': '該課程未使用此檔案',
    'en-US': 'This course does not use that file.',
  },
  'courseServices.shareNothing': {
    'zh-CN': '请选择要分享的文件',
    'zh-TW': '請選擇要分享的檔案',
    'en-US': 'Choose the files to share.',
  },
  'courseServices.shareNoCourse': {
    'zh-CN': '请选择要分享到的课程',
    'zh-TW': '請選擇要分享到的課程',
    'en-US': 'Choose the courses to share to.',
  },
  'courseServices.shareTooMany': {
    'zh-CN': '一次最多分享 50 项',
    'zh-TW': '一次最多分享 50 項',
    'en-US': 'Share at most 50 at a time.',
  },
  'courseServices.shareUploadForbidden': {
    'zh-CN': '只能分享自己上传或所教课程中的文件',
    'zh-TW': '只能分享自己上傳或所教課程中的檔案',
    'en-US': 'You can share only files you uploaded or files of courses you teach.',
  },
  'courseServices.shareCourseForbidden': {
    'zh-CN': '只能分享到自己所教的课程',
    'zh-TW': '只能分享到自己所教的課程',
    'en-US': 'You can share only to courses you teach.',
  },
  'courseServices.unshareForbidden': {
    'zh-CN': '只有分享者和本课程的教学团队可以移除共享文件',
    'zh-TW': '只有分享者和本課程的教學團隊可以移除共享檔案',
    'en-US': "Only whoever shared the file and the course's teaching team can remove it.",
  },
  'courseServices.sharedFileNotFound': {
    'zh-CN': '该文件未分享到此课程',
    'zh-TW': '該檔案未分享到此課程',
    'en-US': 'That file is not shared to this course.',
  },
  'courseServices.statCoursesInvalid': {
    'zh-CN': '请选择 1 到 50 门课程',
    'zh-TW': '請選擇 1 到 50 門課程',
    'en-US': 'Choose between 1 and 50 courses.',
  },
  'courseServices.statTypeInvalid': {
    'zh-CN': '请选择有效的统计类型',
    'zh-TW': '請選擇有效的統計類型',
    'en-US': 'Choose a valid kind of statistic.',
  },
  'courseServices.statRangeTooLong': {
    'zh-CN': '统计时间范围最长 366 天',
    'zh-TW': '統計時間範圍最長 366 天',
    'en-US': 'The date range can be at most 366 days.',
  },
  'courseServices.statTimezoneInvalid': {
    'zh-CN': '时区无效',
    'zh-TW': '時區無效',
    'en-US': 'The time zone is not valid.',
  },
  'courseServices.statCourseForbidden': {
    'zh-CN': '只能统计自己所教的课程',
    'zh-TW': '只能統計自己所教的課程',
    'en-US': 'You can see statistics only of courses you teach.',
  },
  'courseServices.appNameRequired': {
    'zh-CN': '请填写应用名称',
    'zh-TW': '請填寫應用名稱',
    'en-US': 'Enter the app name.',
  },
  'courseServices.appUrlInvalid': {
    'zh-CN': '请填写以 http:// 或 https:// 开头的网址',
    'zh-TW': '請填寫以 http:// 或 https:// 開頭的網址',
    'en-US': 'Enter a web address starting with http:// or https://.',
  },
  'courseServices.appIconInvalid': {
    'zh-CN': '图标须为以 http:// 或 https:// 开头的图片网址',
    'zh-TW': '圖示須為以 http:// 或 https:// 開頭的圖片網址',
    'en-US': 'The icon must be an image address starting with http:// or https://.',
  },
  'courseServices.appNotFound': {
    'zh-CN': '扩展应用不存在',
    'zh-TW': '擴充應用不存在',
    'en-US': 'This extension app does not exist.',
  },
  'courseServices.appsTooMany': {
    'zh-CN': '每门课程最多 30 个扩展应用',
    'zh-TW': '每門課程最多 30 個擴充應用',
    'en-US': 'A course can have at most 30 extension apps.',
  },
} as const satisfies Record<`courseServices.${string}`, Localized>;
