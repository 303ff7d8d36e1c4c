import type { Localized } from '../common/messages.ts';

/** Server messages of graph management and knowledge sources, in every UI locale. */
export const knowledgeSyncMessages = {
  'knowledgeSync.noSource': {
    'zh-CN': '该课程的知识图谱尚未设置同步来源',
    'zh-TW': '該課程的知識圖譜尚未設定同步來源',
    'en-US': 'This course’s knowledge graph has no source to sync from.',
  },
  'knowledgeSync.sourceInvalid': {
    'zh-CN': '同步来源须为本平台的课程或外部知识源的课程',
    'zh-TW': '同步來源須為本平台的課程或外部知識源的課程',
    'en-US': 'The source must be a course on this Lectern or a course of the external knowledge source.',
  },
  'knowledgeSync.sameCourse': {
    'zh-CN': '不能以本课程作为自己的同步来源',
    'zh-TW': '不能以本課程作為自己的同步來源',
    'en-US': 'A course cannot sync from itself.',
  },
  'knowledgeSync.sourceCourseGone': {
    'zh-CN': '来源课程已不存在',
    'zh-TW': '來源課程已不存在',
    'en-US': 'The source course no longer exists.',
  },
  'knowledgeSync.remoteNotConfigured': {
    'zh-CN': '本平台未配置外部知识源，请联系管理员',
    'zh-TW': '本平台未設定外部知識源，請聯絡管理員',
    'en-US': 'No external knowledge source is configured on this Lectern. Ask your administrator.',
  },
  'knowledgeSync.remoteUnreachable': {
    'zh-CN': '无法连接外部知识源，请稍后再试',
    'zh-TW': '無法連線外部知識源，請稍後再試',
    'en-US': 'The external knowledge source cannot be reached. Try again later.',
  },
  'knowledgeSync.remoteRefused': {
    'zh-CN': '外部知识源拒绝了本平台的访问凭据',
    'zh-TW': '外部知識源拒絕了本平台的存取憑證',
    'en-US': 'The external knowledge source refused this Lectern’s credentials.',
  },
  'knowledgeSync.remoteNotFound': {
    'zh-CN': '外部知识源中没有该课程或已发布的版本',
    'zh-TW': '外部知識源中沒有該課程或已發佈的版本',
    'en-US': 'The external knowledge source has no such course or published version.',
  },
  'knowledgeSync.remoteInvalid': {
    'zh-CN': '外部知识源的应答无法识别',
    'zh-TW': '外部知識源的回應無法識別',
    'en-US': 'The external knowledge source sent an answer Lectern cannot read.',
  },
  'knowledgeSync.versionNotFound': {
    'zh-CN': '没有该已发布的知识图谱版本',
    'zh-TW': '沒有該已發佈的知識圖譜版本',
    'en-US': 'There is no such published version of a knowledge graph.',
  },
  'knowledgeSync.running': {
    'zh-CN': '同步正在进行，请稍候',
    'zh-TW': '同步正在進行，請稍候',
    'en-US': 'A sync is already running. Wait for it to finish.',
  },
  'knowledgeSync.tooMany': {
    'zh-CN': '同步后知识点将超过每门课程 {limit} 个的上限',
    'zh-TW': '同步後知識點將超過每門課程 {limit} 個的上限',
    'en-US': 'After the sync the course would have more than {limit} knowledge nodes.',
  },
  'knowledgeSync.itemsRequired': {
    'zh-CN': '请选择要应用的差异项',
    'zh-TW': '請選擇要套用的差異項',
    'en-US': 'Choose the differences to apply.',
  },
  'knowledgeSync.idsInvalid': {
    'zh-CN': 'ids 须为 1 到 50 个正整数',
    'zh-TW': 'ids 須為 1 到 50 個正整數',
    'en-US': 'ids must be 1 to 50 positive integers.',
  },
  'knowledgeSync.thresholdInvalid': {
    'zh-CN': '相似度阈值须在 0.2 到 1 之间',
    'zh-TW': '相似度閾值須在 0.2 到 1 之間',
    'en-US': 'The similarity threshold is between 0.2 and 1.',
  },
  'knowledgeSync.failed': {
    'zh-CN': '同步失败',
    'zh-TW': '同步失敗',
    'en-US': 'The sync failed.',
  },
} as const satisfies Record<string, Localized>;
