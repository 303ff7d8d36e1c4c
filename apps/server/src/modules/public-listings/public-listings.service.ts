import type {
  Classification,
  ClassificationBodySchema,
  ClassificationListResponse,
  CoursePublicSettings,
  CoursePublicSettingsSchema,
  CurriculumAdmin,
  CurriculumAdminList,
  CurriculumBodySchema,
  CurriculumDetail,
  CurriculumListQuerySchema,
  CurriculumListResponse,
  CurriculumStats,
  PublicCatalogResponse,
  PublicCourseDetail,
  PublicCourseListQuerySchema,
  PublicCourseListResponse,
  PublicCourseStats,
  PublicCourseSummary,
} from '@lectern/contracts/public-listings/public-listings.schemas';
import type {
  LiveActivitiesQuerySchema,
  LiveActivitiesResponse,
} from '@lectern/contracts/lecture-live/lecture-live.schemas';
import { pageMeta, type PageQuery } from '@lectern/contracts/common/pagination.schemas';
import type {
  CourseEstimateRepliesResponse,
  EstimatesResponse,
} from '@lectern/contracts/course-services/course-estimates.schemas';
import type { RegistrationStateResponse } from '@lectern/contracts/course-services/course-registration.schemas';
import type { HotTopicsResponseSchema } from '@lectern/contracts/discussions/discussions.schemas';
import type {
  TypicalMistakes,
  TypicalMistakesQuerySchema,
} from '@lectern/contracts/exams/exam-statistics.schemas';
import type { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { courseAccess } from '../courses/course-access.ts';
import { assertCan, can } from '../courses/courses.policy.ts';
import { courseEstimatesService } from '../course-services/course-estimates.service.ts';
import { courseRegistrationService } from '../course-services/course-registration.service.ts';
import { discussionsService } from '../discussions/discussions.service.ts';
import { itemAnalysisService } from '../exams/item-analysis.service.ts';
import { lectureLiveService } from '../lecture-live/lecture-live.service.ts';
import {
  presentCatalog,
  presentClassification,
  presentCourseSummary,
  presentCurriculum,
  presentCurriculumAdmin,
  presentPublicCourse,
  presentPublicCourseDetail,
} from './public-listings.presenter.ts';
import {
  portalOrgId,
  publicListingsRepository,
  type ClassificationKind,
  type PublicCourseRow,
} from './public-listings.repository.ts';
import { visibleTo, type Reader } from './public-course-visibility.ts';

type PublicCourseListQuery = z.output<typeof PublicCourseListQuerySchema>;
type CurriculumListQuery = z.output<typeof CurriculumListQuerySchema>;

/** Everything that is not readable answers exactly like something that does not exist. */
const hidden = () => notFound('publicListings.notFound');

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function positiveId(value: unknown): number | undefined {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined;
}

function flag(value: unknown): boolean | undefined {
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false') return false;
  return undefined;
}

/** A keyword is matched as a plain substring: `%` and `_` are ordinary characters. */
function keywordOf(value: string | undefined): string | null {
  const trimmed = value?.trim().toLowerCase() ?? '';
  if (trimmed.length > 100) throw invalid({ keyword: ['publicListings.keywordTooLong'] });
  return trimmed === '' ? null : trimmed;
}

export function publicListingsService(ctx: AppContext) {
  const repo = publicListingsRepository(ctx.db);

  async function readableCourse(reader: Reader, courseId: number): Promise<PublicCourseRow> {
    const row = await repo.courseCard(courseId);
    if (!row || !visibleTo(reader, row)) throw hidden();
    return row;
  }

  /**
   * Under `/api` a course's members also read its details and catalogue when it is not listed; anyone
   * else is answered as for a missing course, whatever the reason.
   */
  async function readableByMember(actor: Actor, courseId: number): Promise<PublicCourseRow> {
    const row = await repo.courseCard(courseId);
    if (!row) throw hidden();
    if (visibleTo(actor, row)) return row;
    const access = await courseAccess(ctx.db)
      .load(actor, courseId)
      .catch(() => null);
    if (!access || !can(access, 'course.read')) throw hidden();
    return row;
  }

  async function classificationOrgId(reader: Reader): Promise<number | null> {
    return reader ? reader.orgId : portalOrgId(ctx.db);
  }

  async function ownClassification(actor: Actor, kind: ClassificationKind, id: number) {
    const row = await repo.findClassification(kind, id);
    if (!row || row.orgId !== actor.orgId) throw notFound('publicListings.classificationUnknown');
    return row;
  }

  async function assertClassificationOf(
    kind: ClassificationKind,
    orgId: number,
    id: number | null,
  ): Promise<void> {
    if (id === null) return;
    const row = await repo.findClassification(kind, id);
    if (!row || row.orgId !== orgId) {
      throw invalid({ classification_id: ['publicListings.classificationUnknown'] });
    }
  }

  function money(amount: number | null): string | null {
    return amount === null ? null : amount.toFixed(2);
  }

  async function curriculumAdmin(id: number): Promise<CurriculumAdmin> {
    const row = await repo.findCurriculum(id);
    if (!row) throw notFound('publicListings.notFound');
    const links = await repo.curriculumCourseIds([id]);
    return presentCurriculumAdmin(
      row,
      links.map((l) => l.courseId),
    );
  }

  async function ownCurriculum(actor: Actor, id: number) {
    const row = await repo.findCurriculum(id);
    if (!row || row.orgId !== actor.orgId) throw notFound('publicListings.notFound');
    return row;
  }

  async function curriculumValues(actor: Actor, body: z.output<typeof CurriculumBodySchema>) {
    await assertClassificationOf('curriculum', actor.orgId, body.classification_id);
    const unique = [...new Set(body.course_ids)];
    const found = await repo.orgCourseIds(actor.orgId, unique);
    if (found.length !== unique.length) throw invalid({ course_ids: ['publicListings.courseUnknown'] });
    return {
      courseIds: unique,
      values: {
        name: body.name,
        cover: body.cover,
        classificationId: body.classification_id,
        publicScope: body.public_scope,
        signUpChargeAmount: money(body.sign_up_charge_amount),
        certificationTitle: body.certification_title,
        creditState: body.credit_state,
        startDate: body.start_date,
      },
    };
  }

  async function settingsOf(courseId: number): Promise<CoursePublicSettings> {
    const row = await repo.publicSettings(courseId);
    if (!row) throw notFound();
    const scope = row.publicScope === 'org' || row.publicScope === 'public' ? row.publicScope : 'private';
    return {
      public_scope: scope,
      classification_id: row.classificationId,
      sign_up_charge_amount: row.signUpChargeAmount === null ? null : Number(row.signUpChargeAmount),
      certification_title: row.certificationTitle,
      credit_state: row.creditState,
      public_typical_mistakes: row.publicTypicalMistakes === true,
    };
  }

  return {
    async classifications(kind: ClassificationKind, reader: Reader): Promise<ClassificationListResponse> {
      const orgId = await classificationOrgId(reader);
      const rows = orgId === null ? [] : await repo.classifications(kind, orgId);
      return { classifications: rows.map(presentClassification) };
    },

    async createClassification(
      actor: Actor,
      kind: ClassificationKind,
      body: z.output<typeof ClassificationBodySchema>,
    ): Promise<Classification> {
      const row = await repo.insertClassification(kind, { orgId: actor.orgId, ...body });
      if (!row) throw conflict(undefined, { name: ['publicListings.nameTaken'] });
      return presentClassification(row);
    },

    async updateClassification(
      actor: Actor,
      kind: ClassificationKind,
      id: number,
      body: z.output<typeof ClassificationBodySchema>,
    ): Promise<Classification> {
      await ownClassification(actor, kind, id);
      if (await repo.nameTaken(kind, actor.orgId, body.name, id)) {
        throw conflict(undefined, { name: ['publicListings.nameTaken'] });
      }
      const row = await repo.updateClassification(kind, id, body);
      if (!row) throw notFound('publicListings.classificationUnknown');
      return presentClassification(row);
    },

    async deleteClassification(actor: Actor, kind: ClassificationKind, id: number): Promise<void> {
      await ownClassification(actor, kind, id);
      await ctx.db.transaction((tx) => repo.deleteClassification(kind, id, tx));
    },

    async publicCourses(reader: Reader, query: PublicCourseListQuery): Promise<PublicCourseListResponse> {
      const c = query.conditions;
      const { rows, total } = await repo.publicCourses({
        orgId: reader?.orgId ?? null,
        classificationId: query.classification_id ?? positiveId(c.classification_id) ?? null,
        keyword: keywordOf(query.keyword ?? text(c.keyword)),
        isStarted: query.is_started ?? flag(c.is_started) ?? null,
        limit: query.page_size,
        offset: (query.page - 1) * query.page_size,
      });
      return { ...pageMeta(query, total), courses: rows.map(presentPublicCourse) };
    },

    async publicCourseStats(reader: Reader): Promise<PublicCourseStats> {
      const { total, students } = await repo.publicCourseStats({
        orgId: reader?.orgId ?? null,
        classificationId: null,
        keyword: null,
        isStarted: null,
        limit: 0,
        offset: 0,
      });
      return { course_count: total, student_count: students };
    },

    async curriculums(reader: Reader, query: CurriculumListQuery): Promise<CurriculumListResponse> {
      const c = query.conditions;
      const { rows, total } = await repo.curriculums({
        orgId: reader?.orgId ?? null,
        classificationId: query.classification_id ?? positiveId(c.classification_id) ?? null,
        keyword: keywordOf(query.keyword ?? text(c.keyword)),
        limit: query.page_size,
        offset: (query.page - 1) * query.page_size,
      });
      return { ...pageMeta(query, total), curriculums: rows.map(presentCurriculum) };
    },

    async curriculumStats(reader: Reader): Promise<CurriculumStats> {
      const { total, students } = await repo.curriculumStats({
        orgId: reader?.orgId ?? null,
        classificationId: null,
        keyword: null,
      });
      return { curriculum_count: total, student_count: students };
    },

    /** A curriculum with the courses of it the reader may see; a course they may not is left out. */
    async curriculum(reader: Reader, id: number): Promise<CurriculumDetail> {
      const row = await repo.findCurriculum(id);
      if (!row || !visibleTo(reader, row)) throw hidden();
      const order = (await repo.curriculumCourseIds([id])).map((l) => l.courseId);
      const cards = await repo.courseCards(order);
      const byId = new Map(cards.filter((c) => visibleTo(reader, c)).map((c) => [c.id, c]));
      const courses = order.flatMap((courseId) => {
        const card = byId.get(courseId);
        return card ? [presentPublicCourse(card)] : [];
      });
      return { ...presentCurriculum(row), courses };
    },

    async courseDetail(reader: Reader, courseId: number): Promise<PublicCourseDetail> {
      const row = await readableCourse(reader, courseId);
      return presentPublicCourseDetail(row, await repo.modulesOf(courseId));
    },

    async catalog(reader: Reader, courseId: number): Promise<PublicCatalogResponse> {
      await readableCourse(reader, courseId);
      return presentCatalog(await repo.publishedActivities(courseId));
    },

    /** `GET /api/courses/{id}` as the public page reads it, for a signed-in reader (members included). */
    async memberCourseDetail(actor: Actor, courseId: number): Promise<PublicCourseDetail> {
      const row = await readableByMember(actor, courseId);
      return presentPublicCourseDetail(row, await repo.modulesOf(courseId));
    },

    /** `GET /api/courses/{id}/catalog-activities`: the published catalogue, for a signed-in reader. */
    async memberCatalog(actor: Actor, courseId: number): Promise<PublicCatalogResponse> {
      await readableByMember(actor, courseId);
      return presentCatalog(await repo.publishedActivities(courseId));
    },

    /**
     * A public course's reviews and their replies, read by a visitor: nothing in them is theirs to edit.
     * The course is checked here first, so a private one answers exactly like a missing id.
     */
    async estimates(reader: Reader, courseId: number, query: PageQuery): Promise<EstimatesResponse> {
      await readableCourse(reader, courseId);
      return courseEstimatesService(ctx).publicPage(courseId, query);
    },

    async estimateReplies(reader: Reader, courseId: number): Promise<CourseEstimateRepliesResponse> {
      await readableCourse(reader, courseId);
      return courseEstimatesService(ctx).publicReplies(courseId);
    },

    /** The hot topics of a public course's forums, without their authors. */
    async hotTopics(reader: Reader, courseId: number): Promise<z.infer<typeof HotTopicsResponseSchema>> {
      await readableCourse(reader, courseId);
      return discussionsService(ctx).publicHotTopics(courseId);
    },

    /** A public course's counts, as its page shows them to a visitor. */
    async courseSummary(reader: Reader, courseId: number): Promise<PublicCourseSummary> {
      const row = await readableCourse(reader, courseId);
      return presentCourseSummary(row);
    },

    /**
     * A public course's typical mistakes, once its teaching team published them (course public settings);
     * until then, like everything a visitor may not read, exactly like a missing course.
     */
    async typicalMistakes(
      reader: Reader,
      courseId: number,
      query: z.output<typeof TypicalMistakesQuerySchema>,
    ): Promise<TypicalMistakes> {
      await readableCourse(reader, courseId);
      if ((await repo.publicSettings(courseId))?.publicTypicalMistakes !== true) throw hidden();
      return itemAnalysisService(ctx).publicTypicalMistakes(courseId, query);
    },

    /** A public course's published live and meeting activities, without their data or bookings. */
    async liveActivities(
      reader: Reader,
      courseId: number,
      query: z.output<typeof LiveActivitiesQuerySchema>,
    ): Promise<LiveActivitiesResponse> {
      await readableCourse(reader, courseId);
      return lectureLiveService(ctx).publicLiveActivities(courseId, query);
    },

    /** Whether a visitor could join a public course once signed in (its rules, window and places). */
    async registrationState(reader: Reader, courseId: number): Promise<RegistrationStateResponse> {
      await readableCourse(reader, courseId);
      return courseRegistrationService(ctx).state(null, courseId);
    },

    async publicSettings(actor: Actor, courseId: number): Promise<CoursePublicSettings> {
      assertCan(await courseAccess(ctx.db).load(actor, courseId), 'course.manage');
      return settingsOf(courseId);
    },

    async savePublicSettings(
      actor: Actor,
      courseId: number,
      body: z.output<typeof CoursePublicSettingsSchema>,
    ): Promise<CoursePublicSettings> {
      const access = await courseAccess(ctx.db).load(actor, courseId);
      assertCan(access, 'course.manage');
      await assertClassificationOf('course', access.orgId, body.classification_id);
      await ctx.db.transaction((tx) =>
        repo.savePublicSettings(
          courseId,
          {
            publicScope: body.public_scope,
            classificationId: body.classification_id,
            signUpChargeAmount: money(body.sign_up_charge_amount),
            certificationTitle: body.certification_title,
            creditState: body.credit_state,
            publicTypicalMistakes: body.public_typical_mistakes,
          },
          tx,
        ),
      );
      return settingsOf(courseId);
    },

    async curriculumsOfOrg(actor: Actor): Promise<CurriculumAdminList> {
      const rows = await repo.curriculumsOfOrg(actor.orgId);
      const links = await repo.curriculumCourseIds(rows.map((r) => r.id));
      return {
        curriculums: rows.map((row) =>
          presentCurriculumAdmin(
            row,
            links.filter((l) => l.curriculumId === row.id).map((l) => l.courseId),
          ),
        ),
      };
    },

    async createCurriculum(
      actor: Actor,
      body: z.output<typeof CurriculumBodySchema>,
    ): Promise<CurriculumAdmin> {
      const { values, courseIds } = await curriculumValues(actor, body);
      const id = await ctx.db.transaction(async (tx) => {
        const created = await repo.insertCurriculum(
          { ...values, orgId: actor.orgId, createdBy: actor.userId },
          tx,
        );
        await repo.replaceCurriculumCourses(created, courseIds, tx);
        return created;
      });
      return curriculumAdmin(id);
    },

    async updateCurriculum(
      actor: Actor,
      id: number,
      body: z.output<typeof CurriculumBodySchema>,
    ): Promise<CurriculumAdmin> {
      await ownCurriculum(actor, id);
      const { values, courseIds } = await curriculumValues(actor, body);
      await ctx.db.transaction(async (tx) => {
        await repo.updateCurriculum(id, values, tx);
        await repo.replaceCurriculumCourses(id, courseIds, tx);
      });
      return curriculumAdmin(id);
    },

    async deleteCurriculum(actor: Actor, id: number): Promise<void> {
      await ownCurriculum(actor, id);
      await repo.deleteCurriculum(id);
    },

    /** For the page meta tags: the title and description of a course or curriculum anyone may read. */
    async seoMeta(
      kind: 'course' | 'curriculum',
      id: number,
    ): Promise<{ title: string; description: string; image: string | null } | null> {
      if (kind === 'course') {
        const row = await repo.courseCard(id);
        if (!row || !visibleTo(null, row)) return null;
        const card = presentPublicCourse(row);
        const teachers = card.instructors.map((i) => i.name).join(', ');
        return {
          title: card.display_name,
          description: [row.secondName, teachers, row.classroomSchedule].filter(Boolean).join(' · '),
          image: card.cover,
        };
      }
      const row = await repo.findCurriculum(id);
      if (!row || !visibleTo(null, row)) return null;
      const card = presentCurriculum(row);
      return { title: card.name, description: card.certification_title ?? '', image: card.cover };
    },
  };
}

export type PublicListingsService = ReturnType<typeof publicListingsService>;
