import {
  ASK_QUESTION_LIMITS,
  askQuestionTitle,
  maxSelectNum,
  type AskQuestion,
  type AskQuestionBodySchema,
  type CourseAskQuestionsResponse,
  type MyPicksResponse,
} from '@lectern/contracts/ask-questions/ask-questions.schemas';
import type { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import type { Executor } from '../../platform/database.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import type { PushBus } from '../../platform/push/push-bus.ts';
import { courseAccess } from '../courses/course-access.ts';
import type { CourseAccess } from '../courses/courses.policy.ts';
import { drawAvoiding } from './ask-question-draw.ts';
import { assertCanManage, assertCanReadOwnPicks } from './ask-questions.policy.ts';
import { presentAskQuestion, presentPick, type PickNames } from './ask-questions.presenter.ts';
import {
  askQuestionsRepository,
  type AskQuestionRow,
  type PickRow,
  type StudentRef,
} from './ask-questions.repository.ts';

type Body = z.infer<typeof AskQuestionBodySchema>;

const HOUR_MS = 3_600_000;

export function askQuestionsService(ctx: AppContext, push: PushBus) {
  const repo = askQuestionsRepository(ctx.db);
  const courses = courseAccess(ctx.db);

  /** The question and what the caller is in its course; another organisation's reads as not there. */
  async function load(actor: Actor, id: number): Promise<{ row: AskQuestionRow; access: CourseAccess }> {
    const row = await repo.findById(id);
    if (!row) throw notFound('askQuestions.notFound');
    const access = await courses.load(actor, row.courseId);
    return { row, access };
  }

  /** Events are hints to refetch; a lost one must not fail the draw that already happened. */
  function publish(courseId: number, type: string, data: Record<string, unknown>): void {
    push.publish({ courseId, type, data }).catch((error: unknown) => {
      ctx.log.warn({ err: error, courseId, type }, 'push publish failed');
    });
  }

  /**
   * The rules that depend on the course (spec 000 section 5): the module and syllabus are the course's, a
   * student draw asks for 1 to min(students, 10), a group draw needs a set of the course that has groups.
   */
  async function checkBody(courseId: number, body: Body, tx: Executor): Promise<void> {
    if (!(await repo.moduleInCourse(body.module_id, courseId, tx))) {
      throw invalid({ module_id: ['askQuestions.moduleNotInCourse'] });
    }
    if (body.syllabus_id != null && !(await repo.syllabusInModule(body.syllabus_id, body.module_id, tx))) {
      throw invalid({ syllabus_id: ['askQuestions.syllabusNotInModule'] });
    }
    if (body.type === 'select_student') {
      const count = (await repo.students(courseId, tx)).length;
      if (count === 0) throw invalid({ select_num: ['askQuestions.noStudents'] });
      const maximum = maxSelectNum(count);
      if ((body.select_num ?? 0) > maximum) {
        throw invalid({ select_num: [{ key: 'askQuestions.selectNumTooMany', params: { maximum } }] });
      }
    } else {
      const groups =
        body.group_set_id == null ? undefined : await repo.groupsOfSet(body.group_set_id, courseId, tx);
      if (groups === undefined) throw invalid({ group_set_id: ['askQuestions.groupSetRequired'] });
      if (groups.length === 0) throw invalid({ group_set_id: ['askQuestions.groupSetEmpty'] });
    }
  }

  function columnsOf(body: Body) {
    const students = body.type === 'select_student';
    return {
      moduleId: body.module_id,
      syllabusId: body.syllabus_id ?? null,
      type: body.type,
      question: body.question ?? '',
      selectNum: students ? (body.select_num ?? null) : null,
      groupSetId: students ? null : (body.group_set_id ?? null),
    };
  }

  /**
   * One draw under the question's row lock: uniform and without repeats (drawDistinct), passing over those
   * drawn in this course lately when asked to. The roster is read now, so a student who joined since the
   * question was set up is in it.
   */
  async function draw(
    row: AskQuestionRow,
    actor: Actor,
    avoidRecent: boolean,
    tx: Executor,
  ): Promise<PickRow> {
    const latest = (await repo.latestPicks([row.id], tx)).get(row.id);
    const recent = avoidRecent
      ? await repo.picksSince(
          row.courseId,
          new Date(Date.now() - ASK_QUESTION_LIMITS.recentHours * HOUR_MS),
          tx,
        )
      : [];
    let userIds: number[] = [];
    let groupIds: number[] = [];
    if (row.type === 'select_student') {
      const students = await repo.students(row.courseId, tx);
      if (students.length === 0)
        throw conflict('askQuestions.noStudents', { select_num: ['askQuestions.noStudents'] });
      const recentUsers = new Set(recent.flatMap((p) => p.userIds));
      userIds = drawAvoiding(
        students.map((s) => s.id),
        (id) => recentUsers.has(id),
        Math.min(row.selectNum ?? 1, maxSelectNum(students.length)),
      );
    } else {
      const groups =
        row.groupSetId == null ? undefined : await repo.groupsOfSet(row.groupSetId, row.courseId, tx);
      if (groups === undefined)
        throw conflict('askQuestions.groupSetRequired', { group_set_id: ['askQuestions.groupSetRequired'] });
      if (groups.length === 0)
        throw conflict('askQuestions.groupSetEmpty', { group_set_id: ['askQuestions.groupSetEmpty'] });
      const recentGroups = new Set(recent.flatMap((p) => p.groupIds));
      groupIds = drawAvoiding(
        groups.map((g) => g.id),
        (id) => recentGroups.has(id),
        ASK_QUESTION_LIMITS.groupsPerPick,
      );
    }
    return repo.insertPick(
      {
        askQuestionId: row.id,
        courseId: row.courseId,
        round: (latest?.round ?? 0) + 1,
        userIds,
        groupIds,
        pickedBy: actor.userId,
      },
      tx,
    );
  }

  async function namesOf(picks: readonly PickRow[]): Promise<PickNames> {
    const userIds = [...new Set(picks.flatMap((p) => p.userIds))];
    const groupIds = [...new Set(picks.flatMap((p) => p.groupIds))];
    const [users, groups, members] = await Promise.all([
      repo.usersByIds(userIds),
      repo.groupsByIds(groupIds),
      repo.groupMembersOf(groupIds),
    ]);
    const groupMembers = new Map<number, StudentRef[]>();
    for (const m of members) {
      const list = groupMembers.get(m.groupId) ?? [];
      list.push({ id: m.id, name: m.name, userNo: m.userNo });
      groupMembers.set(m.groupId, list);
    }
    return {
      users: new Map(users.map((u) => [u.id, u])),
      groups: new Map(groups.map((g) => [g.id, g])),
      groupMembers,
    };
  }

  async function present(rows: readonly AskQuestionRow[]): Promise<AskQuestion[]> {
    const picks = await repo.latestPicks(rows.map((r) => r.id));
    const names = await namesOf([...picks.values()]);
    return rows.map((row) => {
      const pick = picks.get(row.id);
      return presentAskQuestion(row, pick ? presentPick(pick, names) : null);
    });
  }

  async function presentOne(row: AskQuestionRow): Promise<AskQuestion> {
    const [one] = await present([row]);
    if (!one) throw new Error('ask-question presentation lost its row');
    return one;
  }

  function published(pick: PickRow): void {
    publish(pick.courseId, 'ask_question.picked', { ask_question_id: pick.askQuestionId, pick_id: pick.id });
  }

  return {
    /** Asks the question: stores it and makes its first draw at once, as the projector then shows it. */
    async create(actor: Actor, courseId: number, body: Body): Promise<AskQuestion> {
      const access = await courses.load(actor, courseId);
      assertCanManage(access);
      const { row, pick } = await ctx.db.transaction(async (tx) => {
        await checkBody(courseId, body, tx);
        const inserted = await repo.insert(
          {
            courseId,
            ...columnsOf(body),
            title: body.title ?? askQuestionTitle(new Date()),
            avoidRecent: body.avoid_recent ?? false,
            createdBy: actor.userId,
          },
          tx,
        );
        return { row: inserted, pick: await draw(inserted, actor, inserted.avoidRecent, tx) };
      });
      published(pick);
      return presentOne(row);
    },

    /** Edits the settings; the current draw stays until the next "pick again". Locked once ended. */
    async update(actor: Actor, id: number, body: Body): Promise<AskQuestion> {
      const { row: found, access } = await load(actor, id);
      assertCanManage(access);
      const row = await ctx.db.transaction(async (tx) => {
        const locked = await repo.lockById(id, tx);
        if (!locked) throw notFound('askQuestions.notFound');
        if (locked.endTime) throw conflict('askQuestions.ended');
        await checkBody(found.courseId, body, tx);
        return repo.update(
          id,
          {
            ...columnsOf(body),
            ...(body.title ? { title: body.title } : {}),
            ...(body.avoid_recent === undefined ? {} : { avoidRecent: body.avoid_recent }),
          },
          tx,
        );
      });
      return presentOne(row);
    },

    /** Draws again (a new round); `avoidRecent` overrides the question's own setting for this draw. */
    async pickAgain(actor: Actor, id: number, avoidRecent: boolean | undefined): Promise<AskQuestion> {
      const { access } = await load(actor, id);
      assertCanManage(access);
      const { row, pick } = await ctx.db.transaction(async (tx) => {
        const locked = await repo.lockById(id, tx);
        if (!locked) throw notFound('askQuestions.notFound');
        if (locked.endTime) throw conflict('askQuestions.ended');
        return { row: locked, pick: await draw(locked, actor, avoidRecent ?? locked.avoidRecent, tx) };
      });
      published(pick);
      return presentOne(row);
    },

    async end(actor: Actor, id: number): Promise<AskQuestion> {
      const { access } = await load(actor, id);
      assertCanManage(access);
      const { row, ended } = await ctx.db.transaction(async (tx) => {
        const locked = await repo.lockById(id, tx);
        if (!locked) throw notFound('askQuestions.notFound');
        if (locked.endTime) return { row: locked, ended: false };
        return { row: await repo.update(id, { endTime: new Date() }, tx), ended: true };
      });
      if (ended) publish(row.courseId, 'ask_question.ended', { ask_question_id: row.id });
      return presentOne(row);
    },

    /** The question with its current draw: what the projector shows, and reads again after a reconnect. */
    async get(actor: Actor, id: number): Promise<AskQuestion> {
      const { row, access } = await load(actor, id);
      assertCanManage(access);
      return presentOne(row);
    },

    async list(actor: Actor, courseId: number): Promise<CourseAskQuestionsResponse> {
      const access = await courses.load(actor, courseId);
      assertCanManage(access);
      return { ask_questions: await present(await repo.listByCourse(courseId)) };
    },

    /** A student's own status: the open questions whose latest draw named them or their group. */
    async myPicks(actor: Actor, courseId: number): Promise<MyPicksResponse> {
      const access = await courses.load(actor, courseId);
      assertCanReadOwnPicks(access);
      const open = (await repo.listByCourse(courseId)).filter((r) => r.endTime === null);
      const picks = await repo.latestPicks(open.map((r) => r.id));
      const groupIds = [...new Set([...picks.values()].flatMap((p) => p.groupIds))];
      const [memberships, groups] = await Promise.all([
        repo.groupMembersOf(groupIds),
        repo.groupsByIds(groupIds),
      ]);
      const myGroups = new Set(memberships.filter((m) => m.id === actor.userId).map((m) => m.groupId));
      const groupNames = new Map(groups.map((g) => [g.id, g.name]));
      return {
        picks: open.flatMap((row) => {
          const pick = picks.get(row.id);
          if (!pick) return [];
          const viaGroup = pick.groupIds.find((g) => myGroups.has(g));
          if (!pick.userIds.includes(actor.userId) && viaGroup === undefined) return [];
          return [
            {
              ask_question_id: row.id,
              pick_id: pick.id,
              title: row.title,
              question: row.question,
              picked_at: pick.pickedAt.toISOString(),
              group_name: viaGroup === undefined ? null : (groupNames.get(viaGroup) ?? null),
            },
          ];
        }),
      };
    },
  };
}
