import { examRetakeRecords } from '../db/schema/exam-submissions.ts';
import { notifications } from '../db/schema/notifications.ts';
import { lectureLiveReplays } from '../db/schema/lecture-live.ts';
import { createComment, createReply, attachFile } from '../test/discussions-factories.ts';
import { createVideoQuiz } from '../test/courseware-quizzes-factories.ts';
import { createExam, createSubjectLib, insertSubjects, singleChoice } from '../test/exams-factories.ts';
import { takeExam } from '../test/exam-taking-factories.ts';
import {
  addMember,
  createAcademicYear,
  createActivity,
  createCourse,
  createDepartment,
  createGroup,
  createGroupSet,
  createModule,
  createOrg,
  createSemester,
  createSyllabus,
  createUpload,
  createUser,
  loginAs,
  type Session,
} from '../test/factories.ts';
import { insertHomeworkSubmission, insertHomeworkSubmitter } from '../test/grades-factories.ts';
import { createHomework } from '../test/homework-factories.ts';
import type { TestApp } from '../test/test-app.ts';
import type { Role } from './permission-matrix.table.ts';

const HOUR = 3600_000;

/**
 * One organisation with a course in which every role of the permission matrix exists, and one of each
 * object a route can address. Built once per test file; objects a route deletes or reshapes come from
 * `disposable`, one per caller, so one caller's DELETE cannot decide the next caller's answer.
 */
/**
 * A log stream for createTestApp that keeps the app's error lines by request id, so a test can show the
 * cause beside any 5xx it meets.
 */
export function errorLogCollector(): {
  logStream: { write(line: string): void };
  errorLogs: ReadonlyMap<string, string>;
} {
  const errorLogs = new Map<string, string>();
  const logStream = {
    write(line: string) {
      const entry = JSON.parse(line) as { level: number; reqId?: string; err?: { message?: string } };
      if (entry.level >= 50 && entry.reqId)
        errorLogs.set(entry.reqId, entry.err?.message ?? line.slice(0, 300));
    },
  };
  return { logStream, errorLogs };
}

export async function createSecurityWorld(t: TestApp) {
  const org = await createOrg(t);
  const owner = await createUser(t, org.id, { name: 'Owner Ong' });
  const assistant = await createUser(t, org.id, { name: 'Assistant Ash' });
  const student = await createUser(t, org.id, { name: 'Student Su' });
  const outsider = await createUser(t, org.id, { name: 'Outsider Oz' });
  const otherInstructor = await createUser(t, org.id, { name: 'Other Otto' });
  const admin = await createUser(t, org.id, { name: 'Admin Ada', orgRole: 'admin' });
  const spare = await createUser(t, org.id, { name: 'Spare Sam' });

  const course = await createCourse(t, org.id, owner.id);
  await addMember(t, course.id, assistant.id, ['instructor_assistant']);
  await addMember(t, course.id, student.id, ['student']);
  await addMember(t, course.id, spare.id, ['student']);
  const otherCourse = await createCourse(t, org.id, otherInstructor.id);
  // The outsider is a student, but of another course.
  await addMember(t, otherCourse.id, outsider.id, ['student']);

  const department = await createDepartment(t, org.id);
  const academicYear = await createAcademicYear(t, org.id);
  const semester = await createSemester(t, org.id, academicYear.id);
  const module = await createModule(t, course.id);
  const syllabus = await createSyllabus(t, course.id, module.id);
  const groupSet = await createGroupSet(t, course.id);
  const rival = await createUser(t, org.id, { name: 'Rival Rae' });
  await addMember(t, course.id, rival.id, ['student']);
  const group = await createGroup(t, groupSet.id, {
    memberIds: [student.id, spare.id],
    leaderIds: [student.id],
  });
  const rivalGroup = await createGroup(t, groupSet.id, { memberIds: [rival.id] });

  const by = { courseId: course.id, moduleId: module.id, createdBy: owner.id };
  const material = await createActivity(t, { ...by, type: 'material', title: 'Reading' });
  const forum = await createActivity(t, { ...by, type: 'forum', title: 'Forum', data: {} });
  const vote = await createActivity(t, {
    ...by,
    type: 'vote',
    title: 'Vote',
    data: { vote_type: 'single', is_anonymous: false, vote_option_items: { A: 'Yes', B: 'No' } },
  });
  const questionnaire = await createActivity(t, {
    ...by,
    type: 'questionnaire',
    title: 'Questionnaire',
    data: { is_anonymous: false },
  });
  // Lecture live (issue 16): a live not yet opened, with one processed replay.
  const lectureLive = await createActivity(t, {
    ...by,
    type: 'lecture_live',
    title: 'Lecture live',
    startTime: new Date(Date.now() + HOUR),
    endTime: new Date(Date.now() + 2 * HOUR),
    data: {},
  });
  const [lectureLiveReplay] = await t.db
    .insert(lectureLiveReplays)
    .values({ activityId: lectureLive.id, state: 'done', recordingFile: 'recording-0.ts' })
    .returning();
  const onlineVideo = await createActivity(t, { ...by, type: 'online_video', title: 'Video' });
  // Meetings: one in progress (joinable), one ended over an hour ago (participants open).
  const dingtalkLive = await createActivity(t, {
    ...by,
    type: 'dingtalk_live',
    title: 'Dingtalk live',
    data: { join_url: 'https://live.example.com/1' },
    startTime: new Date(Date.now() - 60_000),
    endTime: new Date(Date.now() + 86_400_000),
  });
  const classinEnded = await createActivity(t, {
    ...by,
    type: 'classin',
    title: 'ClassIn',
    data: { live_url: 'https://classin.example.com/live/1' },
    startTime: new Date(Date.now() - 3 * 3_600_000),
    endTime: new Date(Date.now() - 2 * 3_600_000),
  });
  const videoQuiz = await createVideoQuiz(t, { activityId: onlineVideo.id, createdBy: owner.id });
  const studentSession = await loginAs(t, student);
  const world = {
    org,
    course,
    module,
    students: [{ user: student, session: studentSession }],
    teacher: owner,
    teacherSession: await loginAs(t, owner),
    simulatingSession: await loginAs(t, owner, { simulatingCourseId: course.id }),
  };
  const exam = await createExam(t, {
    ...by,
    data: {},
    published: true,
    startTime: new Date(Date.now() - HOUR),
    endTime: new Date(Date.now() + HOUR),
  });
  const [examSubjectId] = await insertSubjects(
    t,
    { activityId: exam.id, isMakeup: false },
    [singleChoice(5)],
    owner.id,
  );
  const classroomExam = await createExam(t, { ...by, type: 'classroom_exam', data: {} });
  const [classroomSubjectId] = await insertSubjects(
    t,
    { activityId: classroomExam.id, isMakeup: false },
    [singleChoice(5)],
    owner.id,
  );
  const examSubmissionId = await takeExam(t, exam.id, studentSession);
  // The student has used their attempt at `exam`; this one is still to take.
  const openExam = await createExam(t, {
    ...by,
    data: {},
    published: true,
    startTime: new Date(Date.now() - HOUR),
    endTime: new Date(Date.now() + HOUR),
  });
  await insertSubjects(t, { activityId: openExam.id, isMakeup: false }, [singleChoice(5)], owner.id);
  const [retake] = await t.db
    .insert(examRetakeRecords)
    .values({ activityId: exam.id, examineeId: spare.id })
    .returning();

  const homework = await createHomework(t, world);
  const groupHomework = await createHomework(t, world, {
    // Peer scoring on, both kinds: the settings are kept as the original clients send them.
    data: { group_set_id: groupSet.id, interScoreMap: { on: 1 }, intraScoreMap: { on: 1 } },
  });
  await insertHomeworkSubmission(t, {
    activityId: groupHomework.id,
    groupId: rivalGroup.id,
    version: 1,
    submittedBy: rival.id,
  });
  await insertHomeworkSubmitter(t, {
    activityId: homework.id,
    userId: student.id,
    status: 1,
    lastVersion: 1,
  });
  const homeworkSubmission = await insertHomeworkSubmission(t, {
    activityId: homework.id,
    userId: student.id,
    version: 1,
    comment: '<p>my essay</p>',
    submittedBy: student.id,
  });

  const subjectLib = await createSubjectLib(t, { orgId: org.id, ownerId: owner.id, courseId: course.id });
  const [libSubjectId] = await insertSubjects(t, { libId: subjectLib.id }, [singleChoice(1)], owner.id);
  const upload = await createUpload(t, org.id, owner.id, { bytes: Buffer.from('owner notes') });
  const reference = await attachFile(t, {
    orgId: org.id,
    activityId: material.id,
    createdBy: owner.id,
    kind: 'document',
  });
  // A forum comment with a title is a topic.
  const comment = await createComment(t, {
    activityId: forum.id,
    courseId: course.id,
    createdBy: student.id,
    title: 'A topic',
  });
  const reply = await createReply(t, { commentId: comment.id, createdBy: student.id });
  // Likes go to other people's posts.
  const rivalComment = await createComment(t, {
    activityId: forum.id,
    courseId: course.id,
    createdBy: rival.id,
  });
  const [notification] = await t.db
    .insert(notifications)
    .values({
      userId: student.id,
      orgId: org.id,
      type: 'homework_remind',
      courseId: course.id,
      activityId: homework.id,
      payload: { title: 'Essay on rivers' },
    })
    .returning();

  const adminSession = await loginAs(t, admin);
  const sessions: Record<Role, Session | null> = {
    anonymous: null,
    outsider: await loginAs(t, outsider),
    student: studentSession,
    assistant: await loginAs(t, assistant),
    otherInstructor: await loginAs(t, otherInstructor),
    owner: world.teacherSession,
    simulating: world.simulatingSession,
    orgAdmin: adminSession,
  };
  const userOf: Record<Exclude<Role, 'anonymous'>, number> = {
    outsider: outsider.id,
    student: student.id,
    assistant: assistant.id,
    otherInstructor: otherInstructor.id,
    owner: owner.id,
    simulating: owner.id,
    orgAdmin: admin.id,
  };

  const api = async (session: Session, method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await t.app.inject({ method, url, payload, headers: session.headers });
    if (res.statusCode >= 300) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
    return res.json() as { id: number };
  };
  const owned = world.teacherSession;
  const rubric = await api(owned, 'POST', '/api/rubrics', {
    name: 'Rubric',
    conditions: [
      { name: 'Clarity', description: 'Clear', levels: [{ name: 'Good', description: 'ok', score: 5 }] },
    ],
  });
  const token = await api(owned, 'POST', '/api/user/access-tokens', { name: 'script', scope: 'read' });
  const announcement = await api(owned, 'POST', `/api/courses/${course.id}/announcements`, {
    title: 'Welcome',
    content: '<p>hello</p>',
  });
  const orgAnnouncement = await api(adminSession, 'POST', '/api/org-announcements', {
    title: 'Notice',
    content: '<p>hello all</p>',
  });
  /** A roll call of the course, created (and, unless `started` is false, started) by its owner. */
  const rollcallOf = async (body: object, started = true): Promise<number> => {
    const { rollcall_id } = (await api(
      owned,
      'POST',
      `/api/course/${course.id}/rollcall`,
      body,
    )) as unknown as {
      rollcall_id: number;
    };
    if (started) await api(owned, 'POST', `/api/rollcall/${rollcall_id}/start-rollcall`, {});
    return rollcall_id;
  };
  const rollcall = await rollcallOf({ type: 'self_registration' });
  const qrRollcall = await rollcallOf({ type: 'qrcode' });
  const numberRollcall = await rollcallOf({ is_number: true, number_code: '2468' });
  const radarRollcall = await rollcallOf({
    is_radar: true,
    latitude: 31.2304,
    longitude: 121.4737,
    radius: 100,
  });
  const askQuestion = await api(owned, 'POST', `/api/courses/${course.id}/ask-question`, {
    module_id: module.id,
    type: 'select_student',
    select_num: 1,
  });
  // Knowledge graph (issue 17): nodes, a relation and an objective, the material as a node's reference, a
  // public capture of it, and a snapshot taken by publishing; the graph is left unpublished.
  const graphUrl = `/api/course/${course.id}`;
  const knowledgeNode = await api(owned, 'POST', `${graphUrl}/knowledge-node`, { name: 'Node' });
  const otherKnowledgeNode = await api(owned, 'POST', `${graphUrl}/knowledge-node`, { name: 'Other node' });
  const spareKnowledgeNode = await api(owned, 'POST', `${graphUrl}/knowledge-node`, { name: 'Spare node' });
  const relationOf = (source: number, target: number) =>
    api(owned, 'POST', `${graphUrl}/knowledge-node/relation`, { source, target });
  const knowledgeRelation = await relationOf(knowledgeNode.id, otherKnowledgeNode.id);
  const spareKnowledgeRelation = await relationOf(otherKnowledgeNode.id, spareKnowledgeNode.id);
  const teachingObjective = await api(owned, 'POST', `${graphUrl}/teaching-objective`, { content: 'Goal' });
  const spareTeachingObjective = await api(owned, 'POST', `${graphUrl}/teaching-objective`, {
    content: 'Spare',
  });
  await api(owned, 'POST', `/api/knowledge-node/${knowledgeNode.id}/reference`, {
    references: [{ refer_type: 'activity', refer_id: material.id }],
  });
  const knowledgeCapture = await api(owned, 'POST', `/api/knowledge-node/${knowledgeNode.id}/capture`, {
    refer_type: 'activity',
    refer_id: material.id,
    is_public: true,
  });
  const published = (await api(owned, 'POST', `${graphUrl}/knowledge-graph-status`, {
    publish_type: 'publish',
  })) as unknown as { snapshot_id: number };
  await api(owned, 'POST', `${graphUrl}/knowledge-graph-status`, { publish_type: 'unpublish' });

  const ids = {
    org: org.id,
    department: department.id,
    academicYear: academicYear.id,
    semester: semester.id,
    course: course.id,
    otherCourse: otherCourse.id,
    module: module.id,
    syllabus: syllabus.id,
    groupSet: groupSet.id,
    group: group.id,
    material: material.id,
    forum: forum.id,
    dingtalkLive: dingtalkLive.id,
    classinEnded: classinEnded.id,
    vote: vote.id,
    questionnaire: questionnaire.id,
    lectureLive: lectureLive.id,
    lectureLiveReplay: present(lectureLiveReplay, 'lecture live replay').id,
    onlineVideo: onlineVideo.id,
    videoQuiz,
    exam: exam.id,
    examSubject: present(examSubjectId, 'exam question'),
    examSubmission: examSubmissionId,
    openExam: openExam.id,
    retakeRecord: present(retake, 'retake record').id,
    classroomExam: classroomExam.id,
    classroomSubject: present(classroomSubjectId, 'classroom question'),
    homework: homework.id,
    groupHomework: groupHomework.id,
    homeworkSubmission: homeworkSubmission.id,
    subjectLib: subjectLib.id,
    libSubject: present(libSubjectId, 'library question'),
    upload: upload.id,
    uploadReference: reference.id,
    comment: comment.id,
    reply: reply.id,
    rivalComment: rivalComment.id,
    rivalGroup: rivalGroup.id,
    notification: present(notification, 'notification').id,
    rubric: rubric.id,
    accessToken: token.id,
    announcement: announcement.id,
    orgAnnouncement: orgAnnouncement.id,
    rollcall,
    qrRollcall,
    numberRollcall,
    radarRollcall,
    askQuestion: askQuestion.id,
    knowledgeNode: knowledgeNode.id,
    otherKnowledgeNode: otherKnowledgeNode.id,
    spareKnowledgeNode: spareKnowledgeNode.id,
    knowledgeRelation: knowledgeRelation.id,
    spareKnowledgeRelation: spareKnowledgeRelation.id,
    teachingObjective: teachingObjective.id,
    spareTeachingObjective: spareTeachingObjective.id,
    knowledgeCapture: knowledgeCapture.id,
    knowledgeSnapshot: published.snapshot_id,
    student: student.id,
    spare: spare.id,
    owner: owner.id,
  };

  /**
   * A fresh object of this kind for one caller, made by its owner (or the admin for organisation
   * objects), to be reshaped or deleted by that caller alone.
   */
  const made = new Map<string, number>();
  async function disposable(kind: DisposableKind, role: Role, route = ''): Promise<number> {
    const key = `${kind}:${role}:${route}`;
    const known = made.get(key);
    if (known !== undefined) return known;
    const id = await makeDisposable(kind);
    made.set(key, id);
    return id;
  }

  async function makeDisposable(kind: DisposableKind): Promise<number> {
    switch (kind) {
      case 'course': {
        const c = await createCourse(t, org.id, owner.id);
        await addMember(t, c.id, assistant.id, ['instructor_assistant']);
        await addMember(t, c.id, student.id, ['student']);
        return c.id;
      }
      case 'module':
        return (await createModule(t, course.id)).id;
      case 'syllabus':
        return (await createSyllabus(t, course.id, module.id)).id;
      case 'groupSet':
        return (await createGroupSet(t, course.id)).id;
      case 'group':
        return (await createGroup(t, groupSet.id)).id;
      case 'activity':
        return (await createActivity(t, { ...by, type: 'material' })).id;
      case 'member': {
        const u = await createUser(t, org.id);
        await addMember(t, course.id, u.id, ['student']);
        return u.id;
      }
      case 'comment':
        return (await createComment(t, { activityId: forum.id, courseId: course.id, createdBy: student.id }))
          .id;
      case 'reply':
        return (await createReply(t, { commentId: comment.id, createdBy: student.id })).id;
      case 'subject': {
        const [id] = await insertSubjects(
          t,
          { activityId: exam.id, isMakeup: false },
          [singleChoice(1)],
          owner.id,
        );
        return present(id, 'question');
      }
      case 'questionnaireSubject': {
        const [id] = await insertSubjects(
          t,
          { activityId: questionnaire.id, isMakeup: false },
          [singleChoice(0)],
          owner.id,
        );
        return present(id, 'questionnaire question');
      }
      case 'videoQuiz':
        return createVideoQuiz(t, { activityId: onlineVideo.id, createdBy: owner.id });
      case 'subjectLib':
        return (await createSubjectLib(t, { orgId: org.id, ownerId: owner.id, courseId: course.id })).id;
      case 'rubric':
        return (
          await api(owned, 'POST', '/api/rubrics', {
            name: 'Spare rubric',
            conditions: [
              { name: 'c', description: 'd', levels: [{ name: 'l', description: 'd', score: 1 }] },
            ],
          })
        ).id;
      case 'announcement':
        return (
          await api(owned, 'POST', `/api/courses/${course.id}/announcements`, { title: 't', content: 'c' })
        ).id;
      case 'rollcall':
        return rollcallOf({ type: 'self_registration' }, false);
      case 'binItem':
        return binItemOfDeletedActivity();
      case 'upload':
        return (await createUpload(t, org.id, owner.id, { bytes: Buffer.from('spare') })).id;
      case 'accessToken':
        return (await api(owned, 'POST', '/api/user/access-tokens', { name: 'spare', scope: 'read' })).id;
      case 'department':
        return (await createDepartment(t, org.id)).id;
      case 'academicYear':
        return (await createAcademicYear(t, org.id)).id;
      case 'semester':
        return (await createSemester(t, org.id, academicYear.id)).id;
      case 'knowledgeNode':
        return (await api(owned, 'POST', `${graphUrl}/knowledge-node`, { name: 'Disposable node' })).id;
    }
  }

  /** An activity the owner deleted, as the item that holds it in the course's recycle bin. */
  async function binItemOfDeletedActivity(): Promise<number> {
    const activity = await createActivity(t, { ...by, type: 'material', title: 'Binned' });
    const headers = owned.headers;
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/activities/${activity.id}`, headers });
    if (removed.statusCode !== 200) throw new Error(`deleting an activity answered ${removed.statusCode}`);
    const bin = await t.app.inject({ method: 'GET', url: `/api/courses/${course.id}/recycle-bin`, headers });
    const items = (bin.json() as { items: { id: number; item_id: number; type: string }[] }).items;
    const item = items.find((i) => i.item_id === activity.id);
    if (!item) throw new Error('the deleted activity is not in the recycle bin');
    return item.id;
  }

  /** A fresh session for calls that change the caller's own session (sign-out, simulation). */
  async function freshSession(role: Role): Promise<Session | null> {
    if (role === 'anonymous') return null;
    return loginAs(t, { id: userOf[role] }, role === 'simulating' ? { simulatingCourseId: course.id } : {});
  }

  /** The caller's session viewing this course as a student, for rows whose course is a disposable one. */
  async function simulatingIn(courseId: number): Promise<Session> {
    return loginAs(t, owner, { simulatingCourseId: courseId });
  }

  return { ids, sessions, userOf, disposable, freshSession, simulatingIn };
}

function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`the fixture made no ${what}`);
  return value;
}

export type DisposableKind =
  | 'course'
  | 'module'
  | 'syllabus'
  | 'groupSet'
  | 'group'
  | 'activity'
  | 'member'
  | 'comment'
  | 'reply'
  | 'subject'
  | 'questionnaireSubject'
  | 'videoQuiz'
  | 'subjectLib'
  | 'rubric'
  | 'announcement'
  | 'rollcall'
  | 'binItem'
  | 'upload'
  | 'accessToken'
  | 'department'
  | 'academicYear'
  | 'semester'
  | 'knowledgeNode';

export type SecurityWorld = Awaited<ReturnType<typeof createSecurityWorld>>;
export type FixtureIds = SecurityWorld['ids'];
export type FixtureId = keyof FixtureIds;
