/** The questionnaire inputs of the activity form, stored in the activity's `data`. */
export interface QuestionnaireSettingsFormValues {
  is_anonymous: boolean;
}

export function isQuestionnaireActivityType(type: string | undefined): boolean {
  return type === 'questionnaire';
}

export function questionnaireSettingsFormValues(
  data: Record<string, unknown> = {},
): QuestionnaireSettingsFormValues {
  return { is_anonymous: data.is_anonymous === true };
}

export function questionnaireDataFromForm(
  values: Partial<QuestionnaireSettingsFormValues> | undefined,
): Record<string, unknown> {
  return { is_anonymous: values?.is_anonymous ?? false };
}
