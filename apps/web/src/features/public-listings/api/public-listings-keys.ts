import type {
  CurriculumListQuery,
  PublicCourseListQuery,
} from '@lectern/contracts/public-listings/public-listings.schemas';

export const publicListingsKeys = {
  all: ['public-listings'] as const,
  classifications: (kind: 'course' | 'curriculum') => ['public-listings', 'classifications', kind] as const,
  courses: (query: PublicCourseListQuery) => ['public-listings', 'courses', query] as const,
  courseStats: () => ['public-listings', 'course-stats'] as const,
  curriculums: (query: CurriculumListQuery) => ['public-listings', 'curriculums', query] as const,
  curriculum: (id: number) => ['public-listings', 'curriculum', id] as const,
  course: (id: number) => ['public-listings', 'course', id] as const,
  catalog: (id: number) => ['public-listings', 'catalog', id] as const,
  /** A course's promotion video, as a member (`/api`) or a visitor (`/anonymous-api`) reads it. */
  video: (id: number, reader: 'member' | 'visitor') => ['public-listings', 'video', id, reader] as const,
};
export const coursePublicSettingsKey = (courseId: number) =>
  ['public-listings', 'public-settings', courseId] as const;
