/** Which activities take comments and topics, and the question panel's layout rule (spec 001 sections 2, 9). */

/**
 * Activity types with a discussion: the forum itself, courseware and video (comments and the question
 * panel), pages and links, and live or recorded sessions whose detail view has a comments tab.
 */
export const DISCUSSION_ACTIVITY_TYPES: readonly string[] = [
  'forum',
  'material',
  'online_video',
  'page',
  'web_link',
  'h5_courseware',
  'lecture_live',
  'lesson_replay',
  'trial_teaching',
];

/** Topics (forum comments with a title) belong to forum activities only. */
export const TOPIC_ACTIVITY_TYPES: readonly string[] = ['forum'];

export function hasDiscussion(activityType: string): boolean {
  return DISCUSSION_ACTIVITY_TYPES.includes(activityType);
}

export function takesTopics(activityType: string): boolean {
  return TOPIC_ACTIVITY_TYPES.includes(activityType);
}

/** Room the question panel's page-tag row leaves for other controls, and the width of one tag (px). */
export const PAGE_TAG_LAYOUT = { reservedWidth: 112, tagWidth: 90 } as const;

/** How many page tags fit: (panel width - 112) / 90, whole tags only, never negative. */
export function pageTagCount(panelWidth: number): number {
  if (!Number.isFinite(panelWidth)) return 0;
  return Math.max(0, Math.floor((panelWidth - PAGE_TAG_LAYOUT.reservedWidth) / PAGE_TAG_LAYOUT.tagWidth));
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/**
 * The length of a post as its author typed it: tags dropped and entities counted as the one character they
 * stand for, so a question escaped to HTML (`a&lt;b`) counts like the text in the box (`a<b`).
 */
export function typedLength(html: string): number {
  const text = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#')) return 'x';
      return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
    });
  return [...text].length;
}
