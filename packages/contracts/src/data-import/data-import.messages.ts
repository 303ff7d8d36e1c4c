import type { Localized } from '../common/messages.ts';

/**
 * Messages of question import and export, in every UI locale. Keys are stable; wording may change.
 * Parser messages take `{number}` (the question number as written) and `{line}` where they say where.
 */
export const dataImportMessages = {
  'dataImport.belongInvalid': {
    'zh-CN': '请选择导入到测试、随堂测试或题库',
    'zh-TW': '請選擇匯入到測驗、隨堂測驗或題庫',
    'en-US': 'Choose an exam, a classroom exam or a question library to import into.',
  },
  'dataImport.uploadRequired': {
    'zh-CN': '请先上传要导入的文件',
    'zh-TW': '請先上傳要匯入的檔案',
    'en-US': 'Upload the file to import first.',
  },
  'dataImport.contentRequired': {
    'zh-CN': '请先上传文件或粘贴题目内容',
    'zh-TW': '請先上傳檔案或貼上題目內容',
    'en-US': 'Upload a file or paste the questions first.',
  },
  'dataImport.contentTooLong': {
    'zh-CN': '内容过长，请分多次导入',
    'zh-TW': '內容過長，請分多次匯入',
    'en-US': 'This is too much text for one import; import it in parts.',
  },
  'dataImport.exportFormatInvalid': {
    'zh-CN': '只能导出为 Word（.docx）或 Moodle XML',
    'zh-TW': '只能匯出為 Word（.docx）或 Moodle XML',
    'en-US': 'Export to Word (.docx) or Moodle XML.',
  },
  'dataImport.notDocx': {
    'zh-CN': '只能导入 Word 文档（.docx）；.doc 文件请先在 Word 中另存为 .docx',
    'zh-TW': '只能匯入 Word 文件（.docx）；.doc 檔案請先在 Word 中另存為 .docx',
    'en-US': 'Only Word documents (.docx) can be imported; save a .doc file as .docx in Word first.',
  },
  'dataImport.docxUnreadable': {
    'zh-CN': '无法读取这个 Word 文档，文件可能已损坏',
    'zh-TW': '無法讀取這個 Word 文件，檔案可能已損毀',
    'en-US': 'This Word document cannot be read; the file may be damaged.',
  },
  'dataImport.aiFileType': {
    'zh-CN': 'AI 导入只能读取 Word（.docx）、PDF 或文本（.txt）文件',
    'zh-TW': 'AI 匯入只能讀取 Word（.docx）、PDF 或文字（.txt）檔案',
    'en-US': 'AI import reads Word (.docx), PDF or text (.txt) files only.',
  },
  'dataImport.aiNoText': {
    'zh-CN': '这个文件中没有可读取的文字',
    'zh-TW': '這個檔案中沒有可讀取的文字',
    'en-US': 'This file has no text that can be read.',
  },
  'dataImport.formatUnsupported': {
    'zh-CN':
      '不支持这种文件：请导入 Word（.docx）、Moodle XML（.xml）、GIFT（.gift、.txt）或 Aiken（.txt）文件',
    'zh-TW':
      '不支援這種檔案：請匯入 Word（.docx）、Moodle XML（.xml）、GIFT（.gift、.txt）或 Aiken（.txt）檔案',
    'en-US':
      'This kind of file cannot be imported: use Word (.docx), Moodle XML (.xml), GIFT (.gift, .txt) or Aiken (.txt).',
  },
  'dataImport.docx.pictureUnreadable': {
    'zh-CN': '有一张图片无法读取（可能是链接而非嵌入的图片），未导入',
    'zh-TW': '有一張圖片無法讀取（可能是連結而非內嵌的圖片），未匯入',
    'en-US': 'A picture could not be read and was left out.',
  },
  'dataImport.docx.contentUnreadable': {
    'zh-CN': '文档中的部分内容（{element}）无法读取，未导入',
    'zh-TW': '文件中的部分內容（{element}）無法讀取，未匯入',
    'en-US': 'Some content of the document ({element}) could not be read and was left out.',
  },
  'dataImport.docx.legacyPicture': {
    'zh-CN':
      '有一张 {type} 格式的图片（常见于旧版 MathType 或公式编辑器的公式）无法在网页中显示；请重新插入为图片或 Word 公式',
    'zh-TW':
      '有一張 {type} 格式的圖片（常見於舊版 MathType 或方程式編輯器的公式）無法在網頁中顯示；請重新插入為圖片或 Word 方程式',
    'en-US':
      'A picture in {type} format (often an old MathType or Equation Editor equation) cannot be shown in a browser; insert it again as a picture or a Word equation.',
  },
  'dataImport.docx.pictureNotShown': {
    'zh-CN': '有一张 {type} 类型的图片无法在网页中显示',
    'zh-TW': '有一張 {type} 類型的圖片無法在網頁中顯示',
    'en-US': 'A picture of type {type} cannot be shown in a browser.',
  },
  'dataImport.docx.pictureMissing': {
    'zh-CN': '文档中缺少一张图片，未导入',
    'zh-TW': '文件中缺少一張圖片，未匯入',
    'en-US': 'A picture is missing from the document and was left out.',
  },
  'dataImport.docx.symbolUnreadable': {
    'zh-CN': '有一个来自字体 {font} 的符号无法读取，未导入',
    'zh-TW': '有一個來自字型 {font} 的符號無法讀取，未匯入',
    'en-US': 'A symbol from the font {font} could not be read and was left out.',
  },
  'dataImport.imagesSkipped': {
    'zh-CN':
      '有 {count} 张图片的格式无法在网页中显示（{types}），未导入；请在 Word 中将其另存为 PNG 或 JPG 后重新插入',
    'zh-TW':
      '有 {count} 張圖片的格式無法在網頁中顯示（{types}），未匯入；請在 Word 中將其另存為 PNG 或 JPG 後重新插入',
    'en-US':
      '{count} pictures are in a format browsers cannot show ({types}) and were not imported; save them as PNG or JPG in Word and insert them again.',
  },
  'dataImport.noImportableQuestions': {
    'zh-CN': '这个文件中没有可导入的题目（只有分类、说明或注释）',
    'zh-TW': '這個檔案中沒有可匯入的題目（只有分類、說明或註解）',
    'en-US': 'This file has no question to import (only categories, descriptions or comments).',
  },
  'dataImport.parse.answerKeyUnmatched': {
    'zh-CN': '答案部分第 {line} 行的第 {number} 题答案找不到对应的题目，未导入',
    'zh-TW': '答案部分第 {line} 行的第 {number} 題答案找不到對應的題目，未匯入',
    'en-US':
      'Line {line} of the answer key gives an answer for question {number}, which is not in the paper; it was not imported.',
  },
  'dataImport.parse.answerKeyFound': {
    'zh-CN': '第 {from}–{to} 行是答案部分，已按题号把答案和解析填入 {count} 道题',
    'zh-TW': '第 {from}–{to} 行是答案部分，已按題號把答案和解析填入 {count} 道題',
    'en-US':
      'Lines {from}–{to} are an answer key; their answers and explanations were filled into {count} questions by number.',
  },
  'dataImport.parse.numberedParagraphs': {
    'zh-CN':
      '这些内容看起来是编号的段落，而不是题目：没有答案、分值，也没有“题”或“答案”字样。请确认这是试题文件',
    'zh-TW':
      '這些內容看起來是編號的段落，而不是題目：沒有答案、分數，也沒有「題」或「答案」字樣。請確認這是試題檔案',
    'en-US':
      'These look like numbered paragraphs, not questions: no answers, no points, and no word like "question" or "answer". Check that this is a question paper.',
  },
  'dataImport.parse.trueFalseFromOptions': {
    'zh-CN': '第 {number} 题（第 {line} 行）：两个选项“{options}”按判断题导入',
    'zh-TW': '第 {number} 題（第 {line} 行）：兩個選項「{options}」按是非題匯入',
    'en-US':
      'Question {number}, line {line}: the two options "{options}" were imported as a true or false question.',
  },
  'dataImport.tooManySubjects': {
    'zh-CN': '识别出 {count} 道题，每次最多导入 {maximum} 道，请分多次导入',
    'zh-TW': '辨識出 {count} 道題，每次最多匯入 {maximum} 道，請分多次匯入',
    'en-US':
      '{count} questions were found; at most {maximum} can be imported at once, so import them in parts.',
  },
  'dataImport.noSubjects': {
    'zh-CN': '没有识别出题目：每道题请以题号开头，如“1.”',
    'zh-TW': '沒有辨識出題目：每道題請以題號開頭，如「1.」',
    'en-US': 'No questions were found: start each question with its number, like "1.".',
  },
  'dataImport.parse.unknownType': {
    'zh-CN': '第 {number} 题（第 {line} 行）：无法识别题型“{type}”',
    'zh-TW': '第 {number} 題（第 {line} 行）：無法辨識題型「{type}」',
    'en-US': 'Question {number}, line {line}: the question type "{type}" is not recognised.',
  },
  'dataImport.parse.typeNotAllowed': {
    'zh-CN':
      '第 {number} 题（第 {line} 行）：这里不能导入{type}，随堂测试只能导入单选、多选、判断、填空和简答题',
    'zh-TW':
      '第 {number} 題（第 {line} 行）：這裡不能匯入{type}，隨堂測驗只能匯入單選、多選、是非、填空和簡答題',
    'en-US':
      'Question {number}, line {line}: {type} questions cannot be imported here; a classroom exam takes single choice, multiple choice, true or false, fill in the blank and short answer questions only.',
  },
  'dataImport.parse.descriptionMissing': {
    'zh-CN': '第 {number} 题（第 {line} 行）：缺少题目内容',
    'zh-TW': '第 {number} 題（第 {line} 行）：缺少題目內容',
    'en-US': 'Question {number}, line {line}: the question has no text.',
  },
  'dataImport.parse.optionsMissing': {
    'zh-CN': '第 {number} 题（第 {line} 行）：选择题缺少选项（A. B. …）',
    'zh-TW': '第 {number} 題（第 {line} 行）：選擇題缺少選項（A. B. …）',
    'en-US': 'Question {number}, line {line}: a choice question needs options (A. B. …).',
  },
  'dataImport.parse.optionOrder': {
    'zh-CN': '第 {number} 题（第 {line} 行）：选项 {letter} 的顺序不对，这里应是选项 {expected}',
    'zh-TW': '第 {number} 題（第 {line} 行）：選項 {letter} 的順序不對，這裡應是選項 {expected}',
    'en-US':
      'Question {number}, line {line}: option {letter} is out of order; option {expected} was expected here.',
  },
  'dataImport.parse.answerMissing': {
    'zh-CN': '第 {number} 题（第 {line} 行）：缺少答案（如“答案：B”）',
    'zh-TW': '第 {number} 題（第 {line} 行）：缺少答案（如「答案：B」）',
    'en-US': 'Question {number}, line {line}: the answer is missing (like "Answer: B").',
  },
  'dataImport.parse.answerNotOption': {
    'zh-CN': '第 {number} 题（第 {line} 行）：答案 {answer} 不是本题的选项',
    'zh-TW': '第 {number} 題（第 {line} 行）：答案 {answer} 不是本題的選項',
    'en-US': 'Question {number}, line {line}: the answer {answer} is not one of the options.',
  },
  'dataImport.parse.answerNotLetters': {
    'zh-CN': '第 {number} 题（第 {line} 行）：答案“{answer}”应为选项字母，如 B 或 AC',
    'zh-TW': '第 {number} 題（第 {line} 行）：答案「{answer}」應為選項字母，如 B 或 AC',
    'en-US': 'Question {number}, line {line}: the answer "{answer}" should be option letters, like B or AC.',
  },
  'dataImport.parse.answerNotTrueFalse': {
    'zh-CN': '第 {number} 题（第 {line} 行）：判断题的答案“{answer}”应为“正确”或“错误”',
    'zh-TW': '第 {number} 題（第 {line} 行）：是非題的答案「{answer}」應為「正確」或「錯誤」',
    'en-US':
      'Question {number}, line {line}: the answer "{answer}" of a true or false question should be True or False.',
  },
  'dataImport.parse.trueFalseOptions': {
    'zh-CN': '第 {number} 题（第 {line} 行）：判断题不需要选项，请直接写答案“正确”或“错误”',
    'zh-TW': '第 {number} 題（第 {line} 行）：是非題不需要選項，請直接寫答案「正確」或「錯誤」',
    'en-US':
      'Question {number}, line {line}: a true or false question takes no options; write the answer True or False.',
  },
  'dataImport.parse.singleAnswerOnly': {
    'zh-CN': '第 {number} 题（第 {line} 行）：单选题只能有一个答案，这里写了 {answer}',
    'zh-TW': '第 {number} 題（第 {line} 行）：單選題只能有一個答案，這裡寫了 {answer}',
    'en-US':
      'Question {number}, line {line}: a single choice question has one answer, but {answer} is given.',
  },
  'dataImport.parse.blankCountMismatch': {
    'zh-CN': '第 {number} 题（第 {line} 行）：题目中有 {blanks} 个空，答案却有 {answers} 个',
    'zh-TW': '第 {number} 題（第 {line} 行）：題目中有 {blanks} 個空格，答案卻有 {answers} 個',
    'en-US': 'Question {number}, line {line}: the text has {blanks} blanks but the answer gives {answers}.',
  },
  'dataImport.parse.weightsInvalid': {
    'zh-CN':
      '第 {number} 题（第 {line} 行）：选项得分“{value}”无效，应写成“A 50%；B 50%；C -100%”（-100% 到 100%）',
    'zh-TW':
      '第 {number} 題（第 {line} 行）：選項得分「{value}」無效，應寫成「A 50%；B 50%；C -100%」（-100% 到 100%）',
    'en-US':
      'Question {number}, line {line}: the option credit "{value}" should read like "A 50%; B 50%; C -100%" (-100% to 100%).',
  },
  'dataImport.parse.weightsNotChoice': {
    'zh-CN': '第 {number} 题（第 {line} 行）：只有单选题和多选题可以写选项得分',
    'zh-TW': '第 {number} 題（第 {line} 行）：只有單選題和多選題可以寫選項得分',
    'en-US': 'Question {number}, line {line}: only single and multiple choice questions take option credit.',
  },
  'dataImport.parse.pointInvalid': {
    'zh-CN': '第 {number} 题（第 {line} 行）：分值“{value}”无效，应为 0 到 1000 之间、最多一位小数的数字',
    'zh-TW': '第 {number} 題（第 {line} 行）：分數「{value}」無效，應為 0 到 1000 之間、最多一位小數的數字',
    'en-US':
      'Question {number}, line {line}: the points "{value}" should be a number from 0 to 1000 with at most one decimal.',
  },
  'dataImport.parse.stemPointMismatch': {
    'zh-CN': '第 {number} 题（第 {line} 行）：分值写的是 {point}，但各小题分值之和是 {sum}',
    'zh-TW': '第 {number} 題（第 {line} 行）：分數寫的是 {point}，但各小題分數總和是 {sum}',
    'en-US': 'Question {number}, line {line}: the points say {point} but the sub-questions add up to {sum}.',
  },
  'dataImport.parse.difficultyInvalid': {
    'zh-CN': '第 {number} 题（第 {line} 行）：难度“{value}”无法识别，请写易、中或难',
    'zh-TW': '第 {number} 題（第 {line} 行）：難度「{value}」無法辨識，請寫易、中或難',
    'en-US':
      'Question {number}, line {line}: the difficulty "{value}" is not recognised; write Easy, Medium or Hard.',
  },
  'dataImport.parse.subQuestionsMissing': {
    'zh-CN': '第 {number} 题（第 {line} 行）：缺少小题，小题以 (1)、(2) 开头',
    'zh-TW': '第 {number} 題（第 {line} 行）：缺少小題，小題以 (1)、(2) 開頭',
    'en-US': 'Question {number}, line {line}: the sub-questions are missing; start each with (1), (2), …',
  },
  'dataImport.parse.clozeSingleOnly': {
    'zh-CN': '第 {number} 题（第 {line} 行）：完形填空的小题只能是单选题',
    'zh-TW': '第 {number} 題（第 {line} 行）：克漏字的小題只能是單選題',
    'en-US': 'Question {number}, line {line}: the sub-questions of a cloze must be single choice.',
  },
  'dataImport.parse.duplicateLabel': {
    'zh-CN': '第 {number} 题（第 {line} 行）：“{label}”重复出现',
    'zh-TW': '第 {number} 題（第 {line} 行）：「{label}」重複出現',
    'en-US': 'Question {number}, line {line}: "{label}" appears twice.',
  },
  'dataImport.parse.unexpectedText': {
    'zh-CN': '第 {number} 题（第 {line} 行）：无法识别的内容“{text}”',
    'zh-TW': '第 {number} 題（第 {line} 行）：無法辨識的內容「{text}」',
    'en-US': 'Question {number}, line {line}: unexpected text "{text}".',
  },
  'dataImport.parse.invalid': {
    'zh-CN': '第 {number} 题（第 {line} 行）：{message}',
    'zh-TW': '第 {number} 題（第 {line} 行）：{message}',
    'en-US': 'Question {number}, line {line}: {message}',
  },
  'dataImport.parse.lineOutside': {
    'zh-CN': '第 {line} 行“{text}”不属于任何题目，未导入',
    'zh-TW': '第 {line} 行「{text}」不屬於任何題目，未匯入',
    'en-US': 'Line {line} ("{text}") is not part of any question and was not imported.',
  },
  'dataImport.parse.linesOutside': {
    'zh-CN': '第 {from}–{to} 行（“{text}”…）不属于任何题目，未导入',
    'zh-TW': '第 {from}–{to} 行（「{text}」…）不屬於任何題目，未匯入',
    'en-US': 'Lines {from}–{to} ("{text}"…) are not part of any question and were not imported.',
  },
} satisfies Record<string, Localized>;
