import type {
  AskQuestion,
  AskQuestionPick,
  AskQuestionType,
} from '@lectern/contracts/ask-questions/ask-questions.schemas';
import type { AskQuestionRow, GroupRef, PickRow, StudentRef } from './ask-questions.repository.ts';

export type PickNames = {
  users: ReadonlyMap<number, StudentRef>;
  groups: ReadonlyMap<number, GroupRef>;
  groupMembers: ReadonlyMap<number, StudentRef[]>;
};

const person = (s: StudentRef) => ({ id: s.id, name: s.name, user_no: s.userNo });

export function presentPick(pick: PickRow, names: PickNames): AskQuestionPick {
  return {
    id: pick.id,
    round: pick.round,
    picked_at: pick.pickedAt.toISOString(),
    // A drawn user since removed from the system drops out of the list rather than showing a blank.
    students: pick.userIds.flatMap((id) => {
      const s = names.users.get(id);
      return s ? [person(s)] : [];
    }),
    groups: pick.groupIds.flatMap((id) => {
      const g = names.groups.get(id);
      return g ? [{ id: g.id, name: g.name, members: (names.groupMembers.get(id) ?? []).map(person) }] : [];
    }),
  };
}

export function presentAskQuestion(row: AskQuestionRow, pick: AskQuestionPick | null): AskQuestion {
  return {
    id: row.id,
    course_id: row.courseId,
    module_id: row.moduleId,
    syllabus_id: row.syllabusId,
    type: row.type as AskQuestionType,
    title: row.title,
    data: { question: row.question, select_num: row.selectNum, group_set_id: row.groupSetId },
    avoid_recent: row.avoidRecent,
    end_time: row.endTime?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    current_pick: pick,
  };
}
