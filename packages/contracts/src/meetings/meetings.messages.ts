import type { Localized } from '../common/messages.ts';

/** Server messages of the meetings domain, in every UI locale. */
export const meetingsMessages = {
  'meetings.settingsRequired': {
    'zh-CN': '启用时必须填写此项',
    'zh-TW': '啟用時必須填寫此項',
    'en-US': 'Required while the vendor is enabled.',
  },
  'meetings.settingsUrlInvalid': {
    'zh-CN': '请输入以 http:// 或 https:// 开头的地址',
    'zh-TW': '請輸入以 http:// 或 https:// 開頭的網址',
    'en-US': 'Enter an address starting with http:// or https://.',
  },
  'meetings.settingsTooLong': {
    'zh-CN': '内容过长（最多 {maximum} 个字符）',
    'zh-TW': '內容過長（最多 {maximum} 個字元）',
    'en-US': 'Too long (at most {maximum} characters).',
  },
  'meetings.notFound': {
    'zh-CN': '会议不存在',
    'zh-TW': '會議不存在',
    'en-US': 'This meeting does not exist.',
  },
  'meetings.notInProgress': {
    'zh-CN': '会议未在进行中，无法加入',
    'zh-TW': '會議未在進行中，無法加入',
    'en-US': 'The meeting is not in progress, so it cannot be joined.',
  },
  'meetings.noJoinLink': {
    'zh-CN': '会议尚未设置加入链接',
    'zh-TW': '會議尚未設定加入連結',
    'en-US': 'The meeting has no join link yet.',
  },
  'meetings.participantsNotYet': {
    'zh-CN': '会议结束 1 小时后才可查看参会人员',
    'zh-TW': '會議結束 1 小時後才可查看參會人員',
    'en-US': 'Participants can be viewed 1 hour after the meeting ends.',
  },
  'meetings.participantsInstructorsOnly': {
    'zh-CN': '只有教师可以查看参会人员',
    'zh-TW': '只有教師可以查看參會人員',
    'en-US': 'Only instructors can view participants.',
  },
  'meetings.conditionsInvalid': {
    'zh-CN': '筛选条件格式不正确',
    'zh-TW': '篩選條件格式不正確',
    'en-US': 'The filter conditions are not valid.',
  },
  'meetings.phoneRequired': {
    'zh-CN': '请先绑定手机号',
    'zh-TW': '請先綁定手機號碼',
    'en-US': 'Bind a mobile phone first.',
  },
  'meetings.hostPhoneRequired': {
    'zh-CN': '会议主持人须绑定手机号',
    'zh-TW': '會議主持人須綁定手機號碼',
    'en-US': 'The meeting host must have a bound mobile phone.',
  },
  'meetings.hostNotMember': {
    'zh-CN': '主持人须为本课程的教师',
    'zh-TW': '主持人須為本課程的教師',
    'en-US': 'The host must be an instructor of this course.',
  },
  'meetings.lockedAfterStart': {
    'zh-CN': '直播已开始或已结束，不能修改此项',
    'zh-TW': '直播已開始或已結束，不能修改此項',
    'en-US': 'This cannot be changed once the live has started or closed.',
  },
  'meetings.lockedOnUpdate': {
    'zh-CN': '创建后不能修改此项',
    'zh-TW': '建立後不能修改此項',
    'en-US': 'This cannot be changed after creation.',
  },
  'meetings.lessonLocked': {
    'zh-CN': '课堂已开始，不能修改课堂时间',
    'zh-TW': '課堂已開始，不能修改課堂時間',
    'en-US': 'The lesson has started; its times cannot be changed.',
  },
  'meetings.coverTypeInvalid': {
    'zh-CN': '封面仅支持 jpg、jpeg、png、webp 格式',
    'zh-TW': '封面僅支援 jpg、jpeg、png、webp 格式',
    'en-US': 'The cover must be a jpg, jpeg, png or webp image.',
  },
  'meetings.noWebcast': {
    'zh-CN': '该活动没有直播地址',
    'zh-TW': '該活動沒有直播地址',
    'en-US': 'This activity has no webcast address.',
  },
  'meetings.wrongType': {
    'zh-CN': '该活动不是此类会议',
    'zh-TW': '該活動不是此類會議',
    'en-US': 'This activity is not a meeting of this kind.',
  },
  'meetings.vendorNotConfigured': {
    'zh-CN': '本服务器未接入{vendor}，请使用会议链接方式',
    'zh-TW': '本伺服器未接入{vendor}，請使用會議連結方式',
    'en-US': 'This server is not connected to {vendor}; link the meeting by its URL instead.',
  },
  'meetings.addressNotPublic': {
    'zh-CN':
      '该地址不在公网上，Lectern 不会访问它；如确为本校的服务，请运维人员在 OUTBOUND_ALLOW_HOSTS 中放行',
    'zh-TW':
      '該地址不在公網上，Lectern 不會存取它；如確為本校的服務，請維運人員在 OUTBOUND_ALLOW_HOSTS 中放行',
    'en-US':
      "This address is not on the public internet, so Lectern will not call it. If it is your institution's service, ask your operator to allow it in OUTBOUND_ALLOW_HOSTS.",
  },
  'meetings.vendorUnreachable': {
    'zh-CN': '会议服务暂时无法访问，请稍后再试',
    'zh-TW': '會議服務暫時無法存取，請稍後再試',
    'en-US': 'The meeting service cannot be reached right now. Try again later.',
  },
  'meetings.vendorRefused': {
    'zh-CN': '会议服务拒绝了请求：{reason}',
    'zh-TW': '會議服務拒絕了請求：{reason}',
    'en-US': 'The meeting service refused the request: {reason}',
  },
  'meetings.unknownMeetingType': {
    'zh-CN': '未知的会议类型',
    'zh-TW': '未知的會議類型',
    'en-US': 'Unknown meeting type.',
  },
  'meetings.startRequired': {
    'zh-CN': '请选择开始时间',
    'zh-TW': '請選擇開始時間',
    'en-US': 'Choose a start time.',
  },
  'meetings.endRequired': {
    'zh-CN': '请选择结束时间',
    'zh-TW': '請選擇結束時間',
    'en-US': 'Choose an end time.',
  },
  'meetings.hostRequired': {
    'zh-CN': '请选择主持人',
    'zh-TW': '請選擇主持人',
    'en-US': 'Choose a host.',
  },
  'meetings.instructorRequired': {
    'zh-CN': '请选择授课教师',
    'zh-TW': '請選擇授課教師',
    'en-US': 'Choose an instructor.',
  },
  'meetings.tencentNotBound': {
    'zh-CN': '请先在个人设置中绑定你的腾讯会议账号（userid）',
    'zh-TW': '請先在個人設定中綁定你的騰訊會議帳號（userid）',
    'en-US': 'Bind your Tencent Meeting account (userid) in your settings first.',
  },
  'meetings.tencentUserUnknown': {
    'zh-CN': '腾讯会议企业账号中没有这个用户：{reason}',
    'zh-TW': '騰訊會議企業帳號中沒有這個使用者：{reason}',
    'en-US': 'Tencent Meeting has no such user in the organisation: {reason}',
  },
  'meetings.larkNotAuthorized': {
    'zh-CN': '请先授权飞书账号',
    'zh-TW': '請先授權飛書帳號',
    'en-US': 'Authorise your Lark account first.',
  },
  'meetings.larkStateInvalid': {
    'zh-CN': '飞书授权已失效，请重新授权',
    'zh-TW': '飛書授權已失效，請重新授權',
    'en-US': 'The Lark authorisation is no longer valid; authorise again.',
  },
  'meetings.vendorMeetingExists': {
    'zh-CN': '该活动已有会议',
    'zh-TW': '該活動已有會議',
    'en-US': 'This activity already has a meeting.',
  },
  'meetings.vendorRequestPending': {
    'zh-CN': '会议正在创建中，请稍后再试',
    'zh-TW': '會議正在建立中，請稍後再試',
    'en-US': 'This meeting is still being created; try again in a moment.',
  },
  'meetings.vendorRejected': {
    'zh-CN': '{vendor}拒绝了请求：{reason}',
    'zh-TW': '{vendor}拒絕了請求：{reason}',
    'en-US': '{vendor} refused the request: {reason}',
  },
  'meetings.recurringRuleRequired': {
    'zh-CN': '周期性会议需要设置重复规则',
    'zh-TW': '週期性會議需要設定重複規則',
    'en-US': 'A recurring meeting needs a recurrence rule.',
  },
  'meetings.noModule': {
    'zh-CN': '该课程没有章节，请先创建章节',
    'zh-TW': '該課程沒有章節，請先建立章節',
    'en-US': 'This course has no module yet; create one first.',
  },
  'meetings.endBeforeStart': {
    'zh-CN': '结束时间需晚于开始时间',
    'zh-TW': '結束時間需晚於開始時間',
    'en-US': 'The end must be after the start.',
  },
  'meetings.vendorFieldsServerOnly': {
    'zh-CN': '该字段由服务器在创建会议时设置',
    'zh-TW': '該欄位由伺服器在建立會議時設定',
    'en-US': 'This field is set by the server when it creates the meeting.',
  },
  'meetings.calendarServerRefused': {
    'zh-CN': '日历服务器拒绝了会议邀请：{reason}',
    'zh-TW': '日曆伺服器拒絕了會議邀請：{reason}',
    'en-US': 'The calendar server refused the invitation: {reason}',
  },
} as const satisfies Record<`meetings.${string}`, Localized>;
