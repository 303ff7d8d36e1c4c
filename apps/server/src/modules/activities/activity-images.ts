import { ACTIVITY_IMAGE_PARENT } from '../../db/schema/uploads.ts';
import type { Executor } from '../../platform/database.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { syncHtmlImages, uploadIdsInHtml } from '../uploads/html-images.ts';

/**
 * The rich `data` fields every reader of the activity sees. `reference_answer` is left out on purpose:
 * it is the teaching team's alone, and a reference here would let every student read its pictures.
 */
const SHOWN_RICH_TEXT_FIELDS = ['description', 'content'] as const;

/**
 * Keeps the pictures of an activity's description and page content, and its cover image, readable to
 * everyone who sees the activity, and out of the orphan sweep. Run in the transaction that stores `data`.
 */
export async function syncActivityImages(
  tx: Executor,
  actor: Pick<Actor, 'userId' | 'orgId'>,
  activityId: number,
  data: Record<string, unknown>,
  /** Where the request holds these fields: `data.` on activity calls, nothing on the homework's own. */
  fieldPrefix = 'data.',
): Promise<void> {
  const html = SHOWN_RICH_TEXT_FIELDS.map((field) => {
    const value = data[field];
    return typeof value === 'string' ? value : null;
  });
  const withPictures = SHOWN_RICH_TEXT_FIELDS.find((_, index) => uploadIdsInHtml(html[index]).length > 0);
  const cover = typeof data.cover_id === 'number' ? [data.cover_id] : [];
  await syncHtmlImages(tx, actor, { type: ACTIVITY_IMAGE_PARENT, id: activityId }, html, {
    field: `${fieldPrefix}${withPictures ?? (cover.length > 0 ? 'cover_id' : 'description')}`,
    pictureIds: cover,
  });
}
