/** The people of the demo organisation. Fixed lists, no randomness: every seed produces the same org. */

export const DEMO_PASSWORD = 'lectern-demo';

export type DepartmentCode = 'CS' | 'MATH' | 'PHY' | 'FL';

/** Named as a Chinese university names them: the demo data (courses, people) is Chinese throughout. */
export const DEMO_DEPARTMENTS: readonly { code: DepartmentCode; name: string }[] = [
  { code: 'CS', name: '计算机科学与技术学院' },
  { code: 'MATH', name: '数学科学学院' },
  { code: 'PHY', name: '物理学院' },
  { code: 'FL', name: '外国语学院' },
];

export type DemoPerson = {
  userNo: string;
  name: string;
  aliases: string | null;
  email: string;
  mobilePhone: string | null;
  department: DepartmentCode | null;
  orgRole: 'admin' | 'member';
};

export const DEMO_STAFF: readonly DemoPerson[] = [
  {
    userNo: 'admin',
    name: 'System Administrator',
    aliases: null,
    email: 'admin@lectern.edu',
    mobilePhone: null,
    department: null,
    orgRole: 'admin',
  },
  {
    userNo: 't1001',
    name: '李伟',
    aliases: 'Li Wei',
    email: 't1001@lectern.edu',
    mobilePhone: '13801011001',
    department: 'CS',
    orgRole: 'member',
  },
  {
    userNo: 't1002',
    name: '陈静',
    aliases: 'Chen Jing',
    email: 't1002@lectern.edu',
    mobilePhone: '13801011002',
    department: 'MATH',
    orgRole: 'member',
  },
  {
    userNo: 'ta2001',
    name: '张敏',
    aliases: 'Zhang Min',
    email: 'ta2001@lectern.edu',
    mobilePhone: '13902022001',
    department: 'CS',
    orgRole: 'member',
  },
];

/** Forty distinct students, s20240001 … s20240040, in this order. */
const STUDENT_NAMES: readonly (readonly [name: string, alias: string])[] = [
  ['王浩然', 'Wang Haoran'],
  ['李思远', 'Li Siyuan'],
  ['张雨萱', 'Zhang Yuxuan'],
  ['刘子涵', 'Liu Zihan'],
  ['陈俊杰', 'Chen Junjie'],
  ['杨欣怡', 'Yang Xinyi'],
  ['赵博文', 'Zhao Bowen'],
  ['黄诗琪', 'Huang Shiqi'],
  ['周宇航', 'Zhou Yuhang'],
  ['吴佳怡', 'Wu Jiayi'],
  ['徐梓轩', 'Xu Zixuan'],
  ['孙若曦', 'Sun Ruoxi'],
  ['马天翊', 'Ma Tianyi'],
  ['朱晓彤', 'Zhu Xiaotong'],
  ['胡嘉豪', 'Hu Jiahao'],
  ['郭雅婷', 'Guo Yating'],
  ['何明轩', 'He Mingxuan'],
  ['林可欣', 'Lin Kexin'],
  ['高志强', 'Gao Zhiqiang'],
  ['罗梦瑶', 'Luo Mengyao'],
  ['郑凯文', 'Zheng Kaiwen'],
  ['梁语桐', 'Liang Yutong'],
  ['谢晨阳', 'Xie Chenyang'],
  ['宋雨桐', 'Song Yutong'],
  ['唐一鸣', 'Tang Yiming'],
  ['许静怡', 'Xu Jingyi'],
  ['韩睿', 'Han Rui'],
  ['冯思琪', 'Feng Siqi'],
  ['邓子豪', 'Deng Zihao'],
  ['曹心怡', 'Cao Xinyi'],
  ['彭宇轩', 'Peng Yuxuan'],
  ['曾雨欣', 'Zeng Yuxin'],
  ['萧逸飞', 'Xiao Yifei'],
  ['田佳琪', 'Tian Jiaqi'],
  ['董浩宇', 'Dong Haoyu'],
  ['潘婉清', 'Pan Wanqing'],
  ['袁文博', 'Yuan Wenbo'],
  ['蒋梦琪', 'Jiang Mengqi'],
  ['蔡俊熙', 'Cai Junxi'],
  ['余欣然', 'Yu Xinran'],
];

const STUDENT_DEPARTMENTS: readonly DepartmentCode[] = ['CS', 'MATH', 'PHY'];

/** The user number of the n-th student, 1-based: studentNo(1) is s20240001. */
export function studentNo(n: number): string {
  return `s2024${String(n).padStart(4, '0')}`;
}

export const DEMO_STUDENTS: readonly DemoPerson[] = STUDENT_NAMES.map(([name, alias], i) => {
  const userNo = studentNo(i + 1);
  return {
    userNo,
    name,
    aliases: alias,
    email: `${userNo}@stu.lectern.edu`,
    // A few students have left a phone number; most have not.
    mobilePhone: (i + 1) % 7 === 3 ? `1371024${String(i + 1).padStart(4, '0')}` : null,
    department: STUDENT_DEPARTMENTS[i % STUDENT_DEPARTMENTS.length] ?? 'CS',
    orgRole: 'member',
  };
});

export const DEMO_PEOPLE: readonly DemoPerson[] = [...DEMO_STAFF, ...DEMO_STUDENTS];
