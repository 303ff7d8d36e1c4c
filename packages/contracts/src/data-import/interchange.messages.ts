import type { Localized } from '../common/messages.ts';

/**
 * Messages of the Moodle XML, GIFT and Aiken readers, in every UI locale. Keys are stable. `{question}`
 * is a question's name as the file gives it (or `interchange.questionNumber`), `{questions}` a list of
 * them, `{line}` a line number of the file.
 */
export const interchangeMessages = {
  'interchange.questionNumber': {
    'zh-CN': '第 {number} 题',
    'zh-TW': '第 {number} 題',
    'en-US': 'question {number}',
  },
  'interchange.typeNotInTextFormat': {
    'zh-CN': '{count} 道匹配题或段落说明无法通过导入页导入，已跳过；请导入后在题目编辑器中添加',
    'zh-TW': '{count} 道配對題或段落說明無法透過匯入頁匯入，已略過；請匯入後在題目編輯器中新增',
    'en-US':
      '{count} matching questions or text blocks cannot go through the import page and were skipped; add them in the question editor after importing.',
  },
  'interchange.imagePlaceholder': {
    'zh-CN': '[图片：{name}]',
    'zh-TW': '[圖片：{name}]',
    'en-US': '[image: {name}]',
  },
  'interchange.imagesDropped': {
    'zh-CN': '文件中嵌入的图片没有导入，已在原位置显示为“[图片：文件名]”，请导入后重新插入图片',
    'zh-TW': '檔案中嵌入的圖片沒有匯入，已在原位置顯示為「[圖片：檔名]」，請匯入後重新插入圖片',
    'en-US':
      'Images embedded in the file are not imported; each shows as "[image: file name]" where it was. Insert the pictures again after importing.',
  },
  'interchange.feedbackDropped': {
    'zh-CN': '选项的反馈没有导入（{questions}）',
    'zh-TW': '選項的回饋沒有匯入（{questions}）',
    'en-US': 'Feedback on individual answers is not imported ({questions}).',
  },
  'interchange.nameShortened': {
    'zh-CN': '题目名称超过 {maximum} 个字符，备注中只保留了前 {maximum} 个字符：{name}',
    'zh-TW': '題目名稱超過 {maximum} 個字元，備註中只保留了前 {maximum} 個字元：{name}',
    'en-US':
      'The question name is longer than {maximum} characters; the note keeps its first {maximum}: {name}',
  },
  'interchange.partialAnswersDropped': {
    'zh-CN':
      '“{question}”中只得部分分的答案没有导入：{answers}。填空只接受完全正确的答案，这些答案导入后不得分',
    'zh-TW':
      '「{question}」中只得部分分的答案沒有匯入：{answers}。填空只接受完全正確的答案，這些答案匯入後不得分',
    'en-US':
      '"{question}": answers worth partial credit are not imported: {answers}. A blank accepts only fully correct answers, so these score nothing after import.',
  },
  'interchange.xmlUnreadable': {
    'zh-CN': '无法读取这个 Moodle XML 文件（第 {line} 行附近有错误），文件可能已损坏',
    'zh-TW': '無法讀取這個 Moodle XML 檔案（第 {line} 行附近有錯誤），檔案可能已損毀',
    'en-US': 'This Moodle XML file cannot be read (error near line {line}); the file may be damaged.',
  },
  'interchange.xmlNotQuiz': {
    'zh-CN': '这不是 Moodle XML 题目文件：最外层应为 <quiz>',
    'zh-TW': '這不是 Moodle XML 題目檔案：最外層應為 <quiz>',
    'en-US': 'This is not a Moodle XML question file: its outer element should be <quiz>.',
  },
  'interchange.typeUnsupported': {
    'zh-CN': '“{question}”没有导入：不支持 Moodle 题型“{type}”',
    'zh-TW': '「{question}」沒有匯入：不支援 Moodle 題型「{type}」',
    'en-US': '"{question}" is not imported: the Moodle question type "{type}" is not supported.',
  },
  'interchange.clozeUnsupported': {
    'zh-CN': '“{question}”没有导入：嵌入式答案（完形）题只能导入填空和数值空，不能导入嵌入的选择题',
    'zh-TW': '「{question}」沒有匯入：嵌入式答案（克漏字）題只能匯入填空和數值空，不能匯入嵌入的選擇題',
    'en-US':
      '"{question}" is not imported: from an embedded answers (Cloze) question only short answer and numerical gaps can be imported, not embedded choices.',
  },
  'interchange.clozeGapInvalid': {
    'zh-CN': '“{question}”的嵌入答案 {gap} 无效（如数值空的答案不是数字），该空没有答案，请在预览前补上',
    'zh-TW': '「{question}」的嵌入答案 {gap} 無效（如數值空的答案不是數字），該空沒有答案，請在預覽前補上',
    'en-US':
      '"{question}": the embedded answer {gap} is invalid (a numerical gap whose answer is not a number, say); that gap has no answer until you give one.',
  },
  'interchange.answersUnreadable': {
    'zh-CN': '“{question}”没有导入：无法读取它的答案',
    'zh-TW': '「{question}」沒有匯入：無法讀取它的答案',
    'en-US': '"{question}" is not imported: its answers cannot be read.',
  },
  'interchange.giftUnclosed': {
    'zh-CN': '第 {line} 行：答案的“{”没有对应的“}”，这道题没有导入',
    'zh-TW': '第 {line} 行：答案的「{」沒有對應的「}」，這道題沒有匯入',
    'en-US': 'Line {line}: the answers\' "{" has no closing "}"; this question is not imported.',
  },
  'interchange.giftNoAnswers': {
    'zh-CN': '第 {line} 行：这道题没有用“{…}”写出答案，没有导入',
    'zh-TW': '第 {line} 行：這道題沒有用「{…}」寫出答案，沒有匯入',
    'en-US': 'Line {line}: this question has no answers in "{…}"; it is not imported.',
  },
  'interchange.giftAnswersInvalid': {
    'zh-CN': '第 {line} 行：无法读取这道题的答案（{answers}），没有导入',
    'zh-TW': '第 {line} 行：無法讀取這道題的答案（{answers}），沒有匯入',
    'en-US': 'Line {line}: the answers of this question ({answers}) cannot be read; it is not imported.',
  },
  'interchange.aikenStemMissing': {
    'zh-CN': '第 {line} 行：选项前面没有题目内容，这道题没有导入',
    'zh-TW': '第 {line} 行：選項前面沒有題目內容，這道題沒有匯入',
    'en-US': 'Line {line}: an option comes before any question text; this question is not imported.',
  },
  'interchange.aikenOptionOrder': {
    'zh-CN': '第 {line} 行：这里应是选项 {expected}，却是 {letter}，这道题没有导入',
    'zh-TW': '第 {line} 行：這裡應是選項 {expected}，卻是 {letter}，這道題沒有匯入',
    'en-US':
      'Line {line}: option {letter} found where option {expected} was expected; this question is not imported.',
  },
  'interchange.aikenOptionsMissing': {
    'zh-CN': '第 {line} 行：这道题至少需要两个选项（A. 或 A) 开头），没有导入',
    'zh-TW': '第 {line} 行：這道題至少需要兩個選項（A. 或 A) 開頭），沒有匯入',
    'en-US':
      'Line {line}: this question needs at least two options (starting with A. or A)); it is not imported.',
  },
  'interchange.aikenAnswerMissing': {
    'zh-CN': '第 {line} 行：这道题缺少“ANSWER: 字母”一行，没有导入',
    'zh-TW': '第 {line} 行：這道題缺少「ANSWER: 字母」一行，沒有匯入',
    'en-US': 'Line {line}: this question has no "ANSWER: letter" line; it is not imported.',
  },
  'interchange.aikenAnswerMissingKept': {
    'zh-CN': '文件第 {line} 行起的这道题缺少“ANSWER: 字母”一行：请在保存前补上正确答案',
    'zh-TW': '檔案第 {line} 行起的這道題缺少「ANSWER: 字母」一行：請在儲存前補上正確答案',
    'en-US':
      'This question (from line {line} of the file) has no "ANSWER: letter" line: add its answer before saving.',
  },
  'interchange.aikenAnswerInvalidKept': {
    'zh-CN': '文件第 {line} 行：答案“{answer}”不是这道题的一个选项：请在保存前补上正确答案',
    'zh-TW': '檔案第 {line} 行：答案「{answer}」不是這道題的一個選項：請在儲存前補上正確答案',
    'en-US':
      'Line {line} of the file: the answer "{answer}" is not one of the options: add the right answer before saving.',
  },
} satisfies Record<string, Localized>;
