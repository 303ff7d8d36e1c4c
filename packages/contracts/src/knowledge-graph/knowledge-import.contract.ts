import { z } from 'zod';
import type { Localized } from '../common/messages.ts';
import { IdSchema } from '../common/primitives.schemas.ts';
import { BLOOM_LEVELS } from './bloom-levels.ts';
import { KNOWLEDGE_GRAPH_LIMITS } from './knowledge-graph.limits.ts';

/**
 * Importing a knowledge tree (spec 001 section 7 "Import", issue 17): `POST /api/courses/{id}/knowledge-nodes/import`
 * as multipart (a `file` part and `import_type` excel or word), as JSON with `data` (a tree), or as JSON with
 * `import_type` course, `source_course_id` and `import_refer_resource` (copy another course's tree and relations,
 * and, when asked, its references that point at content the target course also holds). `POST
 * /api/knowledge-nodes/parse/docx` parses a Word outline into a tree without saving it.
 *
 * Outlines: an Excel sheet has one level per column (column A the top level); a row names its node in its
 * last filled cell, and empty cells before it repeat the row above (so both "one cell per row" and "full
 * path per row" layouts read the same). A Word outline takes its levels from heading styles (Heading 1–9,
 * outline levels) or list levels, else from leading numbers such as "1.2.3".
 */

export const KNOWLEDGE_IMPORT_LIMITS = {
  /** An outline file: text, never near this. */
  fileMaxBytes: 10 * 1024 * 1024,
  /** Levels of one imported tree. */
  maxDepth: 10,
  /** Nodes of one import (the course's own limit applies too). */
  maxNodes: KNOWLEDGE_GRAPH_LIMITS.nodesPerCourse,
} as const;

export const KNOWLEDGE_IMPORT_FILE_TYPES = ['excel', 'word'] as const;
export const KnowledgeImportFileTypeSchema = z.enum(
  KNOWLEDGE_IMPORT_FILE_TYPES,
  'knowledgeImport.typeInvalid',
);
export type KnowledgeImportFileType = z.infer<typeof KnowledgeImportFileTypeSchema>;

/** A node of an imported tree. */
export type ImportedKnowledgeNode = {
  name: string;
  description?: string | undefined;
  bloom_level?: (typeof BLOOM_LEVELS)[number] | null | undefined;
  children?: ImportedKnowledgeNode[] | undefined;
};

export const ImportedKnowledgeNodeSchema: z.ZodType<ImportedKnowledgeNode> = z.lazy(() =>
  z.object({
    name: z
      .string()
      .trim()
      .min(1, 'knowledgeImport.nameRequired')
      .max(KNOWLEDGE_GRAPH_LIMITS.nameMax, 'knowledgeImport.nameTooLong'),
    description: z.string().max(KNOWLEDGE_GRAPH_LIMITS.descriptionMax).optional(),
    bloom_level: z.enum(BLOOM_LEVELS).nullable().optional(),
    children: z.array(ImportedKnowledgeNodeSchema).optional(),
  }),
);

export const KnowledgeImportParamsSchema = z.object({ id: IdSchema });

/** The JSON forms of the import (the multipart form is read by the route, not by this schema). */
export const KnowledgeImportJsonSchema = z.union([
  z.object({
    import_type: z.literal('course'),
    source_course_id: IdSchema,
    /** Also copy the references whose activities or files the target course holds too. */
    import_refer_resource: z.coerce.boolean().default(false),
  }),
  z.object({
    import_type: z.literal('json').optional(),
    data: z.array(ImportedKnowledgeNodeSchema).min(1, 'knowledgeImport.empty'),
  }),
]);
export type KnowledgeImportJson = z.input<typeof KnowledgeImportJsonSchema>;

/** `import_type` of the multipart form, also accepted in the query string (a form may send it after the file). */
export const KnowledgeImportQuerySchema = z.object({
  import_type: z.string().optional(),
});

export const KnowledgeImportResultSchema = z.object({
  /** Nodes created, in tree order (parents before children). */
  created_count: z.number().int(),
  relation_count: z.number().int(),
  reference_count: z.number().int(),
  /** Questions of the target course linked to the copied nodes (a course copy with its references). */
  question_link_count: z.number().int(),
  /** The new top-level nodes. */
  root_ids: z.array(z.number().int()),
});
export type KnowledgeImportResult = z.infer<typeof KnowledgeImportResultSchema>;

/** `POST /api/knowledge-nodes/parse/docx`: the outline as a tree, not saved. */
export const KnowledgeParsedTreeSchema = z.object({
  data: z.array(ImportedKnowledgeNodeSchema),
  node_count: z.number().int(),
});
export type KnowledgeParsedTree = z.infer<typeof KnowledgeParsedTreeSchema>;

/** Counts the nodes of a tree and its depth (1 for a single level). */
export function treeSize(nodes: readonly ImportedKnowledgeNode[]): { count: number; depth: number } {
  let count = 0;
  let depth = 0;
  const walk = (list: readonly ImportedKnowledgeNode[], level: number) => {
    for (const n of list) {
      count += 1;
      depth = Math.max(depth, level);
      walk(n.children ?? [], level + 1);
    }
  };
  walk(nodes, 1);
  return { count, depth };
}

/**
 * Builds a tree from outline lines (level 1 = top). A line deeper than one below its predecessor hangs
 * under that predecessor (an outline that skips a level loses nothing); a sibling of the same name under the
 * same parent is merged, so a path repeated on many rows makes one node.
 */
export function treeFromOutline(lines: readonly { level: number; name: string }[]): ImportedKnowledgeNode[] {
  const roots: ImportedKnowledgeNode[] = [];
  const stack: ImportedKnowledgeNode[] = [];
  for (const line of lines) {
    const name = line.name.replace(/\s+/g, ' ').trim().slice(0, KNOWLEDGE_GRAPH_LIMITS.nameMax);
    if (name === '') continue;
    const level = Math.max(1, Math.min(line.level, stack.length + 1));
    stack.length = level - 1;
    const parent = stack[level - 2];
    const siblings = parent ? (parent.children ??= []) : roots;
    let node = siblings.find((s) => s.name === name);
    if (!node) {
      node = { name };
      siblings.push(node);
    }
    stack.push(node);
  }
  return roots;
}

/**
 * `GET` (query) or `POST` (body) `/api/course/{id}/knowledge-nodes/ai-parse`: the caller's upload (.docx, .pdf or
 * .txt) read by the AI provider into an outline. Server-sent events: unnamed `{ data }` events carry the outline
 * text (Markdown headings, `#` per level) as the model writes it; a final `tree` event carries
 * `KnowledgeParsedTreeSchema`. Nothing is saved: the page imports the tree it shows with the JSON import.
 */
export const KnowledgeAiParseRequestSchema = z.object({ upload_id: IdSchema });
export type KnowledgeAiParseRequest = z.input<typeof KnowledgeAiParseRequestSchema>;
export const KNOWLEDGE_AI_PARSE_TREE_EVENT = 'tree';

/** Outline lines of Markdown text: `#` headings give their level; anything else is left out. */
export function outlineFromMarkdown(text: string): { level: number; name: string }[] {
  return text.split(/\r?\n/).flatMap((line) => {
    const heading = /^\s*(#{1,10})\s+(.+?)\s*#*\s*$/.exec(line);
    return heading?.[1] && heading[2] ? [{ level: heading[1].length, name: heading[2] }] : [];
  });
}

/** Server messages of the knowledge import, in every UI locale. */
export const knowledgeImportMessages = {
  'knowledgeImport.typeInvalid': {
    'zh-CN': '导入类型只能是 Excel、Word、JSON 或课程',
    'zh-TW': '匯入類型只能是 Excel、Word、JSON 或課程',
    'en-US': 'The import type must be excel, word, json or course.',
  },
  'knowledgeImport.fileRequired': {
    'zh-CN': '请选择要导入的文件',
    'zh-TW': '請選擇要匯入的檔案',
    'en-US': 'Choose a file to import.',
  },
  'knowledgeImport.fileInvalid': {
    'zh-CN': '文件不是有效的 Excel（.xlsx）或 Word（.docx）文件',
    'zh-TW': '檔案不是有效的 Excel（.xlsx）或 Word（.docx）檔案',
    'en-US': 'The file is not a valid Excel (.xlsx) or Word (.docx) file.',
  },
  'knowledgeImport.fileTooLarge': {
    'zh-CN': '文件不能超过 {limit_mb} MB',
    'zh-TW': '檔案不能超過 {limit_mb} MB',
    'en-US': 'The file may not be larger than {limit_mb} MB.',
  },
  'knowledgeImport.empty': {
    'zh-CN': '没有找到可导入的知识点',
    'zh-TW': '沒有找到可匯入的知識點',
    'en-US': 'No knowledge points were found to import.',
  },
  'knowledgeImport.tooDeep': {
    'zh-CN': '知识点层级不能超过 {limit} 层',
    'zh-TW': '知識點層級不能超過 {limit} 層',
    'en-US': 'Knowledge points may not be nested more than {limit} levels deep.',
  },
  'knowledgeImport.tooMany': {
    'zh-CN': '课程知识点不能超过 {limit} 个',
    'zh-TW': '課程知識點不能超過 {limit} 個',
    'en-US': 'A course may not have more than {limit} knowledge points.',
  },
  'knowledgeImport.nameRequired': {
    'zh-CN': '知识点名称不能为空',
    'zh-TW': '知識點名稱不能為空',
    'en-US': 'A knowledge point needs a name.',
  },
  'knowledgeImport.nameTooLong': {
    'zh-CN': '知识点名称过长',
    'zh-TW': '知識點名稱過長',
    'en-US': 'A knowledge point name is too long.',
  },
  'knowledgeImport.aiFileType': {
    'zh-CN': 'AI 解析只支持 .docx、.pdf 和 .txt 文件',
    'zh-TW': 'AI 解析只支援 .docx、.pdf 和 .txt 檔案',
    'en-US': 'AI parsing reads .docx, .pdf and .txt files only.',
  },
  'knowledgeImport.aiNoText': {
    'zh-CN': '文件中没有可解析的文字',
    'zh-TW': '檔案中沒有可解析的文字',
    'en-US': 'The file has no text to parse.',
  },
  'knowledgeImport.sameCourse': {
    'zh-CN': '不能从本课程导入',
    'zh-TW': '不能從本課程匯入',
    'en-US': 'A course cannot import its own knowledge graph.',
  },
} as const satisfies Record<`knowledgeImport.${string}`, Localized>;
