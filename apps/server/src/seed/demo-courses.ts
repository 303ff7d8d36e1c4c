import type { ActivityType } from '@lectern/contracts/activities/activity-types';
import type { CourseRole } from '@lectern/contracts/courses/course-roles';
import type { DepartmentCode } from './demo-people.ts';

/** The demo courses as plain data; demo-seed.ts turns them into rows. */

export type DemoSemester = 'current' | 'past';

/**
 * Times are offsets in days from the moment of seeding, so a freshly seeded database always has
 * activities that have not started, are in progress and have expired. A meeting gives `start` and a
 * duration instead of `end`. Absent times are stored as null (always open).
 */
export type DemoActivity = {
  type: ActivityType;
  title: string;
  data: Record<string, unknown>;
  /** Index into the module's syllabi. */
  syllabus?: number;
  start?: number;
  end?: number;
  durationMinutes?: number;
  /** An unpublished draft. */
  draft?: boolean;
};

export type DemoModule = { name: string; syllabi: readonly string[]; activities: readonly DemoActivity[] };

export type DemoGroupSet = {
  name: string;
  groups: number;
  /** chunk: consecutive students share a group; roundRobin: deal students out one by one. */
  assign: 'chunk' | 'roundRobin';
  /** The first member of each group leads it. */
  leaders: boolean;
};

export type DemoCourse = {
  name: string;
  secondName: string;
  courseCode: string;
  department: DepartmentCode;
  semester: DemoSemester;
  owner: string;
  /** Further members by user number, with their roles. */
  staff: readonly { userNo: string; roles: CourseRole[] }[];
  /** Student numbers, inclusive 1-based range: [1, 30] is s20240001 … s20240030. */
  students: readonly [from: number, to: number];
  credit: string;
  classroomSchedule: string;
  compulsory: boolean;
  grade: string;
  klass: string;
  modules: readonly DemoModule[];
  groupSets: readonly DemoGroupSet[];
};

const CS201: DemoCourse = {
  name: '数据结构与算法',
  secondName: 'Data Structures and Algorithms',
  courseCode: 'CS201',
  department: 'CS',
  semester: 'current',
  owner: 't1001',
  staff: [{ userNo: 'ta2001', roles: ['instructor_assistant'] }],
  students: [1, 30],
  credit: '4',
  classroomSchedule: '周二 3-4 节、周四 1-2 节 · 信息楼 A201',
  compulsory: true,
  grade: '2024',
  klass: '计算机 2401 班',
  modules: [
    {
      name: '第一章 绪论',
      syllabi: ['1.1 数据结构的基本概念', '1.2 算法与算法分析'],
      activities: [
        {
          type: 'page',
          title: '课程介绍与学习指南',
          syllabus: 0,
          data: {
            content:
              '<h2>欢迎学习《数据结构与算法》</h2>' +
              '<p>本课程介绍常用数据结构（线性表、栈、队列、树、图）及其上的基本算法，并训练算法分析能力。</p>' +
              '<h3>考核方式</h3><ul><li>平时作业 30%</li><li>课程项目 20%</li><li>期末考试 50%</li></ul>' +
              '<p>每周二、周四上课，课后请按时完成线上活动。</p>',
          },
        },
        {
          type: 'online_video',
          title: '视频：时间复杂度与大 O 记号',
          syllabus: 1,
          start: -75,
          end: -45,
          data: { description: '用几个典型循环讲解如何估算时间复杂度。', duration: 1260 },
        },
        {
          type: 'web_link',
          title: 'VisuAlgo 数据结构可视化',
          data: {
            url: 'https://visualgo.net/zh',
            description: '动画演示各类数据结构与排序算法，可配合课堂内容使用。',
          },
        },
      ],
    },
    {
      name: '第二章 线性表',
      syllabi: ['2.1 顺序表', '2.2 链表'],
      activities: [
        {
          type: 'material',
          title: '第二章课件：线性表',
          syllabus: 0,
          start: -40,
          data: { description: '顺序表与链表的存储结构和基本操作。' },
        },
        {
          type: 'online_video',
          title: '视频：单链表的插入与删除',
          syllabus: 1,
          start: -12,
          end: 20,
          data: { description: '逐步演示单链表结点的插入与删除。', duration: 945 },
        },
        {
          type: 'homework',
          title: '作业一：线性表的基本操作',
          syllabus: 1,
          start: -7,
          end: 7,
          data: {
            description:
              '<p>用 C 或 Java 实现带头结点的单链表，完成插入、删除、查找与逆置，并分析各操作的时间复杂度。</p>',
          },
        },
        {
          type: 'vote',
          title: '课堂投票：哪种结构更适合频繁插入？',
          syllabus: 1,
          start: -3,
          end: 4,
          data: {
            topic: '需要在中间频繁插入和删除元素时，你会选择哪种存储结构？',
            vote_type: 'single',
            is_anonymous: false,
            vote_option_items: { A: '顺序表', B: '单链表', C: '双向链表', D: '看情况而定' },
          },
        },
        {
          type: 'forum',
          title: '讨论：顺序表和链表该怎么选？',
          start: -14,
          end: 30,
          data: { description: '结合具体场景谈谈你的选择和理由。' },
        },
      ],
    },
    {
      name: '第三章 栈和队列',
      syllabi: ['3.1 栈', '3.2 队列', '3.3 栈的应用：表达式求值'],
      activities: [
        {
          type: 'tencent_meeting',
          title: '腾讯会议：第二章习题讲评',
          syllabus: 0,
          start: -20,
          durationMinutes: 90,
          data: {
            meeting_code: '452 871 306',
            join_url: 'https://meeting.tencent.com/dm/lectern452871306',
            description: '讲评作业一中的常见问题。',
          },
        },
        {
          type: 'lecture_live',
          title: '直播答疑：栈与队列',
          syllabus: 1,
          start: 3,
          durationMinutes: 90,
          data: { description: '课堂直播答疑，课后可回看。', playback: true },
        },
        {
          type: 'homework',
          title: '作业二：表达式求值',
          syllabus: 2,
          start: 5,
          end: 19,
          data: { description: '<p>利用两个栈实现中缀表达式求值，支持加减乘除与括号。</p>' },
        },
      ],
    },
    {
      name: '第四章 树与二叉树',
      syllabi: ['4.1 树的基本概念', '4.2 二叉树的遍历'],
      activities: [
        {
          type: 'classin',
          title: 'ClassIn 研讨课：二叉树的遍历',
          syllabus: 1,
          start: 10,
          durationMinutes: 90,
          data: {
            meeting_id: 'CI-201-0412',
            join_url: 'https://www.eeo.cn/s/lectern-cs201',
            description: '分组讨论前序、中序、后序遍历的非递归实现。',
          },
        },
        {
          type: 'homework',
          title: '作业三：二叉树遍历（草稿）',
          syllabus: 1,
          draft: true,
          data: { description: '<p>尚未发布。</p>' },
        },
      ],
    },
  ],
  groupSets: [
    { name: '课程项目小组', groups: 5, assign: 'chunk', leaders: true },
    { name: '实验分组', groups: 3, assign: 'roundRobin', leaders: false },
  ],
};

const MATH101: DemoCourse = {
  name: '高等数学 A',
  secondName: 'Calculus A',
  courseCode: 'MATH101',
  department: 'MATH',
  semester: 'current',
  owner: 't1002',
  staff: [{ userNo: 'ta2001', roles: ['instructor_assistant'] }],
  students: [11, 40],
  credit: '5',
  classroomSchedule: '周一 1-2 节、周三 3-4 节 · 理学楼 B105',
  compulsory: true,
  grade: '2024',
  klass: '理科 2401 班',
  modules: [
    {
      name: '第一章 函数与极限',
      syllabi: ['1.1 映射与函数', '1.2 数列的极限', '1.3 函数的连续性'],
      activities: [
        {
          type: 'page',
          title: '课程说明与考核方式',
          data: {
            content:
              '<h2>高等数学 A</h2><p>本学期讲授一元函数微积分。</p>' +
              '<ul><li>作业与小测 40%</li><li>期末考试 60%</li></ul>',
          },
        },
        {
          type: 'material',
          title: '第一章讲义：函数与极限',
          syllabus: 0,
          start: -80,
          data: { description: '第一章讲义与例题。' },
        },
        {
          type: 'online_video',
          title: '视频：两个重要极限',
          syllabus: 1,
          start: -60,
          end: -30,
          data: { description: '推导两个重要极限并给出典型例题。', duration: 1530 },
        },
        {
          type: 'homework',
          title: '习题课作业 1',
          syllabus: 2,
          start: -55,
          end: -41,
          data: { description: '<p>教材习题 1-3：第 2、5、8 题。</p>' },
        },
      ],
    },
    {
      name: '第二章 导数与微分',
      syllabi: ['2.1 导数概念', '2.2 函数的求导法则'],
      activities: [
        {
          type: 'online_video',
          title: '视频：复合函数求导',
          syllabus: 1,
          start: -3,
          end: 25,
          data: { description: '链式法则与典型题型。', duration: 1100 },
        },
        {
          type: 'forum',
          title: '讨论：导数的几何意义',
          syllabus: 0,
          start: -10,
          end: 20,
          data: { description: '举一个生活中“变化率”的例子。' },
        },
        {
          type: 'tencent_meeting',
          title: '腾讯会议：第二章习题讲解',
          start: 1,
          durationMinutes: 120,
          data: {
            meeting_code: '718 225 904',
            join_url: 'https://meeting.tencent.com/dm/lectern718225904',
          },
        },
      ],
    },
    {
      name: '第三章 微分中值定理与导数的应用',
      syllabi: ['3.1 微分中值定理', '3.2 洛必达法则'],
      activities: [
        {
          type: 'web_link',
          title: '3Blue1Brown：微积分的本质',
          data: {
            url: 'https://www.3blue1brown.com/topics/calculus',
            description: '直观理解导数与积分的系列视频。',
          },
        },
        {
          type: 'homework',
          title: '习题课作业 2',
          syllabus: 1,
          start: 4,
          end: 18,
          data: { description: '<p>教材习题 3-2：第 1、3、4 题。</p>' },
        },
        {
          type: 'material',
          title: '第三章讲义（待发布）',
          syllabus: 0,
          draft: true,
          data: { description: '编写中。' },
        },
      ],
    },
  ],
  groupSets: [{ name: '习题讨论组', groups: 5, assign: 'chunk', leaders: true }],
};

const PHY110: DemoCourse = {
  name: '大学物理实验',
  secondName: 'Physics Lab',
  courseCode: 'PHY110',
  department: 'PHY',
  semester: 'past',
  owner: 't1001',
  staff: [],
  students: [21, 40],
  credit: '2',
  classroomSchedule: '周五 5-8 节 · 物理实验中心 203',
  compulsory: false,
  grade: '2024',
  klass: '物理实验 2 班',
  modules: [
    {
      name: '实验一 力学基础实验',
      syllabi: ['1.1 误差与数据处理', '1.2 单摆测重力加速度'],
      activities: [
        {
          type: 'page',
          title: '实验室安全须知',
          data: {
            content:
              '<h2>实验室安全须知</h2><ol><li>进入实验室须穿实验服。</li>' +
              '<li>未经允许不得接通电源。</li><li>实验结束后整理仪器并登记。</li></ol>',
          },
        },
        {
          type: 'online_video',
          title: '实验演示：游标卡尺与螺旋测微器',
          syllabus: 0,
          start: -240,
          end: -150,
          data: { description: '常用长度测量仪器的读数方法。', duration: 600 },
        },
        {
          type: 'material',
          title: '实验讲义：单摆测重力加速度',
          syllabus: 1,
          start: -230,
          data: { description: '实验原理、步骤与数据记录表。' },
        },
        {
          type: 'homework',
          title: '实验报告一：单摆测重力加速度',
          syllabus: 1,
          start: -225,
          end: -211,
          data: { description: '<p>提交实验报告，包含数据处理与误差分析。</p>' },
        },
      ],
    },
    {
      name: '实验二 电磁学实验',
      syllabi: ['2.1 示波器的使用'],
      activities: [
        {
          type: 'classin',
          title: 'ClassIn 课前讲解：示波器的使用',
          syllabus: 0,
          start: -200,
          durationMinutes: 60,
          data: { meeting_id: 'CI-110-0318', description: '课前 30 分钟线上讲解。' },
        },
        {
          type: 'material',
          title: '实验讲义：示波器的使用',
          syllabus: 0,
          start: -200,
          data: { description: '示波器面板说明与李萨如图形观察。' },
        },
        {
          type: 'homework',
          title: '实验报告二：示波器的使用',
          syllabus: 0,
          start: -196,
          end: -182,
          data: { description: '<p>记录李萨如图形并计算频率比。</p>' },
        },
      ],
    },
    {
      name: '实验三 光学实验',
      syllabi: ['3.1 迈克尔逊干涉仪', '3.2 分光计的调节'],
      activities: [
        {
          type: 'web_link',
          title: 'PhET 物理仿真实验',
          data: { url: 'https://phet.colorado.edu/zh_CN/', description: '课前可先在仿真中熟悉光路。' },
        },
        {
          type: 'forum',
          title: '讨论：干涉条纹观察中的问题',
          syllabus: 0,
          start: -170,
          data: { description: '实验中遇到的问题欢迎在这里交流。' },
        },
        {
          type: 'lecture_live',
          title: '期末复习直播',
          start: -140,
          durationMinutes: 120,
          data: { description: '期末复习，已开放回看。', playback: true },
        },
        {
          type: 'homework',
          title: '实验报告三（草稿）',
          syllabus: 1,
          draft: true,
          data: { description: '<p>尚未发布。</p>' },
        },
      ],
    },
  ],
  groupSets: [],
};

export const DEMO_COURSES: readonly DemoCourse[] = [CS201, MATH101, PHY110];
