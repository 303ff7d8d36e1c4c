import {
  KNOWLEDGE_AI_PARSE_TREE_EVENT,
  KNOWLEDGE_IMPORT_LIMITS,
  KnowledgeImportFileTypeSchema,
  outlineFromMarkdown,
  treeFromOutline,
  treeSize,
  type ImportedKnowledgeNode,
  type KnowledgeImportJsonSchema,
  type KnowledgeImportResult,
  type KnowledgeParsedTree,
} from '@lectern/contracts/knowledge-graph/knowledge-import.contract';
import { KNOWLEDGE_GRAPH_LIMITS } from '@lectern/contracts/knowledge-graph/knowledge-graph.limits';
import { buildTree } from '@lectern/contracts/knowledge-graph/knowledge-tree.rules';
import type { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import type { Executor } from '../../platform/database.ts';
import { AppError, invalid } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { isDuplicateCheckable } from '@lectern/contracts/homework/duplicate-check.rules';
import type { AiStreamWriter } from '../ai/ai-event-stream.ts';
import { AiOutputError, delimitedData } from '../ai/ai-prompt.ts';
import type { AiProvider } from '../ai/ai-provider.ts';
import { aiService } from '../ai/ai.service.ts';
import { extractText } from '../homework/duplicate-text.ts';
import { uploadsService } from '../uploads/uploads.service.ts';
import { knowledgeGraphAccess } from './knowledge-graph-access.ts';
import { knowledgeGraphRepository } from './knowledge-graph.repository.ts';
import { looksLikeZip, parseOutline } from './knowledge-import.outline.ts';
import { matchQuestions, uniqueMatches } from './knowledge-import.copy-links.ts';
import { knowledgeImportRepository } from './knowledge-import.repository.ts';

type ImportJson = z.output<typeof KnowledgeImportJsonSchema>;
type NodeRow = Awaited<ReturnType<ReturnType<typeof knowledgeImportRepository>['liveNodes']>>[number];

/** An uploaded outline as the route read it: the declared type (maybe missing) and the bytes. */
export type OutlineUpload = { importType: string | undefined; fileName: string; bytes: Buffer };

const fileTypeOf = (upload: OutlineUpload) => {
  const declared = upload.importType?.trim().toLowerCase();
  const byName = /\.xlsx$/i.test(upload.fileName)
    ? 'excel'
    : /\.docx$/i.test(upload.fileName)
      ? 'word'
      : undefined;
  const parsed = KnowledgeImportFileTypeSchema.safeParse(declared ?? byName);
  if (!parsed.success) throw invalid({ import_type: ['knowledgeImport.typeInvalid'] });
  return parsed.data;
};

/** The tree limits of one import: depth, and the course's node count once it is added. */
function assertFits(tree: readonly ImportedKnowledgeNode[], existing: number): void {
  const { count, depth } = treeSize(tree);
  if (count === 0) throw invalid({ data: ['knowledgeImport.empty'] });
  if (depth > KNOWLEDGE_IMPORT_LIMITS.maxDepth) {
    throw invalid({
      data: [{ key: 'knowledgeImport.tooDeep', params: { limit: KNOWLEDGE_IMPORT_LIMITS.maxDepth } }],
    });
  }
  if (existing + count > KNOWLEDGE_GRAPH_LIMITS.nodesPerCourse) {
    throw invalid({
      data: [{ key: 'knowledgeImport.tooMany', params: { limit: KNOWLEDGE_GRAPH_LIMITS.nodesPerCourse } }],
    });
  }
}

async function parseUpload(upload: OutlineUpload): Promise<ImportedKnowledgeNode[]> {
  const type = fileTypeOf(upload);
  if (!looksLikeZip(upload.bytes)) throw new AppError('validation_failed', 'knowledgeImport.fileInvalid');
  return parseOutline(type, upload.bytes);
}

const nextRootSort = (nodes: readonly NodeRow[]) =>
  nodes.filter((n) => n.parentId === null).reduce((max, n) => Math.max(max, n.sort + 1), 0);

/**
 * Importing knowledge trees (spec 001 section 7 "Import"): outlines from Excel and Word, a JSON tree, or a copy
 * of another course's graph. Everything is added under the course's existing roots in one transaction under
 * the graph's lock, or nothing is.
 */
export function knowledgeImportService(ctx: AppContext) {
  const repo = knowledgeImportRepository(ctx.db);
  const graphRepo = knowledgeGraphRepository(ctx.db);
  const graph = knowledgeGraphAccess(ctx.db);

  async function addTree(
    actor: Actor,
    courseId: number,
    tree: readonly ImportedKnowledgeNode[],
  ): Promise<KnowledgeImportResult> {
    return ctx.db.transaction(async (tx) => {
      await graph.course(actor, courseId, 'edit', tx);
      await graphRepo.lockCourseGraph(courseId, tx);
      const existing = await repo.liveNodes(courseId, tx);
      assertFits(tree, existing.length);
      const written = await repo.insertTree(courseId, null, nextRootSort(existing), tree, actor.userId, tx);
      return {
        created_count: written.ids.length,
        relation_count: 0,
        reference_count: 0,
        question_link_count: 0,
        root_ids: written.rootIds,
      };
    });
  }

  /**
   * The copied nodes' links to the source's content, moved onto the target's own copies of it: references to
   * files (the same file), to activities (same title and type), with their fragments, and the questions linked
   * to the nodes (in the copies of their papers and libraries, `matchQuestions`). Links to content the target
   * does not hold are left out.
   */
  async function copyLinks(
    actor: Actor,
    courseId: number,
    sourceId: number,
    newId: ReadonlyMap<number, number>,
    tx: Executor,
  ): Promise<{ referenceCount: number; questionLinkCount: number }> {
    const references = await repo.references([...newId.keys()], tx);
    const subjectLinks = await repo.subjectLinksOf([...newId.keys()], tx);
    const sourceActivities = await repo.activitiesOf(
      sourceId,
      [
        ...references.filter((r) => r.referType === 'activity').map((r) => r.referId),
        ...subjectLinks.flatMap((l) => (l.activityId === null ? [] : [l.activityId])),
      ],
      tx,
    );
    const activityKey = (a: { title: string; type: string }) => `${a.type}\u0000${a.title}`;
    const mappedActivity = uniqueMatches(
      sourceActivities,
      await repo.activitiesOf(courseId, null, tx),
      activityKey,
    );
    const rows = references.flatMap((r) => {
      const node = newId.get(r.knowledgeNodeId);
      if (node === undefined) return [];
      const referId = r.referType === 'activity' ? mappedActivity.get(r.referId) : r.referId;
      return referId === undefined
        ? []
        : [{ courseId, knowledgeNodeId: node, referType: r.referType, referId, createdBy: actor.userId }];
    });
    const written = await repo.insertReferences(rows, tx);
    // A copied activity reference keeps its fragments (chapters of the same video).
    const writtenId = new Map(written.map((w) => [`${w.knowledgeNodeId}:${w.referType}:${w.referId}`, w.id]));
    const copiedReference = new Map<number, number>();
    for (const r of references) {
      const node = newId.get(r.knowledgeNodeId);
      const referId = r.referType === 'activity' ? mappedActivity.get(r.referId) : r.referId;
      const id = writtenId.get(`${node}:${r.referType}:${referId}`);
      if (id !== undefined) copiedReference.set(r.id, id);
    }
    const fragments = await repo.fragmentsOf([...copiedReference.keys()], tx);
    await repo.insertFragments(
      fragments.flatMap((f) => {
        const referenceId = copiedReference.get(f.referenceId);
        return referenceId === undefined
          ? []
          : [
              {
                referenceId,
                chapterId: f.chapterId,
                title: f.title,
                startSeconds: f.startSeconds,
                endSeconds: f.endSeconds,
              },
            ];
      }),
      tx,
    );

    const sourceLibIds = [...new Set(subjectLinks.flatMap((l) => (l.libId === null ? [] : [l.libId])))];
    const sourceLibs = await repo.libsOf(sourceId, sourceLibIds, tx);
    const mappedLib = uniqueMatches(
      sourceLibs,
      await repo.libsOf(courseId, null, tx),
      (l) => `${l.type}\u0000${l.title}`,
    );
    const ownedActivities = [
      ...new Set(subjectLinks.flatMap((l) => (l.activityId === null ? [] : [l.activityId]))),
    ];
    const sourceQuestions = await repo.subjectsOfOwners(
      ownedActivities.filter((id) => mappedActivity.has(id)),
      sourceLibs.map((l) => l.id).filter((id) => mappedLib.has(id)),
      tx,
    );
    const targetQuestions = await repo.subjectsOfOwners(
      [...new Set(mappedActivity.values())],
      [...new Set(mappedLib.values())],
      tx,
    );
    const mappedQuestion = matchQuestions(sourceQuestions, targetQuestions, mappedActivity, mappedLib);
    // Keyed by pair: two source questions may have one copy between them.
    const links = [
      ...new Map(
        subjectLinks.flatMap((l) => {
          const subjectId = mappedQuestion.get(l.subjectId);
          const knowledgeNodeId = newId.get(l.knowledgeNodeId);
          return subjectId === undefined || knowledgeNodeId === undefined
            ? []
            : [[`${subjectId}:${knowledgeNodeId}`, { subjectId, knowledgeNodeId }] as const];
        }),
      ).values(),
    ];
    await repo.linkSubjects(links, tx);
    return { referenceCount: written.length, questionLinkCount: links.length };
  }

  /**
   * Copies the source course's tree and relations; with `withReferences`, also its links to the content the
   * target course holds too (`copyLinks`).
   */
  async function copyCourse(
    actor: Actor,
    courseId: number,
    sourceId: number,
    withReferences: boolean,
  ): Promise<KnowledgeImportResult> {
    if (sourceId === courseId) throw invalid({ source_course_id: ['knowledgeImport.sameCourse'] });
    return ctx.db.transaction(async (tx) => {
      await graph.course(actor, courseId, 'edit', tx);
      // Copying a graph reads all of it, unpublished nodes and references included: the source's teaching team only.
      await graph.course(actor, sourceId, 'edit', tx);
      await graphRepo.lockCourseGraph(courseId, tx);
      const source = await repo.liveNodes(sourceId, tx);
      const sourceOf = new Map<ImportedKnowledgeNode, number>();
      const tree = buildTree(
        source.map((n) => ({ ...n, parent_id: n.parentId })),
        (n, children: ImportedKnowledgeNode[]): ImportedKnowledgeNode => {
          const node: ImportedKnowledgeNode = {
            name: n.name,
            description: n.description,
            bloom_level: n.bloomLevel,
            children,
          };
          sourceOf.set(node, n.id);
          return node;
        },
      );
      const existing = await repo.liveNodes(courseId, tx);
      assertFits(tree, existing.length);
      const written = await repo.insertTree(courseId, null, nextRootSort(existing), tree, actor.userId, tx);
      const newId = new Map<number, number>();
      written.order.forEach((node, index) => {
        const from = sourceOf.get(node);
        const to = written.ids[index];
        if (from !== undefined && to !== undefined) newId.set(from, to);
      });
      const relations = (await repo.relations(sourceId, tx)).flatMap((r) => {
        const source = newId.get(r.sourceId);
        const target = newId.get(r.targetId);
        return source && target
          ? [{ courseId, sourceId: source, targetId: target, type: r.type, createdBy: actor.userId }]
          : [];
      });
      const relationCount = await repo.insertRelations(relations, tx);
      const copied = withReferences
        ? await copyLinks(actor, courseId, sourceId, newId, tx)
        : { referenceCount: 0, questionLinkCount: 0 };
      return {
        created_count: written.ids.length,
        relation_count: relationCount,
        reference_count: copied.referenceCount,
        question_link_count: copied.questionLinkCount,
        root_ids: written.rootIds,
      };
    });
  }

  return {
    async importFile(actor: Actor, courseId: number, upload: OutlineUpload): Promise<KnowledgeImportResult> {
      // Refused callers learn nothing about the file: the course is checked before it is parsed.
      await graph.course(actor, courseId, 'edit');
      return addTree(actor, courseId, await parseUpload(upload));
    },

    async importJson(actor: Actor, courseId: number, body: ImportJson): Promise<KnowledgeImportResult> {
      if ('source_course_id' in body) {
        return copyCourse(actor, courseId, body.source_course_id, body.import_refer_resource);
      }
      return addTree(actor, courseId, body.data);
    },

    /** `POST /api/knowledge-nodes/parse/docx`: the outline of a Word file, saved nowhere. */
    async parseDocx(upload: OutlineUpload): Promise<KnowledgeParsedTree> {
      const data = await parseUpload({ ...upload, importType: 'word' });
      return { data, node_count: treeSize(data).count };
    },
  };
}

export type KnowledgeImportService = ReturnType<typeof knowledgeImportService>;

/** Tells the model the outline format; the server turns its answer into a tree with `outlineFromMarkdown`. */
const AI_OUTLINE_INSTRUCTIONS = [
  'You turn a course document (a syllabus, a textbook chapter, lecture notes) into the outline of its knowledge points.',
  'Output only Markdown headings, one knowledge point per line: "# " for a top-level point, "## " for a point under it, and so on, at most 10 levels.',
  'No commentary, no body text, no lists, no code fences. Keep the names short (at most 100 characters) and in the language of the document.',
  'Leave out titles of the document itself, exercises, references and anything that is not a knowledge point.',
].join('\n');

/**
 * AI outline parse (spec 001 section 7, `ai-parse`): the text of the caller's upload is turned by the model
 * into a knowledge outline, streamed as it is written and then sent as a tree. Nothing is saved; every refusal
 * (course, upload, type, no text, no model, no credit) comes before the first event.
 */
export function knowledgeImportAiService(ctx: AppContext, provider: AiProvider) {
  const graph = knowledgeGraphAccess(ctx.db);
  const uploads = uploadsService(ctx);
  const ai = aiService(ctx, provider);

  return {
    async parse(actor: Actor, courseId: number, uploadId: number, writer: AiStreamWriter): Promise<void> {
      await graph.course(actor, courseId, 'edit');
      const { upload, bytes } = await uploads.readOwnBytes(
        actor,
        uploadId,
        KNOWLEDGE_IMPORT_LIMITS.fileMaxBytes,
      );
      if (!isDuplicateCheckable(upload.name)) {
        throw new AppError('validation_failed', 'knowledgeImport.aiFileType');
      }
      const extracted = await extractText(upload.name, bytes);
      const text = extracted.kind === 'text' ? extracted.text.trim() : '';
      if (!text) throw new AppError('validation_failed', 'knowledgeImport.aiNoText');
      let tree: ImportedKnowledgeNode[] = [];
      await ai.metered(actor, {
        feature: 'knowledge_parse',
        courseId,
        signal: writer.signal,
        messages: (maxTextLength) =>
          delimitedData(AI_OUTLINE_INSTRUCTIONS, 'the document', text, maxTextLength),
        onDelta: (delta) => writer.send({ data: delta }),
        // An answer with no heading gives the teacher nothing to import: it fails and costs nothing.
        validate: (output) => {
          tree = treeFromOutline(outlineFromMarkdown(output));
          const { count, depth } = treeSize(tree);
          if (count === 0 || depth > KNOWLEDGE_IMPORT_LIMITS.maxDepth) throw new AiOutputError();
        },
      });
      writer.send({ data: tree, node_count: treeSize(tree).count }, KNOWLEDGE_AI_PARSE_TREE_EVENT);
    },
  };
}
