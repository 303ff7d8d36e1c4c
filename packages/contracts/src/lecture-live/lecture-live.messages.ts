import type { Localized } from '../common/messages.ts';

/** Server messages of the lecture-live domain, in every UI locale. Keys are stable; wording may change. */
export const lectureLiveMessages = {
  'lectureLive.notFound': {
    'zh-CN': '直播不存在',
    'zh-TW': '直播不存在',
    'en-US': 'This live lecture does not exist.',
  },
  'lectureLive.notBookable': {
    'zh-CN': '直播已开始或已结束，无法预约',
    'zh-TW': '直播已開始或已結束，無法預約',
    'en-US': 'The live lecture has already started or ended and cannot be booked.',
  },
  'lectureLive.alreadyBooked': {
    'zh-CN': '你已预约该直播',
    'zh-TW': '你已預約該直播',
    'en-US': 'You have already booked this live lecture.',
  },
  'lectureLive.notBooked': {
    'zh-CN': '你尚未预约该直播',
    'zh-TW': '你尚未預約該直播',
    'en-US': 'You have not booked this live lecture.',
  },
  'lectureLive.notLearner': {
    'zh-CN': '只有本课程的学习者可以预约直播',
    'zh-TW': '只有本課程的學習者可以預約直播',
    'en-US': 'Only learners of this course can book the live lecture.',
  },
  'lectureLive.replayNotFound': {
    'zh-CN': '回放不存在',
    'zh-TW': '回放不存在',
    'en-US': 'This replay does not exist.',
  },
  'lectureLive.replayNotFailed': {
    'zh-CN': '只有处理失败的回放可以重新处理',
    'zh-TW': '只有處理失敗的回放可以重新處理',
    'en-US': 'Only a replay whose processing failed can be reprocessed.',
  },
  'lectureLive.noPermissionLive': {
    'zh-CN': '没有观看直播的权限',
    'zh-TW': '沒有觀看直播的權限',
    'en-US': 'No permission to view live.',
  },
  'lectureLive.noPermissionRecord': {
    'zh-CN': '没有观看回放的权限',
    'zh-TW': '沒有觀看回放的權限',
    'en-US': 'No permission to view recording.',
  },
  'lectureLive.ffmpegMissing': {
    'zh-CN': '服务器未安装 ffmpeg，直播功能不可用',
    'zh-TW': '伺服器未安裝 ffmpeg，直播功能無法使用',
    'en-US': 'ffmpeg is not installed on the server, so live lectures are unavailable.',
  },
  'lectureLive.notPlaying': {
    'zh-CN': '当前没有可观看的直播或回放',
    'zh-TW': '目前沒有可觀看的直播或回放',
    'en-US': 'There is no live stream or replay to watch now.',
  },
  'lectureLive.sourceUnknown': {
    'zh-CN': '不支持的直播来源',
    'zh-TW': '不支援的直播來源',
    'en-US': 'Unknown live source.',
  },
} as const satisfies Record<`lectureLive.${string}`, Localized>;
