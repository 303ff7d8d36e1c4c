import type { App, FormInstance } from 'antd';
import { isApiError } from '../api/http-client.ts';
import { i18n } from '../i18n/i18n.ts';

export type MessageApi = ReturnType<typeof App.useApp>['message'];

/**
 * Puts the first server message of each field under that field and shows the summary as a toast.
 * Wire field paths (`department_id`, `rows.3.email`) match form names joined with dots.
 * Returns the field paths the form has no field for, so a caller can show them elsewhere.
 */
export function applyServerFormErrors(
  form: FormInstance,
  error: unknown,
  message: Pick<MessageApi, 'error'>,
): string[] {
  if (!isApiError(error)) {
    void message.error(i18n.t('shared:errors.unexpected'));
    return [];
  }
  // Keep the form's own name paths: `['rows', 3]` and `['rows', '3']` are different fields to antd.
  const registered = new Map(form.getFieldsError().map((field) => [field.name.join('.'), field.name]));
  const unmatched: string[] = [];
  const fields: Parameters<FormInstance['setFields']>[0] = [];
  for (const [path, messages] of Object.entries(error.errors)) {
    const first = messages[0];
    const name = registered.get(path);
    if (first && name) fields.push({ name, errors: [first] });
    else if (first) unmatched.push(path);
  }
  if (fields.length > 0) form.setFields(fields);
  void message.error(error.message);
  return unmatched;
}
