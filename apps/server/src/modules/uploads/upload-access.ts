import { ANNOUNCEMENT_PARENT } from '@lectern/contracts/announcements/announcements.schemas';
import { ACTIVITY_PARENT } from '@lectern/contracts/uploads/upload.schemas';
import { MARKED_ATTACHMENT_PARENT } from '../../db/schema/exam-submissions.ts';
import {
  HOMEWORK_MARKED_ATTACHMENT_PARENT,
  HOMEWORK_REFERENCE_ANSWER_PARENT,
  HOMEWORK_SUBMISSION_PARENT,
} from '../../db/schema/homework.ts';
import { SUBJECT_IMAGE_PARENT } from '../../db/schema/exams.ts';
import {
  ACTIVITY_IMAGE_PARENT,
  DISCUSSION_IMAGE_PARENT,
  DISCUSSION_REPLY_IMAGE_PARENT,
  HOMEWORK_SUBMISSION_IMAGE_PARENT,
} from '../../db/schema/uploads.ts';
import type { Database, Executor } from '../../platform/database.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { activityAccess } from '../activities/activity-access.ts';
import { announcementUploadAccess } from '../announcements/announcement-upload-access.ts';
import { discussionUploadAccess } from '../discussions/discussion-upload-access.ts';
import { markedAttachmentAccess } from '../exams/marked-attachment-access.ts';
import { subjectImageAccess } from '../exams/subject-image-access.ts';
import { homeworkUploadAccess } from '../homework/homework-upload-access.ts';
import { downloadPrintRepository } from '../course-services/download-print-permissions.repository.ts';
import { sharedUploadAccess } from '../course-services/shared-upload-access.ts';
import { canDownloadAttachment, canManageUpload, underCourseRule } from './uploads.policy.ts';
import { uploadsRepository, type ReferenceRow, type UploadRow } from './uploads.repository.ts';

export type DownloadVerdict = 'allowed' | 'forbidden' | 'hidden';

/**
 * The parent types whose attachments grant reads: activities, a marker's files on a submission, and the
 * pictures inside questions.
 */
const READ_GRANTING_PARENTS = [
  ACTIVITY_PARENT,
  MARKED_ATTACHMENT_PARENT,
  SUBJECT_IMAGE_PARENT,
  HOMEWORK_SUBMISSION_PARENT,
  HOMEWORK_MARKED_ATTACHMENT_PARENT,
  HOMEWORK_REFERENCE_ANSWER_PARENT,
  ANNOUNCEMENT_PARENT,
  ACTIVITY_IMAGE_PARENT,
  DISCUSSION_IMAGE_PARENT,
  DISCUSSION_REPLY_IMAGE_PARENT,
  HOMEWORK_SUBMISSION_IMAGE_PARENT,
] as const;

/** Who may read or download an upload, decided from where it is attached. */
export function uploadAccess(db: Database) {
  const repo = uploadsRepository(db);
  const activities = activityAccess(db);
  const markedAttachments = markedAttachmentAccess(db);
  const subjectImages = subjectImageAccess(db);
  const homework = homeworkUploadAccess(db);
  const announcements = announcementUploadAccess(db);
  const discussions = discussionUploadAccess(db);
  const downloadRules = downloadPrintRepository(db);
  const shared = sharedUploadAccess(db);

  /** The references of these uploads the caller can reach: their activity visible, or their marked file readable. */
  async function reachable(actor: Actor, uploadIds: readonly number[], tx: Executor) {
    const references = await repo.referencesOfUploads(uploadIds, READ_GRANTING_PARENTS, tx);
    const ofType = (type: string) => references.filter((r) => r.parentType === type);
    const [visible, marked, pictured, homeworkFiles, announced, posted] = await Promise.all([
      // An activity's pictures are seen by whoever sees the activity (its attachments' rule, without
      // the download switch: a picture is part of the text).
      activities.visibleAmong(
        actor,
        [...ofType(ACTIVITY_PARENT), ...ofType(ACTIVITY_IMAGE_PARENT)].map((r) => r.parentId),
        tx,
      ),
      markedAttachments.readableAmong(
        actor,
        ofType(MARKED_ATTACHMENT_PARENT).map((r) => r.parentId),
        tx,
      ),
      subjectImages.readableAmong(
        actor,
        ofType(SUBJECT_IMAGE_PARENT).map((r) => r.parentId),
        tx,
      ),
      homework.readableAmong(
        actor,
        {
          submissions: [
            ...ofType(HOMEWORK_SUBMISSION_PARENT),
            ...ofType(HOMEWORK_SUBMISSION_IMAGE_PARENT),
          ].map((r) => r.parentId),
          marked: ofType(HOMEWORK_MARKED_ATTACHMENT_PARENT).map((r) => r.parentId),
          referenceAnswers: ofType(HOMEWORK_REFERENCE_ANSWER_PARENT).map((r) => r.parentId),
        },
        tx,
      ),
      announcements.readableAmong(
        actor,
        ofType(ANNOUNCEMENT_PARENT).map((r) => r.parentId),
        tx,
      ),
      discussions.readableAmong(
        actor,
        {
          comments: ofType(DISCUSSION_IMAGE_PARENT).map((r) => r.parentId),
          replies: ofType(DISCUSSION_REPLY_IMAGE_PARENT).map((r) => r.parentId),
        },
        tx,
      ),
    ]);
    const activityImages = new Set(
      ofType(ACTIVITY_IMAGE_PARENT)
        .filter((r) => visible.has(r.parentId))
        .map((r) => r.parentId),
    );
    const readable = { marked, pictured, homework: homeworkFiles, announced, posted, activityImages };
    return { references, visible, readable };
  }

  /** Marked files and question pictures are readable, and downloadable, whenever their parent is. */
  function isReadableThrough(
    reference: ReferenceRow,
    readable: {
      marked: Set<number>;
      pictured: Set<number>;
      homework: { submissions: Set<number>; marked: Set<number>; referenceAnswers: Set<number> };
      announced: Set<number>;
      posted: { comments: Set<number>; replies: Set<number> };
      activityImages: Set<number>;
    },
  ): boolean {
    const id = reference.parentId;
    switch (reference.parentType) {
      case MARKED_ATTACHMENT_PARENT:
        return readable.marked.has(id);
      case SUBJECT_IMAGE_PARENT:
        return readable.pictured.has(id);
      case HOMEWORK_SUBMISSION_PARENT:
        return readable.homework.submissions.has(id);
      case HOMEWORK_MARKED_ATTACHMENT_PARENT:
        return readable.homework.marked.has(id);
      case HOMEWORK_REFERENCE_ANSWER_PARENT:
        return readable.homework.referenceAnswers.has(id);
      case ANNOUNCEMENT_PARENT:
        return readable.announced.has(id);
      case ACTIVITY_IMAGE_PARENT:
        return readable.activityImages.has(id);
      case DISCUSSION_IMAGE_PARENT:
        return readable.posted.comments.has(id);
      case DISCUSSION_REPLY_IMAGE_PARENT:
        return readable.posted.replies.has(id);
      case HOMEWORK_SUBMISSION_IMAGE_PARENT:
        return readable.homework.submissions.has(id);
      default:
        return false;
    }
  }

  return {
    /**
     * Of these uploads, the ids the caller may read: their own, any of the organisation for its
     * administrators, any attached to an activity the caller can see, marked files of a submission the
     * caller may review with its scores, and files shared to a course the caller is a member of. Batched:
     * one query for the attachments, then a few per parent kind.
     */
    async readableIds(actor: Actor, rows: readonly UploadRow[], tx: Executor = db): Promise<Set<number>> {
      const readable = new Set<number>();
      const others: number[] = [];
      for (const upload of rows) {
        if (upload.orgId !== actor.orgId) continue;
        if (canManageUpload(actor, upload)) readable.add(upload.id);
        else others.push(upload.id);
      }
      if (others.length === 0) return readable;
      const { references, visible, readable: through } = await reachable(actor, others, tx);
      for (const reference of references) {
        if (
          (reference.parentType === ACTIVITY_PARENT && visible.has(reference.parentId)) ||
          isReadableThrough(reference, through)
        ) {
          readable.add(reference.uploadId);
        }
      }
      const unreached = others.filter((id) => !readable.has(id));
      for (const uploadId of (await shared.readableAmong(actor, unreached, tx)).keys())
        readable.add(uploadId);
      return readable;
    },

    /**
     * May the caller fetch this upload's bytes by its id? Its owner and org admins may; anyone else needs
     * an attachment of it on an activity they can see that lets them download, or a marked attachment of it
     * they may read (a marker's file is there to be taken away). Not readable at all reads as hidden (not
     * found); readable but not downloadable is forbidden.
     */
    async downloadVerdict(actor: Actor, upload: UploadRow, tx: Executor = db): Promise<DownloadVerdict> {
      if (upload.orgId !== actor.orgId) return 'hidden';
      if (canManageUpload(actor, upload)) return 'allowed';
      const { references, visible, readable } = await reachable(actor, [upload.id], tx);
      const forbidding = await downloadRules.forbiddingStudents(
        [...visible.values()].map((parent) => parent.access.courseId),
        'download',
        tx,
      );
      let seen = false;
      for (const reference of references) {
        if (isReadableThrough(reference, readable)) return 'allowed';
        const parent = reference.parentType === ACTIVITY_PARENT ? visible.get(reference.parentId) : undefined;
        if (!parent) continue;
        seen = true;
        const ruled = underCourseRule(reference, forbidding.has(parent.access.courseId));
        if (canDownloadAttachment(actor, parent.access, ruled, upload)) return 'allowed';
      }
      // A file shared to a course is one of its resources with no switch of its own: the course's
      // download rule alone decides for its students.
      const sharedTo = (await shared.readableAmong(actor, [upload.id], tx)).get(upload.id) ?? [];
      const sharedForbidding = await downloadRules.forbiddingStudents(
        sharedTo.map((a) => a.courseId),
        'download',
        tx,
      );
      for (const courseAccess of sharedTo) {
        seen = true;
        const ruled = underCourseRule({ allowDownload: true }, sharedForbidding.has(courseAccess.courseId));
        if (canDownloadAttachment(actor, courseAccess, ruled, upload)) return 'allowed';
      }
      return seen ? 'forbidden' : 'hidden';
    },
  };
}
