import type { Localized } from '../common/messages.ts';

/** Server messages of the identity domain, in every UI locale. Keys are stable; wording may change. */
export const identityMessages = {
  'identity.loginRequired': {
    'zh-CN': '请输入学号/工号或邮箱',
    'zh-TW': '請輸入學號/工號或電子郵件',
    'en-US': 'Enter your user number or e-mail.',
  },
  'identity.passwordRequired': {
    'zh-CN': '请输入密码',
    'zh-TW': '請輸入密碼',
    'en-US': 'Enter your password.',
  },
  'identity.passwordTooShort': {
    'zh-CN': '密码至少 {minimum} 位',
    'zh-TW': '密碼至少 {minimum} 位',
    'en-US': 'The password needs at least {minimum} characters.',
  },
  'identity.userNoRequired': {
    'zh-CN': '请输入学号/工号',
    'zh-TW': '請輸入學號/工號',
    'en-US': 'Enter a user number.',
  },
  'identity.nameRequired': {
    'zh-CN': '请输入姓名',
    'zh-TW': '請輸入姓名',
    'en-US': 'Enter a name.',
  },
  'identity.emailInvalid': {
    'zh-CN': '邮箱格式不正确',
    'zh-TW': '電子郵件格式不正確',
    'en-US': 'This is not a valid e-mail address.',
  },
  'identity.userNoTaken': {
    'zh-CN': '学号/工号“{user_no}”已被使用',
    'zh-TW': '學號/工號「{user_no}」已被使用',
    'en-US': 'User number "{user_no}" is already taken.',
  },
  'identity.emailTaken': {
    'zh-CN': '邮箱“{email}”已被使用',
    'zh-TW': '電子郵件「{email}」已被使用',
    'en-US': 'E-mail "{email}" is already taken.',
  },
  'identity.departmentUnknown': {
    'zh-CN': '院系“{department}”不存在',
    'zh-TW': '院系「{department}」不存在',
    'en-US': 'Department "{department}" does not exist.',
  },
  'identity.roleInvalid': {
    'zh-CN': '角色必须是 admin 或 member',
    'zh-TW': '角色必須是 admin 或 member',
    'en-US': 'Role must be admin or member.',
  },
  'identity.csvEmpty': {
    'zh-CN': 'CSV 文件为空',
    'zh-TW': 'CSV 檔案為空',
    'en-US': 'The CSV file is empty.',
  },
  'identity.csvHeader': {
    'zh-CN': 'CSV 第一行必须是表头，且包含 user_no 和 name 列',
    'zh-TW': 'CSV 第一行必須是表頭，且包含 user_no 和 name 欄',
    'en-US': 'The first CSV line must be a header with at least user_no and name columns.',
  },
  'identity.csvMalformed': {
    'zh-CN': 'CSV 格式错误：{detail}',
    'zh-TW': 'CSV 格式錯誤：{detail}',
    'en-US': 'The CSV could not be read: {detail}',
  },
  'identity.csvTooManyRows': {
    'zh-CN': '一次最多导入 {maximum} 行',
    'zh-TW': '一次最多匯入 {maximum} 行',
    'en-US': 'At most {maximum} rows can be imported at once.',
  },
  'identity.csvDuplicateRow': {
    'zh-CN': '与第 {row} 行重复',
    'zh-TW': '與第 {row} 行重複',
    'en-US': 'Duplicates row {row}.',
  },
  'identity.csvRowsInvalid': {
    'zh-CN': '有 {count} 行数据有误，未导入任何用户',
    'zh-TW': '有 {count} 行資料有誤，未匯入任何使用者',
    'en-US': '{count} rows have errors; no users were imported.',
  },
  'identity.cannotDeactivateSelf': {
    'zh-CN': '不能停用自己的账号',
    'zh-TW': '不能停用自己的帳號',
    'en-US': 'You cannot deactivate your own account.',
  },
  'identity.cannotDemoteSelf': {
    'zh-CN': '不能取消自己的管理员角色',
    'zh-TW': '不能取消自己的管理員角色',
    'en-US': 'You cannot remove your own administrator role.',
  },
  'identity.userNotFound': {
    'zh-CN': '用户不存在',
    'zh-TW': '使用者不存在',
    'en-US': 'User not found.',
  },
  'identity.accountLockedMinutes': {
    'zh-CN': '该账号登录失败次数过多，已被暂时锁定，请 {minutes} 分钟后再试',
    'zh-TW': '該帳號登入失敗次數過多，已被暫時鎖定，請 {minutes} 分鐘後再試',
    'en-US': 'Too many failed sign-ins for this account. It is locked; try again in {minutes} min.',
  },
  'identity.accountWaitSeconds': {
    'zh-CN': '该账号登录失败次数过多，请 {seconds} 秒后再试',
    'zh-TW': '該帳號登入失敗次數過多，請 {seconds} 秒後再試',
    'en-US': 'Too many failed sign-ins for this account. Try again in {seconds} s.',
  },
  'identity.addressBusy': {
    'zh-CN': '你所在网络同时登录的人数过多，请稍等片刻再试',
    'zh-TW': '你所在網路同時登入的人數過多，請稍候片刻再試',
    'en-US': 'Too many sign-ins from your network at once. Please try again in a moment.',
  },
  'identity.addressThrottledMinutes': {
    'zh-CN': '你所在网络的登录失败次数过多，请 {minutes} 分钟后再试',
    'zh-TW': '你所在網路的登入失敗次數過多，請 {minutes} 分鐘後再試',
    'en-US': 'Too many failed sign-ins from your network. Try again in {minutes} min.',
  },
  'identity.accessTokenInvalid': {
    'zh-CN': '访问令牌无效、已过期或已被撤销',
    'zh-TW': '存取權杖無效、已過期或已被撤銷',
    'en-US': 'This access token is invalid, expired or revoked.',
  },
  'identity.accessTokenReadOnly': {
    'zh-CN': '该访问令牌为只读，不能进行修改操作',
    'zh-TW': '該存取權杖為唯讀，不能進行修改操作',
    'en-US': 'This access token is read-only and cannot make changes.',
  },
  'identity.accessTokenSessionOnly': {
    'zh-CN': '此操作不能使用访问令牌，请登录 Lectern 网页后操作',
    'zh-TW': '此操作不能使用存取權杖，請登入 Lectern 網頁後操作',
    'en-US': 'Access tokens cannot be used for this. Please sign in to Lectern in your browser.',
  },
  'identity.accessTokenNameRequired': {
    'zh-CN': '请输入令牌名称',
    'zh-TW': '請輸入權杖名稱',
    'en-US': 'Enter a name for the token.',
  },
  'identity.accessTokenNameTooLong': {
    'zh-CN': '令牌名称不能超过 {maximum} 个字符',
    'zh-TW': '權杖名稱不能超過 {maximum} 個字元',
    'en-US': 'The name can have at most {maximum} characters.',
  },
  'identity.accessTokenExpiryPast': {
    'zh-CN': '过期时间必须晚于现在',
    'zh-TW': '過期時間必須晚於現在',
    'en-US': 'The expiry must be in the future.',
  },
  'identity.accessTokensTooMany': {
    'zh-CN': '访问令牌已达上限（{maximum} 个），请先撤销不再使用的令牌',
    'zh-TW': '存取權杖已達上限（{maximum} 個），請先撤銷不再使用的權杖',
    'en-US': 'You already have {maximum} access tokens. Revoke the ones you no longer use first.',
  },
} as const satisfies Record<`identity.${string}`, Localized>;
