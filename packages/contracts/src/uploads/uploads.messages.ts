import type { Localized } from '../common/messages.ts';

/** Server messages of the uploads domain, in every UI locale. Keys are stable; wording may change. */
export const uploadsMessages = {
  'uploads.notFound': {
    'zh-CN': '文件不存在或已被删除',
    'zh-TW': '檔案不存在或已被刪除',
    'en-US': 'This file does not exist or has been deleted.',
  },
  'uploads.imageUnavailable': {
    'zh-CN': '图片（文件编号 {id}）不存在、尚未上传完成或无权使用，请重新插入图片',
    'zh-TW': '圖片（檔案編號 {id}）不存在、尚未上傳完成或無權使用，請重新插入圖片',
    'en-US':
      'Picture {id} does not exist, has not finished uploading, or is not yours to use. Insert the picture again.',
  },
  'uploads.deleted': {
    'zh-CN': '文件已删除',
    'zh-TW': '檔案已刪除',
    'en-US': 'The file has been deleted.',
  },
  'uploads.fileRequired': {
    'zh-CN': '请选择要上传的文件',
    'zh-TW': '請選擇要上傳的檔案',
    'en-US': 'Choose a file to upload.',
  },
  'uploads.nameRequired': {
    'zh-CN': '请提供文件名',
    'zh-TW': '請提供檔案名稱',
    'en-US': 'Give the file a name.',
  },
  'uploads.nameTooLong': {
    'zh-CN': '文件名不能超过 {maximum} 个字符',
    'zh-TW': '檔案名稱不能超過 {maximum} 個字元',
    'en-US': 'The file name can have at most {maximum} characters.',
  },
  'uploads.sizeRequired': {
    'zh-CN': '请提供文件大小（字节）',
    'zh-TW': '請提供檔案大小（位元組）',
    'en-US': 'Give the file size in bytes.',
  },
  'uploads.parentIdRequired': {
    'zh-CN': '请提供所属对象的编号',
    'zh-TW': '請提供所屬物件的編號',
    'en-US': 'Give the id of what the file belongs to.',
  },
  'uploads.parentNotFound': {
    'zh-CN': '文件所属的对象不存在',
    'zh-TW': '檔案所屬的物件不存在',
    'en-US': 'What this file should belong to does not exist.',
  },
  'uploads.tooLarge': {
    'zh-CN': '文件不能超过 {maximum}',
    'zh-TW': '檔案不能超過 {maximum}',
    'en-US': 'The file can be at most {maximum}.',
  },
  'uploads.executableRefused': {
    'zh-CN': '不允许上传可执行程序或安装包',
    'zh-TW': '不允許上傳可執行程式或安裝檔',
    'en-US': 'Programs and installers cannot be uploaded.',
  },
  'uploads.extensionMismatch': {
    'zh-CN': '文件内容与扩展名“.{extension}”不符',
    'zh-TW': '檔案內容與副檔名「.{extension}」不符',
    'en-US': 'The file content does not match its ".{extension}" extension.',
  },
  'uploads.typeUnrecognised': {
    'zh-CN': '无法识别该文件的类型',
    'zh-TW': '無法識別該檔案的類型',
    'en-US': 'The type of this file could not be recognised.',
  },
  'uploads.textNotUtf8': {
    'zh-CN': '文本文件须为 UTF-8 编码',
    'zh-TW': '文字檔須為 UTF-8 編碼',
    'en-US': 'Text files must be encoded in UTF-8.',
  },
  'uploads.sizeMismatch': {
    'zh-CN': '收到的文件大小与声明的 {declared} 字节不一致',
    'zh-TW': '收到的檔案大小與宣告的 {declared} 位元組不一致',
    'en-US': 'The bytes received do not match the declared size of {declared} bytes.',
  },
  'uploads.multipartMalformed': {
    'zh-CN': '上传的表单格式不正确',
    'zh-TW': '上傳的表單格式不正確',
    'en-US': 'The upload form is malformed.',
  },
  'uploads.transferFailed': {
    'zh-CN': '文件传输中断，请重新上传',
    'zh-TW': '檔案傳輸中斷，請重新上傳',
    'en-US': 'The file transfer was interrupted. Please upload it again.',
  },
  'uploads.octetStreamRequired': {
    'zh-CN': '请以 application/octet-stream 或含 file 字段的表单发送文件内容',
    'zh-TW': '請以 application/octet-stream 或含 file 欄位的表單傳送檔案內容',
    'en-US': 'Send the file content as application/octet-stream or as a form with a file field.',
  },
  'uploads.notReady': {
    'zh-CN': '文件还没有上传完成',
    'zh-TW': '檔案還沒有上傳完成',
    'en-US': 'The file has not finished uploading.',
  },
  'uploads.notUploader': {
    'zh-CN': '只有上传者可以执行此操作',
    'zh-TW': '只有上傳者可以執行此操作',
    'en-US': 'Only the uploader can do this.',
  },
  'uploads.contentAlreadySent': {
    'zh-CN': '该文件的内容已经上传',
    'zh-TW': '該檔案的內容已經上傳',
    'en-US': 'The content of this file has already been sent.',
  },
  'uploads.downloadNotAllowed': {
    'zh-CN': '该文件不允许下载',
    'zh-TW': '該檔案不允許下載',
    'en-US': 'This file may not be downloaded.',
  },
  'uploads.parentHidden': {
    'zh-CN': '你无法查看该文件所在的活动',
    'zh-TW': '你無法檢視該檔案所在的活動',
    'en-US': 'You cannot see the activity this file belongs to.',
  },
  'uploads.previewUnsupported': {
    'zh-CN': '该类型的文件无法在线预览，请下载后查看',
    'zh-TW': '該類型的檔案無法線上預覽，請下載後檢視',
    'en-US': 'Files of this type cannot be previewed online. Download the file to view it.',
  },
  'uploads.previewUnavailable': {
    'zh-CN': '服务器未安装 LibreOffice，暂时无法预览 Office 文档，请下载后查看',
    'zh-TW': '伺服器未安裝 LibreOffice，暫時無法預覽 Office 文件，請下載後檢視',
    'en-US':
      'Office documents cannot be previewed because LibreOffice is not installed on the server. Download the file to view it.',
  },
  'uploads.previewFailed': {
    'zh-CN': '该文档无法转换为 PDF 预览，请下载后查看',
    'zh-TW': '該文件無法轉換為 PDF 預覽，請下載後檢視',
    'en-US': 'This document could not be converted to a PDF preview. Download the file to view it.',
  },
  'uploads.zipIdsInvalid': {
    'zh-CN': '请选择 1 到 2000 个要打包下载的文件',
    'zh-TW': '請選擇 1 到 2000 個要打包下載的檔案',
    'en-US': 'Choose between 1 and 2000 files to download as a zip.',
  },
  'uploads.zipTimezoneInvalid': {
    'zh-CN': '无法识别的时区',
    'zh-TW': '無法辨識的時區',
    'en-US': 'This time zone is not recognised.',
  },
  'uploads.zipNotAllowed': {
    'zh-CN': '所选文件中有您无权下载的文件，未生成压缩包',
    'zh-TW': '所選檔案中有您無權下載的檔案，未產生壓縮檔',
    'en-US': 'Some of the chosen files may not be downloaded by you, so no zip was made.',
  },
} as const satisfies Record<`uploads.${string}`, Localized>;
