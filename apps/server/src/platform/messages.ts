import { z } from 'zod';
import type { Locale } from '@lectern/contracts/common/locale';
import { errorCodeMessages, formatMessage, type MessageParams } from '@lectern/contracts/common/messages';
import { platformMessages } from '@lectern/contracts/common/platform.messages';
import { storableTextMessages } from '@lectern/contracts/common/storable-text';
import { activitiesMessages } from '@lectern/contracts/activities/activities.messages';
import { announcementsMessages } from '@lectern/contracts/announcements/announcements.messages';
import { calendarMessages } from '@lectern/contracts/calendar/calendar.messages';
import { coursesMessages } from '@lectern/contracts/courses/courses.messages';
import { publicListingsMessages } from '@lectern/contracts/public-listings/public-listings.messages';
import { dataImportMessages } from '@lectern/contracts/data-import/data-import.messages';
import { interchangeMessages } from '@lectern/contracts/data-import/interchange.messages';
import { discussionsMessages } from '@lectern/contracts/discussions/discussions.messages';
import { examTakingMessages } from '@lectern/contracts/exams/exam-taking.messages';
import { examsMessages } from '@lectern/contracts/exams/exams.messages';
import { examStatisticsMessages } from '@lectern/contracts/exams/exam-statistics.messages';
import { gradebookMessages } from '@lectern/contracts/gradebook/gradebook.messages';
import { subjectMessages } from '@lectern/contracts/exams/subject.messages';
import { duplicateCheckMessages } from '@lectern/contracts/homework/duplicate-check.messages';
import { homeworkMessages } from '@lectern/contracts/homework/homework.messages';
import { identityMessages } from '@lectern/contracts/identity/identity.messages';
import { orgAdminMessages } from '@lectern/contracts/identity/org-admin.messages';
import { rollcallsMessages } from '@lectern/contracts/rollcalls/rollcalls.messages';
import { askQuestionsMessages } from '@lectern/contracts/ask-questions/ask-questions.messages';
import { rubricsMessages } from '@lectern/contracts/rubrics/rubrics.messages';
import { searchMessages } from '@lectern/contracts/search/search.messages';
import { uploadsMessages } from '@lectern/contracts/uploads/uploads.messages';
import { questionnairesMessages } from '@lectern/contracts/questionnaires/questionnaires.messages';
import { votesMessages } from '@lectern/contracts/votes/votes.messages';
import { meetingsMessages } from '@lectern/contracts/meetings/meetings.messages';
import { coursewareQuizzesMessages } from '@lectern/contracts/courseware-quizzes/courseware-quizzes.messages';
import { aiMessages } from '@lectern/contracts/ai/ai.messages';
import { courseServicesMessages } from '@lectern/contracts/course-services/course-services.messages';
import { h5CoursewareMessages } from '@lectern/contracts/h5-courseware/h5-courseware.messages';
import { activityResourcesMessages } from '@lectern/contracts/activity-resources/activity-resources.messages';
import { knowledgeImportMessages } from '@lectern/contracts/knowledge-graph/knowledge-import.contract';
import { knowledgeGraphMessages } from '@lectern/contracts/knowledge-graph/knowledge-graph.messages';
import { knowledgeSyncMessages } from '@lectern/contracts/knowledge-graph/knowledge-sync.messages';
import { courseCombiningMessages } from '@lectern/contracts/course-combining/course-combining.messages';
import { lectureLiveMessages } from '@lectern/contracts/lecture-live/lecture-live.messages';

/** Every catalogued server message. A domain adds its catalogue here once. */
const catalogue = {
  ...errorCodeMessages,
  ...storableTextMessages,
  ...platformMessages,
  ...identityMessages,
  ...orgAdminMessages,
  ...coursesMessages,
  ...activitiesMessages,
  ...uploadsMessages,
  ...discussionsMessages,
  ...subjectMessages,
  ...examTakingMessages,
  ...examsMessages,
  ...examStatisticsMessages,
  ...dataImportMessages,
  ...interchangeMessages,
  ...gradebookMessages,
  ...rubricsMessages,
  ...homeworkMessages,
  ...duplicateCheckMessages,
  ...calendarMessages,
  ...searchMessages,
  ...announcementsMessages,
  ...rollcallsMessages,
  ...votesMessages,
  ...h5CoursewareMessages,
  ...activityResourcesMessages,
  ...meetingsMessages,
  ...coursewareQuizzesMessages,
  ...questionnairesMessages,
  ...askQuestionsMessages,
  ...aiMessages,
  ...courseCombiningMessages,
  ...publicListingsMessages,
  ...lectureLiveMessages,
  ...courseServicesMessages,
  ...knowledgeImportMessages,
  ...knowledgeGraphMessages,
  ...knowledgeSyncMessages,
};

export type MessageKey = keyof typeof catalogue;

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(catalogue, value);
}

export function translate(locale: Locale, key: MessageKey, params?: MessageParams): string {
  return formatMessage(catalogue[key][locale], params);
}

const zodLocales: Record<Locale, ReturnType<typeof z.locales.en>> = {
  'zh-CN': z.locales.zhCN(),
  'zh-TW': z.locales.zhTW(),
  'en-US': z.locales.en(),
};

/**
 * Renders one request-validation issue in the caller's language. A schema that names a catalogue key as
 * its message gets that sentence (with the issue's bounds as params); anything else gets zod's own
 * localised wording.
 */
export function translateIssue(locale: Locale, issue: z.core.$ZodIssue): string {
  if (isMessageKey(issue.message)) {
    const params: Record<string, string | number> = {};
    for (const name of ['minimum', 'maximum'] as const) {
      const value = (issue as unknown as Record<string, unknown>)[name];
      if (typeof value === 'number' || typeof value === 'bigint') params[name] = Number(value);
    }
    return translate(locale, issue.message, params);
  }
  const localised = zodLocales[locale].localeError(issue as unknown as z.core.$ZodRawIssue);
  if (typeof localised === 'string') return localised;
  return localised?.message ?? issue.message;
}
