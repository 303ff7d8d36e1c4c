/**
 * The question paper an editor works on: an exam's main or make-up paper, or a classroom exam. Exams and
 * classroom exams are activities, so `id` is the activity id.
 */
export interface PaperRef {
  kind: 'exam' | 'classroom';
  id: number;
  isMakeup: boolean;
}

/** Every cached authoring entry (papers, points, libraries) lives under this prefix. */
export const authoringQueryKey = ['exams', 'authoring'] as const;

export function paperBaseKey(paper: Pick<PaperRef, 'kind' | 'id'>) {
  return [...authoringQueryKey, 'paper', paper.kind, paper.id] as const;
}

export function paperSubjectsBaseKey(paper: PaperRef) {
  return [...paperBaseKey(paper), paper.isMakeup ? 'makeup' : 'main', 'subjects'] as const;
}

export function paperPointsKey(paper: PaperRef) {
  return [...paperBaseKey(paper), paper.isMakeup ? 'makeup' : 'main', 'points'] as const;
}

export const libsQueryKey = [...authoringQueryKey, 'libs'] as const;

export function libQueryBaseKey(libId: number) {
  return [...libsQueryKey, 'detail', libId] as const;
}

/** `/api/exams/{id}` or `/api/classroom-exams/{id}`: where a paper's questions are listed and added. */
export function paperPath(paper: Pick<PaperRef, 'kind' | 'id'>): string {
  return paper.kind === 'exam' ? `/api/exams/${paper.id}` : `/api/classroom-exams/${paper.id}`;
}

/** `is_makeup_exam` for an exam's make-up paper; classroom exams have one paper only. */
export function makeupQuery(paper: PaperRef): { is_makeup_exam?: 1 } {
  return paper.kind === 'exam' && paper.isMakeup ? { is_makeup_exam: 1 } : {};
}
