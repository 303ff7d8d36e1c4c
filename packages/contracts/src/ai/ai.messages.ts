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
