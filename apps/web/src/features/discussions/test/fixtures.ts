import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import type { Course } from '@lectern/contracts/courses/course.schemas';
import type {
  Comment,
  CommentAuthor,
  CommentsResponse,
  Reply,
  Topic,
} from '@lectern/contracts/discussions/discussions.schemas';
import { makeCourse } from '../../../test/fixtures.ts';

/** Discussions test data, shaped exactly like the API's answers (they pass the contract schemas). */

export const ACTIVITY_ID = 5;

/** A course the viewer takes as a student. */
export function makeStudentCourse(overrides: Partial<Course> = {}): Course {
  return makeCourse({ current_user_roles: ['student'], can_manage: false, ...overrides });
}

export function makeAuthor(overrides: Partial<CommentAuthor> = {}): CommentAuthor {
  return {
    id: 21,
    aliases: null,
    name: 'Wang Fang',
    user_no: 'S021',
    avatar_big_url: null,
    course_roles: ['student'],
    ...overrides,
  };
}

export function makeComment(overrides: Partial<Comment> = {}): Comment {
  return {
    id: 1,
    activity_id: ACTIVITY_ID,
    content: '<p>Great lecture</p>',
    comment_type: 'forum',
    course_role: 'student',
    created_at: '2026-03-02T08:00:00.000Z',
    updated_at: '2026-03-02T08:00:00.000Z',
    created_by: makeAuthor(),
    location: null,
    referrer_type: 'none',
    referrer_id: null,
    approval_count: 3,
    reply_count: 0,
    anonymous: false,
    current_user_liked: false,
    title: null,
    last_replied_at: null,
    comment_replies: [],
    can_edit: false,
    can_delete: false,
    can_like: true,
    ...overrides,
  };
}

export function makeQuestion(overrides: Partial<Comment> = {}): Comment {
  return makeComment({
    comment_type: 'question',
    content: 'Why is the heap a tree?',
    referrer_type: 'upload_reference',
    referrer_id: 9,
    location: '3',
    ...overrides,
  });
}

export function makeReply(overrides: Partial<Reply> = {}): Reply {
  return {
    id: 100,
    content: '<p>I agree</p>',
    comment_id: 1,
    created_at: '2026-03-02T09:00:00.000Z',
    updated_at: '2026-03-02T09:00:00.000Z',
    created_by: makeAuthor({ id: 22, name: 'Chen Jie' }),
    course_role: 'student',
    approval_count: 0,
    reply_count: 0,
    anonymous: false,
    parent: null,
    parent_id: 0,
    current_user_liked: false,
    can_edit: false,
    can_delete: false,
    can_like: true,
    ...overrides,
  };
}

export function makeTopic(overrides: Partial<Topic> = {}): Topic {
  return {
    id: 50,
    activity_id: ACTIVITY_ID,
    title: 'Exam preparation',
    content: '<p>Which chapters matter most for the exam?</p>',
    course_role: 'student',
    created_by: makeAuthor(),
    created_at: '2026-03-01T08:00:00.000Z',
    updated_at: '2026-03-01T08:00:00.000Z',
    reply_count: 2,
    approval_count: 1,
    anonymous: false,
    last_replied_at: '2026-03-03T10:30:00.000Z',
    current_user_liked: false,
    can_edit: false,
    can_delete: false,
    can_like: true,
    ...overrides,
  };
}

/** One page of GET /api/activities/{id}/comments. */
export function commentsPage(
  comments: Comment[],
  {
    total = comments.length,
    page = 1,
    pageSize = 10,
    nextCursor = null,
  }: {
    total?: number;
    page?: number;
    pageSize?: number;
    nextCursor?: string | null;
  } = {},
): CommentsResponse {
  return {
    comments,
    total,
    pages: Math.max(1, Math.ceil(total / pageSize)),
    page,
    page_size: pageSize,
    next_cursor: nextCursor,
  };
}

export function makeForumActivity(overrides: Partial<Activity> = {}): Activity {
  return {
    id: ACTIVITY_ID,
    course_id: 42,
    module_id: 11,
    syllabus_id: null,
    module_name: 'Week 1',
    syllabus_summary: null,
    type: 'forum',
    title: 'Course forum',
    data: {},
    start_time: null,
    end_time: null,
    last_sub_meeting_end_time: null,
    published: true,
    is_started: true,
    is_closed: false,
    status: 'inProgress',
    completion_criterion: 'none',
    completion_criterion_key: 'none',
    completion_criterion_value: null,
    sort: 0,
    created_by: { id: 7, name: 'Li Wei' },
    created_at: '2026-02-20T09:30:00.000Z',
    updated_at: '2026-02-20T09:30:00.000Z',
    uploads: [],
    can_edit: false,
    read: true,
    ...overrides,
  };
}
