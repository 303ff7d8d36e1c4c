import type { Localized } from '../common/messages.ts';

/** Server messages of the AI domain, in every UI locale. Keys are stable; wording may change. */
export const aiMessages = {
  'ai.unavailable': {
    'zh-CN': 'AI 功能未配置，请联系管理员',
    'zh-TW': 'AI 功能未設定，請聯絡管理員',
    'en-US': 'AI features are not configured on this server. Ask your administrator.',
  },
  'ai.creditInsufficient': {
    'zh-CN': '积分不足',
    'zh-TW': '積分不足',
    'en-US': 'Credit insufficient.',
  },
  'ai.providerBusy': {
    'zh-CN': 'AI 服务繁忙，请稍后再试',
    'zh-TW': 'AI 服務繁忙，請稍後再試',
    'en-US': 'The AI service is busy. Try again in a moment.',
  },
  'ai.providerFailed': {
    'zh-CN': 'AI 服务调用失败，未扣除积分',
    'zh-TW': 'AI 服務呼叫失敗，未扣除積分',
    'en-US': 'The AI service failed; no credits were used.',
  },
  'ai.providerTimeout': {
    'zh-CN': 'AI 服务响应超时，未扣除积分',
    'zh-TW': 'AI 服務回應逾時，未扣除積分',
    'en-US': 'The AI service did not answer in time; no credits were used.',
  },
  'ai.invalidOutput': {
    'zh-CN': 'AI 返回的内容无法识别，未扣除积分',
    'zh-TW': 'AI 回傳的內容無法辨識，未扣除積分',
    'en-US': 'The AI answer could not be read; no credits were used.',
  },
  'ai.notInstructor': {
    'zh-CN': '只有教师可以使用 AI 积分',
    'zh-TW': '只有教師可以使用 AI 積分',
    'en-US': 'Only instructors can use AI credits.',
  },
  'ai.requestCourseRequired': {
    'zh-CN': '请选择申请积分的课程',
    'zh-TW': '請選擇申請積分的課程',
    'en-US': 'Choose the course the credits are for.',
  },
  'ai.requestCourseUnexpected': {
    'zh-CN': '为本人申请积分时不能指定课程',
    'zh-TW': '為本人申請積分時不能指定課程',
    'en-US': 'A request for your own credits names no course.',
  },
  'ai.requestCourseNotTaught': {
    'zh-CN': '只能为自己任教的课程申请积分',
    'zh-TW': '只能為自己任教的課程申請積分',
    'en-US': 'You can ask for credits only for a course you teach.',
  },
  'ai.videoPartsRequired': {
    'zh-CN': '请至少选择字幕、主题或章节中的一项',
    'zh-TW': '請至少選擇字幕、主題或章節中的一項',
    'en-US': 'Choose at least one of captions, topics or chapters.',
  },
  'ai.videoNotFound': {
    'zh-CN': '该视频不存在',
    'zh-TW': '該影片不存在',
    'en-US': 'This video does not exist.',
  },
  'ai.videoNotVideo': {
    'zh-CN': 'AI 生成只适用于视频文件',
    'zh-TW': 'AI 生成只適用於影片檔案',
    'en-US': 'AI generation works on video files only.',
  },
  'ai.videoTypeNotAllowed': {
    'zh-CN': '机构未允许对此类视频使用 AI 生成',
    'zh-TW': '機構未允許對此類影片使用 AI 生成',
    'en-US': 'Your organisation does not allow AI generation for this video type.',
  },
  'ai.videoTooLarge': {
    'zh-CN': '视频超过了 AI 生成允许的大小',
    'zh-TW': '影片超過了 AI 生成允許的大小',
    'en-US': 'The video is larger than AI generation allows.',
  },
  'ai.videoAlreadyRunning': {
    'zh-CN': '该视频正在进行 AI 生成',
    'zh-TW': '該影片正在進行 AI 生成',
    'en-US': 'AI generation is already running for this video.',
  },
  'ai.videoNoFfmpeg': {
    'zh-CN': '服务器未安装 ffmpeg，无法读取视频的声音',
    'zh-TW': '伺服器未安裝 ffmpeg，無法讀取影片的聲音',
    'en-US': 'ffmpeg is not installed on the server, so the video’s sound cannot be read.',
  },
  'ai.videoNoSpeech': {
    'zh-CN': '视频中没有可识别的语音',
    'zh-TW': '影片中沒有可辨識的語音',
    'en-US': 'No speech could be recognised in the video.',
  },
  'ai.videoCaptionsNotFound': {
    'zh-CN': '该视频没有 AI 字幕',
    'zh-TW': '該影片沒有 AI 字幕',
    'en-US': 'This video has no AI captions.',
  },
  'ai.requestNotFound': {
    'zh-CN': '积分申请不存在',
    'zh-TW': '積分申請不存在',
    'en-US': 'This credit request does not exist.',
  },
  'ai.requestAlreadyDecided': {
    'zh-CN': '该积分申请已处理',
    'zh-TW': '該積分申請已處理',
    'en-US': 'This credit request has already been decided.',
  },
  'ai.allocationExceedsRemaining': {
    'zh-CN': '分配的积分超过了机构剩余积分',
    'zh-TW': '分配的積分超過了機構剩餘積分',
    'en-US': 'This allocation is more than the organisation has left to allocate.',
  },
  'ai.orgCreditBelowAllocated': {
    'zh-CN': '机构积分不能少于已分配和已使用的积分',
    'zh-TW': '機構積分不能少於已分配和已使用的積分',
    'en-US': 'The organisation credit cannot be less than what is already allocated and used.',
  },
} as const satisfies Record<`ai.${string}`, Localized>;
