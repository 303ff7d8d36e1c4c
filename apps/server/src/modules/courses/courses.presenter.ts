import type {
  Course,
  CourseModule,
  CourseSummary,
  Group,
  GroupSet,
  Member,
  Person,
  Semester,
  Syllabus,
} from '@lectern/contracts/courses/course.schemas';
import type { CourseRole } from '@lectern/contracts/courses/course-roles';
import { isCourseCoverUrl } from '@lectern/contracts/courses/cover-url';
import { rolesOf } from './course-access.ts';
import type { CourseDetailRow, CourseRow, InstructorRow, SemesterWithYearRow } from './courses.repository.ts';
import type {
  GroupMembershipRow,
  GroupRow,
  GroupSetRow,
  GroupUserRow,
  PersonRow,
} from './group-sets.repository.ts';
import type { MemberRow } from './members.repository.ts';
import type { ModuleRow, SyllabusRow } from './outline.repository.ts';

/** A cover stored before addresses were checked is not shown unless it passes the check now. */
function shownCover(cover: string | null): string | null {
  return cover !== null && isCourseCoverUrl(cover) ? cover : null;
}

/** Rows become wire shapes here and nowhere else. */

/** How the viewer stands in the course, as the course read reports it. */
export type Viewer = { roles: readonly CourseRole[]; simulating: boolean; canManage: boolean };

type Ref = { id: number; name: string };

export type CourseExtras = {
  modules: CourseModule[];
  instructors: readonly InstructorRow[];
  studentsCount: number;
  openedDepartments: readonly Ref[];
  publicToOrgs: readonly Ref[];
};

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function idList(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v) && v > 0) : [];
}

/**
 * Sharing settings have no columns of their own: they live in `courses.access` (opened_roles,
 * opened_department_ids, public_to_org_ids) and `courses.course_attributes` (pictures,
 * selected_certification), as the original system keeps them.
 */
export function courseSharing(row: CourseRow) {
  const certification = row.courseAttributes.selected_certification;
  return {
    openedRoles: stringList(row.access.opened_roles),
    openedDepartmentIds: idList(row.access.opened_department_ids),
    publicToOrgIds: idList(row.access.public_to_org_ids),
    pictures: stringList(row.courseAttributes.pictures),
    selectedCertification: typeof certification === 'string' ? certification : null,
  };
}

function presentInstructor(row: InstructorRow) {
  return { id: row.id, name: row.name, avatar_small_url: row.avatarSmallUrl };
}

export function presentCourse(row: CourseDetailRow, extras: CourseExtras, viewer: Viewer): Course {
  const { course } = row;
  const sharing = courseSharing(course);
  return {
    id: course.id,
    name: course.name,
    display_name: course.displayName ?? course.name,
    second_name: course.secondName,
    course_subject_id: course.courseSubjectId,
    subject_code: course.subjectCode,
    course_code: course.courseCode,
    academic_year: row.academicYear,
    semester: row.semester && { id: row.semester.id, name: row.semester.name, code: row.semester.code },
    academic_year_id: course.academicYearId,
    semester_id: course.semesterId,
    compulsory: course.compulsory,
    start_date: course.startDate,
    end_date: course.endDate,
    classroom_schedule: course.classroomSchedule,
    credit: course.credit,
    course_type: course.courseType,
    department: row.department,
    imported_from: course.importedFrom,
    grade: course.grade,
    klass: course.klass,
    instructors: extras.instructors.map(presentInstructor),
    created_user: { id: row.creator.id, name: row.creator.name },
    public_scope: course.publicScope,
    cover: shownCover(course.cover),
    access: course.access,
    course_attributes: course.courseAttributes,
    // Classifications are not modelled yet: the id is kept, the named reference cannot be resolved.
    course_classification: null,
    classification_id: course.classificationId,
    course_pictures: sharing.pictures,
    opened_roles: sharing.openedRoles,
    opened_departments: [...extras.openedDepartments],
    selected_certification: sharing.selectedCertification,
    public_to_orgs: [...extras.publicToOrgs],
    students_count: extras.studentsCount,
    modules: extras.modules,
    is_blocked: course.isBlocked,
    created_at: course.createdAt.toISOString(),
    current_user_roles: [...viewer.roles],
    simulating: viewer.simulating,
    can_manage: viewer.canManage,
  };
}

export function presentCourseSummary(
  row: CourseDetailRow,
  extras: { instructors: readonly InstructorRow[]; studentsCount: number },
  roles: readonly CourseRole[],
): CourseSummary {
  const { course } = row;
  return {
    id: course.id,
    name: course.name,
    display_name: course.displayName ?? course.name,
    course_code: course.courseCode,
    cover: shownCover(course.cover),
    course_type: course.courseType,
    academic_year: row.academicYear,
    semester: row.semester && { id: row.semester.id, name: row.semester.name, code: row.semester.code },
    start_date: course.startDate,
    end_date: course.endDate,
    department: row.department,
    klass: course.klass,
    instructors: extras.instructors.map(presentInstructor),
    students_count: extras.studentsCount,
    current_user_roles: [...roles],
    is_blocked: course.isBlocked,
    created_at: course.createdAt.toISOString(),
  };
}

/** Only the named top-level fields, and id always; names the shape does not have are ignored. */
export function selectFields<T extends { id: number }>(
  value: T,
  fields: ReadonlySet<string> | undefined,
): Partial<T> & { id: number } {
  if (!fields) return value;
  const out: Partial<T> & { id: number } = { id: value.id } as Partial<T> & { id: number };
  for (const name of fields) {
    if (Object.hasOwn(value, name)) (out as Record<string, unknown>)[name] = value[name as keyof T];
  }
  return out;
}

export function presentSemester(row: SemesterWithYearRow): Semester {
  return {
    id: row.semester.id,
    name: row.semester.name,
    code: row.semester.code,
    sort: row.semester.sort,
    start_date: row.semester.startDate,
    end_date: row.semester.endDate,
    academic_year: row.academicYear,
  };
}

export function presentSyllabus(row: SyllabusRow): Syllabus {
  return { id: row.id, summary: row.summary, module_id: row.moduleId, sort: row.sort };
}

/** Syllabi arrive sorted (sort, id); each lands in its module, which keeps that order. */
export function presentModules(
  modules: readonly ModuleRow[],
  syllabi: readonly SyllabusRow[],
): CourseModule[] {
  const byModule = new Map<number, Syllabus[]>();
  for (const s of syllabi) {
    const list = byModule.get(s.moduleId) ?? [];
    list.push(presentSyllabus(s));
    byModule.set(s.moduleId, list);
  }
  return modules.map((m) => ({ id: m.id, name: m.name, sort: m.sort, syllabuses: byModule.get(m.id) ?? [] }));
}

export function presentModule(module: ModuleRow, syllabi: readonly SyllabusRow[]): CourseModule {
  return { id: module.id, name: module.name, sort: module.sort, syllabuses: syllabi.map(presentSyllabus) };
}

/** Contacts (e-mail, whether a phone is bound) only for viewers allowed to read them. */
export function presentMember(row: MemberRow, showContacts: boolean): Member {
  return {
    id: row.userId,
    name: row.name,
    user_no: row.userNo,
    avatar_small_url: row.avatarSmallUrl,
    email: showContacts ? row.email : null,
    mobile_phone_bound: showContacts && Boolean(row.mobilePhone),
    department: row.department,
    course_roles: rolesOf(row.roles),
    is_chief_instructor: row.isChiefInstructor,
    joined_at: row.joinedAt.toISOString(),
  };
}

export function presentPerson(row: PersonRow): Person {
  return { id: row.id, name: row.name, user_no: row.userNo, avatar_small_url: row.avatarSmallUrl };
}

export function presentGroup(row: GroupRow, memberships: readonly GroupMembershipRow[]): Group {
  const own = memberships.filter((m) => m.groupId === row.id);
  return {
    id: row.id,
    name: row.name,
    sort: row.sort,
    group_set_id: row.groupSetId,
    members: own.map(presentPerson),
    leaders: own.filter((m) => m.isLeader).map(presentPerson),
  };
}

/**
 * Sets with their set-wide members and leaders. Groups are listed for the sets in `groupsOf` only
 * (the preload choice); the other sets answer `groups: []`.
 */
export function presentGroupSets(
  sets: readonly GroupSetRow[],
  groups: readonly GroupRow[],
  memberships: readonly GroupMembershipRow[],
  groupsOf: (setId: number) => boolean,
): GroupSet[] {
  return sets.map((set) => {
    const inSet = memberships.filter((m) => m.groupSetId === set.id);
    return {
      id: set.id,
      group_set_id: set.id,
      name: set.name,
      members: inSet.map(presentPerson),
      leaders: inSet.filter((m) => m.isLeader).map(presentPerson),
      created_at: set.createdAt.toISOString(),
      sort: set.sort,
      groups: groupsOf(set.id)
        ? groups.filter((g) => g.groupSetId === set.id).map((g) => presentGroup(g, memberships))
        : [],
    };
  });
}

export function presentGroupUser(row: GroupUserRow): Person & { group_name: string } {
  return { ...presentPerson(row), group_name: row.groupName };
}
