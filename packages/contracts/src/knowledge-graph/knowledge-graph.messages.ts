import type { Localized } from '../common/messages.ts';

/** Server messages of the knowledge graph, in every UI locale. */
export const knowledgeGraphMessages = {
  'knowledgeGraph.nodeNotFound': {
    'zh-CN': '知识点不存在',
    'zh-TW': '知識點不存在',
    'en-US': 'This knowledge node does not exist.',
  },
  'knowledgeGraph.nodeNotInCourse': {
    'zh-CN': '所选知识点不属于本课程的知识图谱',
    'zh-TW': '所選知識點不屬於本課程的知識圖譜',
    'en-US': 'A chosen knowledge node is not part of this course’s knowledge graph.',
  },
  'knowledgeGraph.notPublished': {
    'zh-CN': '该课程的知识图谱尚未发布',
    'zh-TW': '該課程的知識圖譜尚未發佈',
    'en-US': 'The knowledge graph of this course is not published yet.',
  },
  'knowledgeGraph.nameRequired': {
    'zh-CN': '请输入知识点名称',
    'zh-TW': '請輸入知識點名稱',
    'en-US': 'Enter a name for the knowledge node.',
  },
  'knowledgeGraph.nameTooLong': {
    'zh-CN': '知识点名称不能超过 100 个字符',
    'zh-TW': '知識點名稱不能超過 100 個字元',
    'en-US': 'A knowledge node name has at most 100 characters.',
  },
  'knowledgeGraph.descriptionTooLong': {
    'zh-CN': '描述不能超过 2000 个字符',
    'zh-TW': '描述不能超過 2000 個字元',
    'en-US': 'The description has at most 2000 characters.',
  },
  'knowledgeGraph.nodeKeyInvalid': {
    'zh-CN': '知识点标识须为 1 到 64 个字符',
    'zh-TW': '知識點標識須為 1 到 64 個字元',
    'en-US': 'A node key has 1 to 64 characters.',
  },
  'knowledgeGraph.nodeKeyTaken': {
    'zh-CN': '本课程已有相同标识的知识点',
    'zh-TW': '本課程已有相同標識的知識點',
    'en-US': 'Another knowledge node of this course has this key.',
  },
  'knowledgeGraph.bloomLevelInvalid': {
    'zh-CN': '布鲁姆层级须为记忆、理解、应用、分析、评价或创造',
    'zh-TW': '布魯姆層級須為記憶、理解、應用、分析、評鑑或創造',
    'en-US': 'The Bloom level must be remember, understand, apply, analyze, evaluate or create.',
  },
  'knowledgeGraph.parentInvalid': {
    'zh-CN': '上级知识点须是本课程的知识点',
    'zh-TW': '上級知識點須是本課程的知識點',
    'en-US': 'The parent must be a knowledge node of this course.',
  },
  'knowledgeGraph.moveCycle': {
    'zh-CN': '不能把知识点移动到它自己或它的下级之下',
    'zh-TW': '不能把知識點移動到它自己或它的下級之下',
    'en-US': 'A knowledge node cannot move under itself or one of its descendants.',
  },
  'knowledgeGraph.tooManyNodes': {
    'zh-CN': '一门课程最多 {max} 个知识点',
    'zh-TW': '一門課程最多 {max} 個知識點',
    'en-US': 'A course has at most {max} knowledge nodes.',
  },
  'knowledgeGraph.nodeIdsRequired': {
    'zh-CN': '请选择本课程的知识点',
    'zh-TW': '請選擇本課程的知識點',
    'en-US': 'Choose knowledge nodes of this course.',
  },
  'knowledgeGraph.tooMany': {
    'zh-CN': '一次最多 500 项',
    'zh-TW': '一次最多 500 項',
    'en-US': 'At most 500 items at a time.',
  },
  'knowledgeGraph.relationTypeInvalid': {
    'zh-CN': '关系类型须为有向或无向',
    'zh-TW': '關係類型須為有向或無向',
    'en-US': 'The relation type must be directed or undirected.',
  },
  'knowledgeGraph.relationEndInvalid': {
    'zh-CN': '关系两端须是本课程的知识点',
    'zh-TW': '關係兩端須是本課程的知識點',
    'en-US': 'Both ends of a relation must be knowledge nodes of this course.',
  },
  'knowledgeGraph.relationSelf': {
    'zh-CN': '知识点不能与自己建立关系',
    'zh-TW': '知識點不能與自己建立關係',
    'en-US': 'A knowledge node cannot be related to itself.',
  },
  'knowledgeGraph.relationExists': {
    'zh-CN': '这两个知识点之间已有关系',
    'zh-TW': '這兩個知識點之間已有關係',
    'en-US': 'These two knowledge nodes are already related.',
  },
  'knowledgeGraph.relationNotFound': {
    'zh-CN': '知识点关系不存在',
    'zh-TW': '知識點關係不存在',
    'en-US': 'This relation does not exist.',
  },
  'knowledgeGraph.relationIdsRequired': {
    'zh-CN': '请选择要删除的关系',
    'zh-TW': '請選擇要刪除的關係',
    'en-US': 'Choose the relations to delete.',
  },
  'knowledgeGraph.referTypeInvalid': {
    'zh-CN': '引用类型须为活动、文件或题目',
    'zh-TW': '引用類型須為活動、檔案或題目',
    'en-US': 'A reference is to an activity, a file or a question.',
  },
  'knowledgeGraph.referencesRequired': {
    'zh-CN': '请选择要关联的内容',
    'zh-TW': '請選擇要關聯的內容',
    'en-US': 'Choose what to link.',
  },
  'knowledgeGraph.referenceNotInCourse': {
    'zh-CN': '只能关联本课程的活动、文件和题目',
    'zh-TW': '只能關聯本課程的活動、檔案和題目',
    'en-US': 'Only activities, files and questions of this course can be linked.',
  },
  'knowledgeGraph.referenceNotFound': {
    'zh-CN': '关联不存在',
    'zh-TW': '關聯不存在',
    'en-US': 'This link does not exist.',
  },
  'knowledgeGraph.chapterInvalid': {
    'zh-CN': '片段标识须为 1 到 64 个字符',
    'zh-TW': '片段標識須為 1 到 64 個字元',
    'en-US': 'A fragment id has 1 to 64 characters.',
  },
  'knowledgeGraph.fragmentTitleTooLong': {
    'zh-CN': '片段标题不能超过 200 个字符',
    'zh-TW': '片段標題不能超過 200 個字元',
    'en-US': 'A fragment title has at most 200 characters.',
  },
  'knowledgeGraph.fragmentNodeNotLinked': {
    'zh-CN': '片段所属的知识点须在所选知识点中',
    'zh-TW': '片段所屬的知識點須在所選知識點中',
    'en-US': 'A fragment’s knowledge node must be one of the chosen nodes.',
  },
  'knowledgeGraph.fragmentRange': {
    'zh-CN': '片段的结束时间须晚于开始时间',
    'zh-TW': '片段的結束時間須晚於開始時間',
    'en-US': 'A fragment ends after it starts.',
  },
  'knowledgeGraph.objectiveRequired': {
    'zh-CN': '请输入教学目标',
    'zh-TW': '請輸入教學目標',
    'en-US': 'Enter the teaching objective.',
  },
  'knowledgeGraph.objectiveTooLong': {
    'zh-CN': '教学目标不能超过 500 个字符',
    'zh-TW': '教學目標不能超過 500 個字元',
    'en-US': 'A teaching objective has at most 500 characters.',
  },
  'knowledgeGraph.objectiveNotFound': {
    'zh-CN': '教学目标不存在',
    'zh-TW': '教學目標不存在',
    'en-US': 'This teaching objective does not exist.',
  },
  'knowledgeGraph.objectiveIdsRequired': {
    'zh-CN': '请选择要删除的教学目标',
    'zh-TW': '請選擇要刪除的教學目標',
    'en-US': 'Choose the teaching objectives to delete.',
  },
  'knowledgeGraph.tooManyObjectives': {
    'zh-CN': '一门课程最多 {max} 个教学目标',
    'zh-TW': '一門課程最多 {max} 個教學目標',
    'en-US': 'A course has at most {max} teaching objectives.',
  },
  'knowledgeGraph.publishTypeInvalid': {
    'zh-CN': '发布类型须为发布或取消发布',
    'zh-TW': '發佈類型須為發佈或取消發佈',
    'en-US': 'The publish type must be publish or unpublish.',
  },
  'knowledgeGraph.snapshotNotFound': {
    'zh-CN': '图谱快照不存在',
    'zh-TW': '圖譜快照不存在',
    'en-US': 'This graph snapshot does not exist.',
  },
  'knowledgeGraph.captureNotFound': {
    'zh-CN': '收藏不存在',
    'zh-TW': '收藏不存在',
    'en-US': 'This capture does not exist.',
  },
  'knowledgeGraph.captureTitleTooLong': {
    'zh-CN': '收藏标题不能超过 200 个字符',
    'zh-TW': '收藏標題不能超過 200 個字元',
    'en-US': 'A capture title has at most 200 characters.',
  },
  'knowledgeGraph.captureNoteTooLong': {
    'zh-CN': '收藏备注不能超过 2000 个字符',
    'zh-TW': '收藏備註不能超過 2000 個字元',
    'en-US': 'A capture note has at most 2000 characters.',
  },
  'knowledgeGraph.resourceNotReferenced': {
    'zh-CN': '该内容未关联到此知识点',
    'zh-TW': '該內容未關聯到此知識點',
    'en-US': 'This resource is not linked to the knowledge node.',
  },
} as const satisfies Record<`knowledgeGraph.${string}`, Localized>;
