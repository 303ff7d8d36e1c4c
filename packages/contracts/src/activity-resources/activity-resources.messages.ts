import type { Localized } from '../common/messages.ts';

/** Server messages of activity resources, in every UI locale. */
export const activityResourcesMessages = {
  'activityResources.notFound': {
    'zh-CN': '资源不存在',
    'zh-TW': '資源不存在',
    'en-US': 'This resource does not exist.',
  },
  'activityResources.uploadInvalid': {
    'zh-CN': '只能添加自己上传完成的文件',
    'zh-TW': '只能添加自己上傳完成的檔案',
    'en-US': 'Only a file you have finished uploading can be added.',
  },
  'activityResources.uploaderOnly': {
    'zh-CN': '只有上传者可以修改或删除该资源',
    'zh-TW': '只有上傳者可以修改或刪除該資源',
    'en-US': 'Only the uploader may change or delete this resource.',
  },
  'activityResources.cloudRecordingProtected': {
    'zh-CN': '机构设置不允许删除云录制文件',
    'zh-TW': '機構設定不允許刪除雲端錄製檔案',
    'en-US': 'Your organisation does not allow cloud recordings to be deleted.',
  },
  'activityResources.downloadNotAllowed': {
    'zh-CN': '该资源不允许下载',
    'zh-TW': '該資源不允許下載',
    'en-US': 'This resource may not be downloaded.',
  },
  'activityResources.nameRequired': {
    'zh-CN': '请输入名称',
    'zh-TW': '請輸入名稱',
    'en-US': 'Enter a name.',
  },
} as const satisfies Record<`activityResources.${string}`, Localized>;
