import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { HOMEWORK_STATUS } from '@lectern/contracts/homework/homework.rules';
import { ACTIVITY_PARENT } from '@lectern/contracts/uploads/upload.schemas';
import { activities, activityNotDeleted } from '../../db/schema/activities.ts';
import { courses, groupMembers } from '../../db/schema/courses.ts';
import { examSubmissions } from '../../db/schema/exam-submissions.ts';
import { h5LearnerStates } from '../../db/schema/h5-courseware.ts';
import { homeworkSubmissions, homeworkSubmitters } from '../../db/schema/homework.ts';
import { orgs } from '../../db/schema/identity.ts';
import { uploadReferences } from '../../db/schema/uploads.ts';
import type { Database, Executor } from '../../platform/database.ts';
import { withCompiledRows } from '../../platform/compiled-rows.ts';

/** Activity types whose `submitted` / `score` criteria are judged from their learners' work. */
export const WORK_COMPLETION_TYPES = ['homework', 'exam', 'classroom_exam'] as const;
const WORK_CRITERIA = ['submitted', 'score'] as const;

/**
 * Judged from the learner's work: homework and exams by `submitted` / `score`, H5 courseware by
 * `completeness` (what its package reported, decision 0018).
 */
export function judgedByWork(row: { type: string; completionCriterionKey: string }): boolean {
  if (row.type === 'h5_courseware') return row.completionCriterionKey === 'completeness';
  return (
    (WORK_COMPLETION_TYPES as readonly string[]).includes(row.type) &&
    (WORK_CRITERIA as readonly string[]).includes(row.completionCriterionKey)
  );
}

const viewer = sql.placeholder('userId');
const threshold = sql`coalesce(${activities.completionCriterionValue}, 0)`;
const groupSetOf = sql`(${activities.data}->>'group_set_id')::int`;

// Homework (issue 10; the only judge of homework completion): the student's, or for group work
// their group's, standing shows a hand-in that was not marked unsubmitted; for `score`, the latest
// hand-in's final score (or score) reaches the value.
const homeworkDone = sql`exists (
  select 1 from ${homeworkSubmitters}
  where ${homeworkSubmitters.activityId} = ${activities.id}
    and ${homeworkSubmitters.lastVersion} > 0
    and ${homeworkSubmitters.status} in (${HOMEWORK_STATUS.submitted}, ${HOMEWORK_STATUS.makeUp}, ${HOMEWORK_STATUS.redo})
    and case when ${groupSetOf} is null then ${homeworkSubmitters.userId} = ${viewer}
        else ${homeworkSubmitters.groupId} = (
          select ${groupMembers.groupId} from ${groupMembers}
          where ${groupMembers.userId} = ${viewer} and ${groupMembers.groupSetId} = ${groupSetOf})
        end
    and (${activities.completionCriterionKey} = 'submitted' or (
      select coalesce(${homeworkSubmissions.finalScore}, ${homeworkSubmissions.score})
      from ${homeworkSubmissions}
      where ${homeworkSubmissions.activityId} = ${activities.id}
        and not ${homeworkSubmissions.isDraft}
        and (${homeworkSubmissions.userId} = ${homeworkSubmitters.userId}
             or ${homeworkSubmissions.groupId} = ${homeworkSubmitters.groupId})
      order by ${homeworkSubmissions.version} desc
      limit 1) >= ${threshold}))`;

// Exams: a submitted attempt; for `score`, the exam's score rule (highest, last or average) over the
// submitted attempts reaches the value.
const examDone = sql`exists (
  select 1 from ${examSubmissions}
  where ${examSubmissions.activityId} = ${activities.id}
    and ${examSubmissions.examineeId} = ${viewer}
    and ${examSubmissions.status} = 'submitted'
  having count(*) > 0 and (${activities.completionCriterionKey} = 'submitted' or (case ${activities.data}->>'score_rule'
    when 'last' then (array_agg(${examSubmissions.score} order by ${examSubmissions.submittedAt} desc, ${examSubmissions.id} desc))[1]
    when 'average' then avg(${examSubmissions.score})
    else max(${examSubmissions.score}) end) >= ${threshold}))`;

// H5 courseware with the `completeness` criterion (decision 0018, the rule the H5 state endpoints apply):
// with the organisation's h5_courseware_completeness switch on, the learner's progress in a package still
// attached to the activity reaches the value (100 when unset); with it off (turned off after the criterion
// was chosen), the package's own completion status says completed.
const h5SwitchOn = sql`coalesce((
  select (${orgs.settings}->>'h5_courseware_completeness')::boolean
  from ${courses} join ${orgs} on ${orgs.id} = ${courses.orgId}
  where ${courses.id} = ${activities.courseId}), false)`;
const h5Done = sql`exists (
  select 1 from ${h5LearnerStates}
  join ${uploadReferences} on ${uploadReferences.uploadId} = ${h5LearnerStates.uploadId}
    and ${uploadReferences.parentType} = ${ACTIVITY_PARENT}
    and ${uploadReferences.parentId} = ${activities.id}
  where ${h5LearnerStates.activityId} = ${activities.id}
    and ${h5LearnerStates.userId} = ${viewer}
    and case when ${h5SwitchOn}
        then ${h5LearnerStates.progress} >= coalesce(${activities.completionCriterionValue}, 100)
        else ${h5LearnerStates.completionStatus} = 'completed' end)`;

/** The ids of the course's activities the learner has completed by their work (placeholders courseId, userId). */
export function completedByWorkQuery(tx: Executor) {
  return tx
    .select({ id: activities.id })
    .from(activities)
    .where(
      and(
        eq(activities.courseId, sql.placeholder('courseId')),
        activityNotDeleted,
        or(
          and(
            inArray(activities.type, [...WORK_COMPLETION_TYPES]),
            inArray(activities.completionCriterionKey, [...WORK_CRITERIA]),
          ),
          and(eq(activities.type, 'h5_courseware'), eq(activities.completionCriterionKey, 'completeness')),
        ),
        sql`case ${activities.type} when 'homework' then ${homeworkDone} when 'h5_courseware' then ${h5Done} else ${examDone} end`,
      ),
    );
}

function prepareCompleted(tx: Executor) {
  return withCompiledRows(completedByWorkQuery(tx).prepare('activities_completed_by_work'));
}

/**
 * Which of a course's homework, exams and H5 courseware a learner has completed by their own work: one prepared
 * statement for the whole course, so the activity list pays one query whatever its length.
 */
export function activityCompletion(db: Database) {
  let onDb: ReturnType<typeof prepareCompleted> | undefined;
  const statement = (tx: Executor) => (tx === db ? (onDb ??= prepareCompleted(db)) : prepareCompleted(tx));
  return {
    async completedByWork(courseId: number, userId: number, tx: Executor = db): Promise<Set<number>> {
      const rows = await statement(tx).execute({ courseId, userId });
      return new Set(rows.map((r) => r.id));
    },
  };
}
