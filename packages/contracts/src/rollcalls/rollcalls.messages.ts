import type { Localized } from '../common/messages.ts';

/** Server messages of the roll-call domain, in every UI locale. Keys are stable; wording may change. */
export const rollcallsMessages = {
  'rollcalls.titleTooLong': {
    'zh-CN': '标题不能超过 {maximum} 个字符',
    'zh-TW': '標題不能超過 {maximum} 個字元',
    'en-US': 'The title can have at most {maximum} characters.',
  },
  'rollcalls.numberCodeFormat': {
    'zh-CN': '签到码须为 4 位数字',
    'zh-TW': '簽到碼須為 4 位數字',
    'en-US': 'The code must be 4 digits.',
  },
  'rollcalls.positionRequired': {
    'zh-CN': '雷达点名需要教师的位置',
    'zh-TW': '雷達點名需要教師的位置',
    'en-US': 'A radar roll call needs your position.',
  },
  'rollcalls.deviceRequired': {
    'zh-CN': '缺少设备标识',
    'zh-TW': '缺少裝置識別碼',
    'en-US': 'The device id is missing.',
  },
  'rollcalls.notFound': {
    'zh-CN': '点名不存在',
    'zh-TW': '點名不存在',
    'en-US': 'This roll call does not exist.',
  },
  'rollcalls.cannotManage': {
    'zh-CN': '只有课程的教学团队可以发起和管理点名',
    'zh-TW': '只有課程的教學團隊可以發起和管理點名',
    'en-US': 'Only the course’s teaching team may run roll calls.',
  },
  'rollcalls.notOnRoll': {
    'zh-CN': '只有本课程的学生可以签到',
    'zh-TW': '只有本課程的學生可以簽到',
    'en-US': 'Only students of this course can check in.',
  },
  'rollcalls.alreadyStarted': {
    'zh-CN': '点名已经开始过',
    'zh-TW': '點名已經開始過',
    'en-US': 'This roll call has already been started.',
  },
  'rollcalls.notOpen': {
    'zh-CN': '点名未在进行中',
    'zh-TW': '點名未在進行中',
    'en-US': 'This roll call is not open.',
  },
  'rollcalls.wrongType': {
    'zh-CN': '这种签到方式不适用于此点名',
    'zh-TW': '這種簽到方式不適用於此點名',
    'en-US': 'This roll call is not answered that way.',
  },
  'rollcalls.wrongCode': {
    'zh-CN': '签到码错误，还可尝试 {remaining} 次',
    'zh-TW': '簽到碼錯誤，還可嘗試 {remaining} 次',
    'en-US': 'Wrong code. {remaining} tries left.',
  },
  'rollcalls.tooManyWrongCodes': {
    'zh-CN': '签到码错误次数过多，请联系教师',
    'zh-TW': '簽到碼錯誤次數過多，請聯絡教師',
    'en-US': 'Too many wrong codes. Ask your instructor to mark you.',
  },
  'rollcalls.qrExpired': {
    'zh-CN': '二维码已过期，请重新扫描',
    'zh-TW': 'QR 碼已過期，請重新掃描',
    'en-US': 'This QR code has expired. Scan the current one.',
  },
  'rollcalls.outOfScope': {
    'zh-CN': '你不在点名范围内（距离约 {distance} 米）',
    'zh-TW': '你不在點名範圍內（距離約 {distance} 公尺）',
    'en-US': 'You are outside the roll call’s range (about {distance} m away).',
  },
  'rollcalls.deviceUsed': {
    'zh-CN': '这台设备已为其他同学签到',
    'zh-TW': '這台裝置已為其他同學簽到',
    'en-US': 'This device has already been used to check in another student.',
  },
  'rollcalls.notQr': {
    'zh-CN': '此点名没有二维码',
    'zh-TW': '此點名沒有 QR 碼',
    'en-US': 'This roll call has no QR code.',
  },
  'rollcalls.defaultTitle.number': { 'zh-CN': '数字点名', 'zh-TW': '數字點名', 'en-US': 'Number roll call' },
  'rollcalls.defaultTitle.qr': { 'zh-CN': '二维码点名', 'zh-TW': 'QR 碼點名', 'en-US': 'QR roll call' },
  'rollcalls.defaultTitle.radar': { 'zh-CN': '雷达点名', 'zh-TW': '雷達點名', 'en-US': 'Radar roll call' },
  'rollcalls.defaultTitle.selfRegistration': {
    'zh-CN': '自助签到',
    'zh-TW': '自助簽到',
    'en-US': 'Self check-in',
  },
} satisfies Record<string, Localized>;
