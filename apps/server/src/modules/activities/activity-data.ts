import { ACTIVITY_DATA_SCHEMAS } from '@lectern/contracts/activities/activity-data.schemas';
import { ACTIVITY_RICH_TEXT_FIELDS, type ActivityType } from '@lectern/contracts/activities/activity-types';
import type { z } from 'zod';
import type { FieldMessages, Message } from '../../platform/errors.ts';
import { sanitizeUserHtml } from '../../platform/html/sanitize-html.ts';
import { isMessageKey } from '../../platform/messages.ts';

export type DataCheck = { ok: true; data: Record<string, unknown> } | { ok: false; fields: FieldMessages };

/**
 * Validates `data` against the schema its type registered. Problems are reported on `data.<path>` so the
 * form can put each under its own input, worded from the catalogue.
 */
export function checkActivityData(type: ActivityType, data: Record<string, unknown>): DataCheck {
  const parsed = ACTIVITY_DATA_SCHEMAS[type].safeParse(data);
  if (parsed.success) return { ok: true, data: sanitizeRichText(parsed.data as Record<string, unknown>) };
  const fields: FieldMessages = {};
  for (const issue of parsed.error.issues) {
    const field = ['data', ...issue.path.map(String)].join('.');
    (fields[field] ??= []).push(messageFor(issue));
  }
  return { ok: false, fields };
}

/** Rich text is stored already sanitised, so every reader (web, exports, other clients) gets safe HTML. */
function sanitizeRichText(data: Record<string, unknown>): Record<string, unknown> {
  const clean = { ...data };
  for (const field of ACTIVITY_RICH_TEXT_FIELDS) {
    const value = clean[field];
    if (typeof value === 'string') clean[field] = sanitizeUserHtml(value);
  }
  return clean;
}

function messageFor(issue: z.core.$ZodIssue): Message {
  if (isMessageKey(issue.message)) return issue.message;
  switch (issue.code) {
    case 'too_big':
      return {
        key: issue.origin === 'string' ? 'activities.dataTooLong' : 'activities.dataTooLarge',
        params: { maximum: Number(issue.maximum) },
      };
    case 'too_small':
      return {
        key: issue.origin === 'string' ? 'activities.dataTooShort' : 'activities.dataTooSmall',
        params: { minimum: Number(issue.minimum) },
      };
    case 'invalid_type':
      return 'activities.dataWrongType';
    case 'invalid_format':
      return issue.format === 'url' ? 'activities.urlInvalid' : 'activities.dataInvalid';
    default:
      return 'activities.dataInvalid';
  }
}
