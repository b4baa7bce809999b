import type { Lookup } from './index';

export const GRADE = [
  { id: 1, en: 'Potential', zh: '潜在客户' },
  { id: 2, en: 'Intentional', zh: '意向客户' },
  { id: 3, en: 'Cooperated', zh: '已合作' },
  { id: 4, en: 'Invalid', zh: '无效' },
] as const satisfies Lookup;

/** Communication method. */
export const SITUATION = [
  { id: 1, en: 'Email contact', zh: '邮件联系' },
  { id: 2, en: 'Face to face', zh: '当面洽谈' },
  { id: 3, en: 'Telephone', zh: '电话联系' },
  { id: 4, en: 'Skype or others', zh: 'Skype 或其他' },
] as const satisfies Lookup;

export const RELIGION = [
  { id: 1, en: 'No Sect', zh: '无宗教' },
  { id: 2, en: 'Catholicism', zh: '天主教' },
  { id: 3, en: 'Christian', zh: '基督教' },
  { id: 4, en: 'Orthodox', zh: '东正教' },
  { id: 5, en: 'Hinduism', zh: '印度教' },
  { id: 6, en: 'Buddhism', zh: '佛教' },
  { id: 7, en: 'Islam', zh: '伊斯兰教' },
] as const satisfies Lookup;

/** Ids are the spec's and not contiguous; they are stored in the database. */
export const SOURCE = [
  { id: 1, en: 'Exhibition', zh: '展会' },
  { id: 24, en: 'B2B', zh: 'B2B 平台' },
  { id: 27, en: 'Advertisement', zh: '广告' },
  { id: 28, en: 'Social Media', zh: '社交媒体' },
  { id: 29, en: 'Yellow Page', zh: '黄页' },
  { id: 30, en: 'Search', zh: '搜索引擎' },
  { id: 31, en: 'Website', zh: '官网询盘' },
] as const satisfies Lookup;

/** Source of customers created by the public website's inquiry form. */
export const SOURCE_WEBSITE = 31 satisfies SourceId;

export type GradeId = (typeof GRADE)[number]['id'];
export type SituationId = (typeof SITUATION)[number]['id'];
export type ReligionId = (typeof RELIGION)[number]['id'];
export type SourceId = (typeof SOURCE)[number]['id'];
