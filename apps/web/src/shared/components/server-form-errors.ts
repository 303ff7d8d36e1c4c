import type { App, FormInstance } from 'antd';
import { isApiError } from '../api/http-client.ts';
import { i18n } from '../i18n/i18n.ts';

export type MessageApi = ReturnType<typeof App.useApp>['message'];

/**
 * Wire field paths a form shows under another of its fields (wire path → form field path), e.g. the two
 * wire fields of a completion criterion that one input edits.
 */
export type ServerFieldAliases = Readonly<Record<string, string>>;

/**
 * Puts the first server message of each field under that field and shows the summary as a toast.
 * Wire field paths (`department_id`, `rows.3.email`) match form names joined with dots, or the form
 * field `aliases` names for them. Returns the field paths the form has no field for, so a caller can
 * show them elsewhere.
 */
export function applyServerFormErrors(
  form: FormInstance,
  error: unknown,
  message: Pick<MessageApi, 'error'>,
  aliases: ServerFieldAliases = {},
): string[] {
  if (!isApiError(error)) {
    void message.error(i18n.t('shared:errors.unexpected'));
    return [];
  }
  // Keep the form's own name paths: `['rows', 3]` and `['rows', '3']` are different fields to antd.
  const registered = new Map(form.getFieldsError().map((field) => [field.name.join('.'), field.name]));
  const unmatched: string[] = [];
  const fields = new Map<string, { name: (string | number)[]; errors: string[] }>();
  for (const [path, messages] of Object.entries(error.errors)) {
    const first = messages[0];
    if (!first) continue;
    const target = aliases[path] ?? path;
    const name = registered.get(target);
    if (!name) {
      unmatched.push(path);
      continue;
    }
    // Several wire fields aliased to one form field show all their messages there.
    const field = fields.get(target) ?? { name, errors: [] };
    field.errors.push(first);
    fields.set(target, field);
  }
  if (fields.size > 0) form.setFields([...fields.values()]);
  void message.error(error.message);
  return unmatched;
}
