import type { Database } from '../../platform/database.ts';
import { activitiesRepository } from './activities.repository.ts';

/**
 * One kind of learner record that makes changing or deleting an activity destructive: given activity
 * ids, it answers those that have such records. Domains that add learner records (submissions, scores,
 * forum posts) append their check here; have-dependents runs them all.
 */
export type DependentRecordCheck = (activityIds: readonly number[], db: Database) => Promise<number[]>;

export const DEPENDENT_RECORD_CHECKS: readonly DependentRecordCheck[] = [
  // Learners who have read or joined the activity.
  (activityIds, db) => activitiesRepository(db).idsWithReads(activityIds),
];
