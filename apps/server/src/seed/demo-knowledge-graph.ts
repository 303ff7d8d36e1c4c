import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { activities, activityNotDeleted } from '../db/schema/activities.ts';
import { courses } from '../db/schema/courses.ts';
import { subjectKnowledgeNodes, subjectNotDeleted, subjects } from '../db/schema/exams.ts';
import {
  knowledgeGraphStates,
  knowledgeNodeReferences,
  knowledgeNodeRelations,
  knowledgeNodes,
  knowledgeReferenceFragments,
  knowledgeTeachingObjectives,
} from '../db/schema/knowledge-graph.ts';
import type { Transaction } from '../platform/database.ts';
import { takeKnowledgeSnapshot } from '../modules/knowledge-graph/knowledge-snapshot.ts';

type Bloom = 'remember' | 'understand' | 'apply' | 'analyze' | 'evaluate' | 'create';
type DemoNode = {
  key: string;
  name: string;
  bloom: Bloom;
  parent?: string;
  description?: string;
  /** Activities of the course (by title) that teach it. */
  activities?: string[];
  /** Questions of the course (by a phrase of their text) that test it. */
  questions?: string[];
};

const NODES: readonly DemoNode[] = [
  { key: 'ds-basics', name: '数据结构基础', bloom: 'remember', activities: ['课程介绍与学习指南'] },
  {
    key: 'ds-concepts',
    name: '数据结构的基本概念',
    bloom: 'remember',
    parent: 'ds-basics',
    questions: ['下列哪些是线性结构'],
  },
  {
    key: 'ds-complexity',
    name: '时间复杂度与大 O 记号',
    bloom: 'apply',
    parent: 'ds-basics',
    description: '用大 O 记号估计算法的运行时间随规模的增长。',
    activities: ['视频：时间复杂度与大 O 记号'],
    questions: ['长度为 n 的有序数组上二分查找的时间复杂度'],
  },
  { key: 'ds-linear', name: '线性表', bloom: 'understand', activities: ['第二章课件：线性表'] },
  {
    key: 'ds-list',
    name: '顺序表与链表',
    bloom: 'analyze',
    parent: 'ds-linear',
    activities: ['视频：单链表的插入与删除', '作业一：线性表的基本操作', '讨论：顺序表和链表该怎么选？'],
    questions: ['链表的每个结点包含', '比较数组与链表在插入和随机访问上的差异'],
  },
  { key: 'ds-stack', name: '栈', bloom: 'understand', parent: 'ds-linear', questions: ['栈的特点是'] },
  { key: 'ds-queue', name: '队列', bloom: 'understand', parent: 'ds-linear', questions: ['队列的特点是'] },
  {
    key: 'ds-expression',
    name: '表达式求值的设计',
    bloom: 'create',
    parent: 'ds-stack',
    activities: ['作业二：表达式求值'],
  },
  { key: 'ds-tree', name: '树与二叉树', bloom: 'understand', questions: ['完全二叉树一定是满二叉树'] },
  {
    key: 'ds-traversal',
    name: '二叉树的遍历',
    bloom: 'apply',
    parent: 'ds-tree',
    activities: ['ClassIn 研讨课：二叉树的遍历'],
  },
  { key: 'ds-search', name: '二分查找', bloom: 'apply', questions: ['二分查找要求序列有序'] },
  { key: 'ds-quicksort', name: '快速排序', bloom: 'evaluate', questions: ['简述快速排序的基本思想'] },
];

const RELATIONS: readonly [string, string, 'directed' | 'undirected'][] = [
  ['ds-concepts', 'ds-linear', 'directed'],
  ['ds-linear', 'ds-stack', 'directed'],
  ['ds-stack', 'ds-queue', 'undirected'],
  ['ds-list', 'ds-tree', 'directed'],
  ['ds-complexity', 'ds-search', 'directed'],
  ['ds-complexity', 'ds-quicksort', 'directed'],
  ['ds-search', 'ds-quicksort', 'undirected'],
];

/** Chapters of the linked-list video that teach "顺序表与链表" (seconds). */
const VIDEO_CHAPTERS = [
  { chapterId: 'insert', title: '结点的插入', startSeconds: 0, endSeconds: 420 },
  { chapterId: 'delete', title: '结点的删除', startSeconds: 420, endSeconds: 945 },
];

const OBJECTIVES: readonly { content: string; nodes: string[] }[] = [
  { content: '能说出常见线性结构的特点并选择合适的存储方式。', nodes: ['ds-list', 'ds-stack', 'ds-queue'] },
  { content: '能分析常见算法的时间复杂度。', nodes: ['ds-complexity', 'ds-search', 'ds-quicksort'] },
  { content: '能用栈设计并实现表达式求值程序。', nodes: ['ds-expression'] },
];

/**
 * The knowledge graph's demo, on the first demo course (CS201, whose exam and question library the exams
 * demo made): twelve nodes in four trees with Bloom levels, prerequisite and related-topic relations, links
 * to its activities and questions, chapters of one video, three teaching objectives, published with its
 * first snapshot. Runs after insertDemoExams. Returns the number of nodes.
 */
export async function insertDemoKnowledgeGraph(tx: Transaction, orgId: number): Promise<number> {
  const [course] = await tx
    .select({ id: courses.id, ownerId: courses.createdBy })
    .from(courses)
    .where(and(eq(courses.orgId, orgId), eq(courses.courseCode, 'CS201')));
  if (!course) return 0;
  const courseId = course.id;
  const ownerId = course.ownerId;

  const nodeIds = new Map<string, number>();
  const sortOf = new Map<string | undefined, number>();
  for (const node of NODES) {
    const sort = sortOf.get(node.parent) ?? 0;
    sortOf.set(node.parent, sort + 1);
    const [row] = await tx
      .insert(knowledgeNodes)
      .values({
        courseId,
        parentId: node.parent === undefined ? null : (nodeIds.get(node.parent) ?? null),
        name: node.name,
        nodeKey: node.key,
        sort,
        bloomLevel: node.bloom,
        description: node.description ?? '',
        createdBy: ownerId,
      })
      .returning({ id: knowledgeNodes.id });
    if (!row) throw new Error(`demo seed: knowledge node ${node.key} not inserted`);
    nodeIds.set(node.key, row.id);
  }
  const idOf = (key: string) => {
    const id = nodeIds.get(key);
    if (id === undefined) throw new Error(`demo seed: no knowledge node ${key}`);
    return id;
  };

  await tx.insert(knowledgeNodeRelations).values(
    RELATIONS.map(([source, target, type]) => ({
      courseId,
      sourceId: idOf(source),
      targetId: idOf(target),
      type,
      createdBy: ownerId,
    })),
  );

  const titles = NODES.flatMap((n) => n.activities ?? []);
  const activityRows = await tx
    .select({ id: activities.id, title: activities.title })
    .from(activities)
    .where(and(eq(activities.courseId, courseId), inArray(activities.title, titles), activityNotDeleted));
  const activityId = new Map(activityRows.map((a) => [a.title, a.id]));
  const courseSubjects = await tx
    .select({ id: subjects.id, description: subjects.description })
    .from(subjects)
    .where(
      and(
        subjectNotDeleted,
        sql`(${subjects.libId} in (select l.id from subject_libs l where l.course_id = ${courseId})
          or ${subjects.activityId} in (select a.id from activities a where a.course_id = ${courseId}))`,
      ),
    )
    .orderBy(asc(subjects.id));
  for (const node of NODES) {
    const nodeId = idOf(node.key);
    for (const title of node.activities ?? []) {
      const id = activityId.get(title);
      if (id === undefined) continue;
      const [reference] = await tx
        .insert(knowledgeNodeReferences)
        .values({ courseId, knowledgeNodeId: nodeId, referType: 'activity', referId: id, createdBy: ownerId })
        .returning({ id: knowledgeNodeReferences.id });
      if (reference && title === '视频：单链表的插入与删除') {
        await tx
          .insert(knowledgeReferenceFragments)
          .values(VIDEO_CHAPTERS.map((c) => ({ referenceId: reference.id, ...c })));
      }
    }
    // The same question text may be in the exam and the library: both are linked.
    const matching = courseSubjects.filter((s) =>
      (node.questions ?? []).some((q) => s.description.includes(q)),
    );
    if (matching.length > 0) {
      await tx
        .insert(subjectKnowledgeNodes)
        .values(matching.map((s) => ({ subjectId: s.id, knowledgeNodeId: nodeId })))
        .onConflictDoNothing();
    }
  }

  await tx.insert(knowledgeTeachingObjectives).values(
    OBJECTIVES.map((o, sort) => ({
      courseId,
      content: o.content,
      sort,
      knowledgeNodeIds: o.nodes.map(idOf),
      createdBy: ownerId,
    })),
  );
  await tx
    .insert(knowledgeGraphStates)
    .values({ courseId, published: true, publishedAt: new Date(), publishedBy: ownerId });
  await takeKnowledgeSnapshot(tx, courseId, 'publish', ownerId);
  return NODES.length;
}
