import type { Localized } from '../common/messages.ts';

/** Server messages of the courses domain, in every UI locale. Keys are stable; wording may change. */
export const coursesMessages = {
  // Request validation (named by course.schemas.ts)
  'courses.nameRequired': {
    'zh-CN': '请输入课程名称',
    'zh-TW': '請輸入課程名稱',
    'en-US': 'Enter a course name.',
  },
  'courses.textTooLong': {
    'zh-CN': '最多 {maximum} 个字符',
    'zh-TW': '最多 {maximum} 個字元',
    'en-US': 'At most {maximum} characters.',
  },
  'courses.coverUrlInvalid': {
    'zh-CN': '封面地址必须以 http:// 或 https:// 开头，或是本站上传的图片',
    'zh-TW': '封面網址必須以 http:// 或 https:// 開頭，或是本站上傳的圖片',
    'en-US': 'The cover must be an http:// or https:// address, or a picture uploaded here.',
  },
  'courses.dateInvalid': {
    'zh-CN': '日期格式应为 YYYY-MM-DD',
    'zh-TW': '日期格式應為 YYYY-MM-DD',
    'en-US': 'Use a date in the form YYYY-MM-DD.',
  },
  'courses.moduleNameRequired': {
    'zh-CN': '请输入章节名称',
    'zh-TW': '請輸入章節名稱',
    'en-US': 'Enter a module name.',
  },
  'courses.syllabusSummaryRequired': {
    'zh-CN': '请输入小节名称',
    'zh-TW': '請輸入小節名稱',
    'en-US': 'Enter a syllabus title.',
  },
  'courses.sortIdsRequired': {
    'zh-CN': '请提供排序后的列表',
    'zh-TW': '請提供排序後的清單',
    'en-US': 'Give the items in their new order.',
  },
  'courses.rolesRequired': {
    'zh-CN': '请至少选择一个课程角色',
    'zh-TW': '請至少選擇一個課程角色',
    'en-US': 'Choose at least one course role.',
  },
  'courses.membersRequired': {
    'zh-CN': '请选择要添加的成员',
    'zh-TW': '請選擇要新增的成員',
    'en-US': 'Choose the people to add.',
  },
  'courses.groupSetNameRequired': {
    'zh-CN': '请输入分组方案名称',
    'zh-TW': '請輸入分組方案名稱',
    'en-US': 'Enter a group set name.',
  },
  'courses.groupNameRequired': {
    'zh-CN': '请输入小组名称',
    'zh-TW': '請輸入小組名稱',
    'en-US': 'Enter a group name.',
  },

  // Courses
  'courses.createNotAllowed': {
    'zh-CN': '只有管理员或已任教的教师可以创建课程',
    'zh-TW': '只有管理員或已任教的教師可以建立課程',
    'en-US': 'Only administrators and instructors of a course can create courses.',
  },
  'courses.deleteNotAllowed': {
    'zh-CN': '只有课程负责人或管理员可以删除课程',
    'zh-TW': '只有課程負責人或管理員可以刪除課程',
    'en-US': 'Only the chief instructor or an administrator can delete this course.',
  },
  'courses.academicYearUnknown': {
    'zh-CN': '学年不存在',
    'zh-TW': '學年不存在',
    'en-US': 'This academic year does not exist.',
  },
  'courses.semesterUnknown': {
    'zh-CN': '学期不存在',
    'zh-TW': '學期不存在',
    'en-US': 'This semester does not exist.',
  },
  'courses.semesterNotInAcademicYear': {
    'zh-CN': '该学期不属于所选学年',
    'zh-TW': '該學期不屬於所選學年',
    'en-US': 'This semester does not belong to the chosen academic year.',
  },
  'courses.departmentUnknown': {
    'zh-CN': '院系不存在',
    'zh-TW': '院系不存在',
    'en-US': 'This department does not exist.',
  },
  'courses.endBeforeStart': {
    'zh-CN': '结束日期不能早于开始日期',
    'zh-TW': '結束日期不能早於開始日期',
    'en-US': 'The end date cannot be before the start date.',
  },
  'courses.simulateNotAllowed': {
    'zh-CN': '只有教学团队成员可以模拟学生视角',
    'zh-TW': '只有教學團隊成員可以模擬學生視角',
    'en-US': 'Only the teaching team can view the course as a student.',
  },

  // Modules and syllabi
  'courses.moduleNotFound': {
    'zh-CN': '章节不存在',
    'zh-TW': '章節不存在',
    'en-US': 'Module not found.',
  },
  'courses.moduleNotInCourse': {
    'zh-CN': '该章节不属于本课程',
    'zh-TW': '該章節不屬於本課程',
    'en-US': 'This module does not belong to the course.',
  },
  'courses.syllabusNotFound': {
    'zh-CN': '小节不存在',
    'zh-TW': '小節不存在',
    'en-US': 'Syllabus not found.',
  },
  'courses.sortIdsInvalid': {
    'zh-CN': '排序列表包含重复或不属于此处的项目',
    'zh-TW': '排序清單包含重複或不屬於此處的項目',
    'en-US': 'The order lists items twice or items that do not belong here.',
  },

  // Members
  'courses.memberNotFound': {
    'zh-CN': '该用户不是课程成员',
    'zh-TW': '該使用者不是課程成員',
    'en-US': 'This person is not a member of the course.',
  },
  'courses.usersNotInOrg': {
    'zh-CN': '以下用户不存在：{ids}',
    'zh-TW': '以下使用者不存在：{ids}',
    'en-US': 'These users do not exist: {ids}.',
  },
  'courses.chiefInstructorCannotBeRemoved': {
    'zh-CN': '不能移除课程负责人',
    'zh-TW': '不能移除課程負責人',
    'en-US': 'The chief instructor cannot be removed from the course.',
  },
  'courses.chiefInstructorKeepsInstructorRole': {
    'zh-CN': '课程负责人必须保留教师角色',
    'zh-TW': '課程負責人必須保留教師角色',
    'en-US': 'The chief instructor must keep the instructor role.',
  },

  // Group sets and groups
  'courses.groupSetNotFound': {
    'zh-CN': '分组方案不存在',
    'zh-TW': '分組方案不存在',
    'en-US': 'Group set not found.',
  },
  'courses.groupNotFound': {
    'zh-CN': '小组不存在',
    'zh-TW': '小組不存在',
    'en-US': 'Group not found.',
  },
  'courses.groupMembersNotStudents': {
    'zh-CN': '小组成员必须是本课程的学生（不符合的用户：{ids}）',
    'zh-TW': '小組成員必須是本課程的學生（不符合的使用者：{ids}）',
    'en-US': 'Group members must be students of the course (not students: {ids}).',
  },
  'courses.groupLeadersNotMembers': {
    'zh-CN': '组长必须是该小组的成员',
    'zh-TW': '組長必須是該小組的成員',
    'en-US': 'Group leaders must be members of the group.',
  },
  // Recycle bin (decision 0015)
  'courses.recycleBinItemNotFound': {
    'zh-CN': '回收站中没有这一项，可能已被恢复或永久删除',
    'zh-TW': '回收站中沒有這一項，可能已被還原或永久刪除',
    'en-US': 'This item is not in the recycle bin; it may have been restored or deleted for good.',
  },
  'courses.recycleBinInstructorsOnly': {
    'zh-CN': '只有课程教师可以管理回收站',
    'zh-TW': '只有課程教師可以管理回收站',
    'en-US': 'Only the course instructors may manage the recycle bin.',
  },
  'courses.restoreModuleFirst': {
    'zh-CN': '所在章节“{module}”仍在回收站中，请先恢复该章节',
    'zh-TW': '所在章節「{module}」仍在回收站中，請先還原該章節',
    'en-US': 'Its module "{module}" is still in the recycle bin; restore the module first.',
  },
  'courses.purged': {
    'zh-CN': '已永久删除',
    'zh-TW': '已永久刪除',
    'en-US': 'Deleted for good.',
  },
  'courses.restored': {
    'zh-CN': '已恢复',
    'zh-TW': '已還原',
    'en-US': 'Restored.',
  },
} as const satisfies Record<`courses.${string}`, Localized>;
