import fastJson from 'fast-json-stringify';
import {
  CourseSchema,
  ModulesResponseSchema,
  type Course,
  type CourseModule,
} from '@lectern/contracts/courses/course.schemas';
import { versionedCachePerDatabase, type Built } from '../../platform/cache/versioned-cache.ts';
import type { Database } from '../../platform/database.ts';
import { notFound } from '../../platform/errors.ts';
import { responseJsonSchema } from '../../platform/http/serialization.ts';
import { can, type CourseAccess } from './courses.policy.ts';
import { courseSharing, presentCourse, presentModules } from './courses.presenter.ts';
import { coursesRepository } from './courses.repository.ts';
import { outlineRepository } from './outline.repository.ts';

/** What differs per viewer of a course read: merged per request, never cached. */
export type CourseViewerFields = Pick<Course, 'current_user_roles' | 'simulating' | 'can_manage'>;

/** A course as every viewer sees it alike. */
export type SharedCourse = Omit<Course, keyof CourseViewerFields>;

// Written by fast-json-stringify from the contract, as the routes' own serializer would: only the
// contract's fields, and a missing required one still throws.
type CompiledSchema = Parameters<typeof fastJson>[0];
const stringifyShared = fastJson(
  responseJsonSchema(
    CourseSchema.omit({ current_user_roles: true, simulating: true, can_manage: true }),
  ) as unknown as CompiledSchema,
);
const stringifyModules = fastJson(responseJsonSchema(ModulesResponseSchema) as unknown as CompiledSchema);

export type CourseReadEntry = {
  /** For `?fields=` selections, which go through the route's serializer. */
  course: SharedCourse;
  /** The course's JSON without the viewer's fields and without its closing brace. */
  head: string;
  /** The outline's whole response body, `{"modules":[...]}`. */
  modules: string;
};

function courseReadEntry(course: SharedCourse, modules: readonly CourseModule[]): Built<CourseReadEntry> {
  const json = stringifyShared(course);
  const head = json.slice(0, json.lastIndexOf('}'));
  const outline = stringifyModules({ modules });
  // Nothing in a course read is derived from the clock: only a write moves it on.
  return {
    value: { course, head, modules: outline },
    weight: head.length + outline.length,
    expiresAt: Infinity,
  };
}

/**
 * The course read's body for one viewer: the cached head with the viewer's fields appended, in the
 * contract's field order (they are its last three).
 */
export function courseJson(entry: CourseReadEntry, viewer: CourseViewerFields): string {
  return (
    `${entry.head},"current_user_roles":${JSON.stringify(viewer.current_user_roles)},` +
    `"simulating":${viewer.simulating},"can_manage":${viewer.can_manage}}`
  );
}

/**
 * Course reads and outlines by course id, stamped with the course's content version (the triggers of
 * migrations 0013, 0021 and 0025 move it on every write to what they show). A course read is about 2 kB of
 * JSON plus its outline, so the weight bound (UTF-16 characters) keeps this near 32 MB at worst.
 */
const courseReadCache = versionedCachePerDatabase<CourseReadEntry>({
  maxEntries: 5_000,
  maxWeight: 16 * 1024 * 1024,
});

/** Reads one course as the viewer sees it, everything it shows (each part one query, run together). */
export async function readCourse(db: Database, access: CourseAccess): Promise<Course> {
  const repo = coursesRepository(db);
  const outline = outlineRepository(db);
  const row = await repo.findDetail(access.courseId);
  if (!row) throw notFound();
  const sharing = courseSharing(row.course);
  const [modules, syllabi, instructors, counts, openedDepartments, publicToOrgs] = await Promise.all([
    outline.listModules(access.courseId),
    outline.listSyllabi(access.courseId),
    repo.listInstructors([access.courseId]),
    repo.countMembersWithRole([access.courseId], 'student'),
    repo.findDepartmentsByIds(access.orgId, sharing.openedDepartmentIds),
    repo.findOrgsByIds(sharing.publicToOrgIds),
  ]);
  return presentCourse(
    row,
    {
      modules: presentModules(modules, syllabi),
      instructors,
      studentsCount: counts[0]?.total ?? 0,
      openedDepartments,
      publicToOrgs,
    },
    {
      roles: access.effectiveRoles,
      simulating: access.simulating,
      canManage: can(access, 'course.manage'),
    },
  );
}

/**
 * The course read's part alike for every viewer, presented and serialised once per content version
 * ; `current_user_roles`, `simulating` and `can_manage` are the viewer's own.
 */
export async function cachedCourseRead(
  db: Database,
  access: CourseAccess,
  version: string,
): Promise<CourseReadEntry> {
  return courseReadCache(db).get(String(access.courseId), version, Date.now(), async () => {
    // Only the course's own facts (id, organisation) are read from `access`; the viewer's are dropped.
    const {
      current_user_roles: _roles,
      simulating: _simulating,
      can_manage: _canManage,
      ...shared
    } = await readCourse(db, access);
    return courseReadEntry(shared, shared.modules);
  });
}
