/**
 * A paper's points (used and the exam's total) for other features, under the exams feature's own cache
 * key, so that invalidating the paper (after an import, say) refreshes the exam page too.
 */
export { paperPointsQueryOptions } from '../api/get-paper-points.ts';
export type { PaperRef } from '../api/authoring-keys.ts';
