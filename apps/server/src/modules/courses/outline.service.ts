import type { z } from 'zod';
import type {
  CourseModule,
  CreateModuleRequestSchema,
  CreateSyllabusRequestSchema,
  Syllabus,
  UpdateModuleRequestSchema,
  UpdateSyllabusRequestSchema,
} from '@lectern/contracts/courses/course.schemas';
import { ModulesResponseSchema } from '@lectern/contracts/courses/course.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { accessWithRow, courseAccess } from './course-access.ts';
import { cachedCourseRead } from './course-read-cache.ts';
import { courseStampRepository } from './course-stamp.repository.ts';
import { assertCan } from './courses.policy.ts';
import { presentModule, presentModules, presentSyllabus } from './courses.presenter.ts';
import { outlineRepository, type NewSyllabus } from './outline.repository.ts';
import { recycleBinService } from './recycle-bin.service.ts';

type CreateModule = z.output<typeof CreateModuleRequestSchema>;
type UpdateModule = z.output<typeof UpdateModuleRequestSchema>;
type CreateSyllabus = z.output<typeof CreateSyllabusRequestSchema>;
type UpdateSyllabus = z.output<typeof UpdateSyllabusRequestSchema>;

/**
 * The new order for a sort request: the listed ids first, then the others in their current order.
 * Listing an id twice, or one that is not a sibling, refuses the whole request.
 */
function reorder(current: readonly { id: number }[], ids: readonly number[]): number[] {
  const known = new Set(current.map((c) => c.id));
  const listed = new Set(ids);
  if (listed.size !== ids.length || ids.some((id) => !known.has(id))) {
    throw invalid({ ids: ['courses.sortIdsInvalid'] });
  }
  return [...ids, ...current.map((c) => c.id).filter((id) => !listed.has(id))];
}

/** Modules and syllabi: the outline activities hang from. */
export function outlineService(ctx: AppContext) {
  const repo = outlineRepository(ctx.db);
  const stamps = courseStampRepository(ctx.db);
  const recycleBin = recycleBinService(ctx);

  async function outlineOf(courseId: number): Promise<CourseModule[]> {
    const [modules, syllabi] = await Promise.all([repo.listModules(courseId), repo.listSyllabi(courseId)]);
    return presentModules(modules, syllabi);
  }

  async function findModule(id: number) {
    const module = await repo.findModule(id);
    if (!module) throw notFound('courses.moduleNotFound');
    return module;
  }

  async function findSyllabus(id: number) {
    const syllabus = await repo.findSyllabus(id);
    if (!syllabus) throw notFound('courses.syllabusNotFound');
    return syllabus;
  }

  /** The module a syllabus is put in must be one of the course's. */
  async function assertModuleOfCourse(moduleId: number, courseId: number) {
    const module = await repo.findModule(moduleId);
    if (!module || module.courseId !== courseId) throw invalid({ module_id: ['courses.moduleNotInCourse'] });
    return module;
  }

  return {
    /** `GET /api/courses/{id}/modules` as the response's JSON, from the cached course read. */
    async modulesJson(actor: Actor, courseId: number): Promise<string> {
      // The access and the content stamp in one round trip: this is asked whenever a course page opens.
      const { access, row } = accessWithRow(
        actor,
        courseId,
        await stamps.accessAndVersion(courseId, actor.userId),
      );
      assertCan(access, 'course.read');
      const { modules } = await cachedCourseRead(ctx.db, access, row.version);
      // Bypasses the route's serializer, so checked against the contract here outside production.
      if (ctx.config.env !== 'production') ModulesResponseSchema.parse(JSON.parse(modules));
      return modules;
    },

    async createModule(actor: Actor, courseId: number, input: CreateModule): Promise<CourseModule> {
      const access = await courseAccess(ctx.db).load(actor, courseId);
      assertCan(access, 'course.manage');
      const sort = input.sort ?? (await repo.nextModuleSort(courseId));
      const module = await repo.insertModule({ courseId, name: input.name, sort });
      return presentModule(module, []);
    },

    async updateModule(actor: Actor, moduleId: number, input: UpdateModule): Promise<CourseModule> {
      const module = await findModule(moduleId);
      const access = await courseAccess(ctx.db).load(actor, module.courseId);
      assertCan(access, 'course.manage');
      const values: { name?: string; sort?: number } = {};
      if (input.name !== undefined) values.name = input.name;
      if (input.sort !== undefined) values.sort = input.sort;
      const updated = await repo.updateModule(moduleId, values);
      if (!updated) throw notFound('courses.moduleNotFound');
      return presentModule(updated, await repo.listSyllabiOfModule(moduleId));
    },

    /** A module goes to the recycle bin with its syllabi and activities, and comes back with them. */
    async deleteModule(actor: Actor, moduleId: number): Promise<void> {
      const module = await findModule(moduleId);
      const access = await courseAccess(ctx.db).load(actor, module.courseId);
      assertCan(access, 'course.manage');
      await ctx.db.transaction((tx) =>
        recycleBin.moveToBin(
          actor,
          { type: 'module', id: module.id, courseId: module.courseId, title: module.name },
          tx,
        ),
      );
    },

    async sortModules(actor: Actor, courseId: number, ids: readonly number[]): Promise<CourseModule[]> {
      const access = await courseAccess(ctx.db).load(actor, courseId);
      assertCan(access, 'course.manage');
      await ctx.db.transaction(async (tx) => {
        const order = reorder(await repo.listModules(courseId, tx), ids);
        await repo.setModuleOrder(order, tx);
      });
      return outlineOf(courseId);
    },

    async createSyllabus(actor: Actor, courseId: number, input: CreateSyllabus): Promise<Syllabus> {
      const access = await courseAccess(ctx.db).load(actor, courseId);
      assertCan(access, 'course.manage');
      await assertModuleOfCourse(input.module_id, courseId);
      const sort = input.sort ?? (await repo.nextSyllabusSort(input.module_id));
      const syllabus = await repo.insertSyllabus({
        courseId,
        moduleId: input.module_id,
        summary: input.summary,
        sort,
      });
      return presentSyllabus(syllabus);
    },

    /** May move the syllabus to another module of the same course (to the end, unless a sort is given). */
    async updateSyllabus(actor: Actor, syllabusId: number, input: UpdateSyllabus): Promise<Syllabus> {
      const syllabus = await findSyllabus(syllabusId);
      const access = await courseAccess(ctx.db).load(actor, syllabus.courseId);
      assertCan(access, 'course.manage');
      const values: Partial<Pick<NewSyllabus, 'moduleId' | 'summary' | 'sort'>> = {};
      if (input.summary !== undefined) values.summary = input.summary;
      if (input.sort !== undefined) values.sort = input.sort;
      if (input.module_id !== undefined && input.module_id !== syllabus.moduleId) {
        await assertModuleOfCourse(input.module_id, syllabus.courseId);
        values.moduleId = input.module_id;
        values.sort ??= await repo.nextSyllabusSort(input.module_id);
      }
      const updated = await repo.updateSyllabus(syllabusId, values);
      if (!updated) throw notFound('courses.syllabusNotFound');
      return presentSyllabus(updated);
    },

    async deleteSyllabus(actor: Actor, syllabusId: number): Promise<void> {
      const syllabus = await findSyllabus(syllabusId);
      const access = await courseAccess(ctx.db).load(actor, syllabus.courseId);
      assertCan(access, 'course.manage');
      // Its activities stay in the module, shown without it until it is restored (decision 0015).
      await ctx.db.transaction((tx) =>
        recycleBin.moveToBin(
          actor,
          { type: 'syllabus', id: syllabus.id, courseId: syllabus.courseId, title: syllabus.summary },
          tx,
        ),
      );
    },

    async sortSyllabi(actor: Actor, moduleId: number, ids: readonly number[]): Promise<CourseModule> {
      const module = await findModule(moduleId);
      const access = await courseAccess(ctx.db).load(actor, module.courseId);
      assertCan(access, 'course.manage');
      await ctx.db.transaction(async (tx) => {
        const order = reorder(await repo.listSyllabiOfModule(moduleId, tx), ids);
        await repo.setSyllabusOrder(order, tx);
      });
      return presentModule(module, await repo.listSyllabiOfModule(moduleId));
    },
  };
}

export type OutlineService = ReturnType<typeof outlineService>;
