import type { Subject, SubjectInput } from '@lectern/contracts/exams/subject.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../shared/i18n/i18n.ts';
import { renderRoutes } from '../../../../test/render-app.tsx';
import { preloadRichTextEditor } from '../../../../test/rich-text.ts';
import { makeSubject } from '../../test/authoring-fixtures.ts';
import { SubjectEditorModal } from './subject-editor-modal.tsx';
import { changeDraftType, draftFromSubject, inputFromDraft } from './subject-draft.ts';

/** A multiple choice with the partial credit an imported Moodle file gave it (issue 19). */
const weighted = (): Subject =>
  makeSubject({
    id: 7,
    type: 'multiple_selection',
    description: '<p>Which are prime?</p>',
    options: [
      { id: 71, sort: 0, content: '<p>2</p>', is_answer: true, weight: 0.5 },
      { id: 72, sort: 1, content: '<p>3</p>', is_answer: true, weight: 0.5 },
      { id: 73, sort: 2, content: '<p>4</p>', is_answer: false, weight: -1 },
    ],
  });

function renderEditor(subject: Subject) {
  const onSave = vi.fn(async (_input: SubjectInput) => undefined);
  renderRoutes(
    [
      {
        path: '*',
        element: <SubjectEditorModal open subject={subject} onSave={onSave} onClose={vi.fn()} />,
      },
    ],
    '/',
  );
  return { onSave, user: userEvent.setup({ delay: null }) };
}

beforeAll(preloadRichTextEditor, 60_000);

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('partial credit in the question editor', { timeout: 120_000 }, () => {
  it('keeps an imported question’s option weights through editing, and drops them with another type', () => {
    const draft = draftFromSubject(weighted());
    expect(inputFromDraft(draft).options?.map((o) => o.weight)).toEqual([0.5, 0.5, -1]);
    const single = changeDraftType(draft, 'single_selection', { true: 'True', false: 'False' });
    expect(inputFromDraft(single).options?.map((o) => o.weight)).toEqual([undefined, undefined, undefined]);
  });

  it('shows each option’s share read-only and saves it unchanged', async () => {
    const { onSave, user } = renderEditor(weighted());
    expect(await screen.findByText(/Partial credit from an imported file/)).toBeTruthy();
    expect(within(screen.getByTestId('option-row-A')).getByText('50% of the points')).toBeTruthy();
    expect(within(screen.getByTestId('option-row-C')).getByText('-100% of the points')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0].options?.map((o) => [o.is_answer, o.weight])).toEqual([
      [true, 0.5],
      [true, 0.5],
      [false, -1],
    ]);
  });

  it('grades all or nothing again once the author changes the correct answers', async () => {
    const { onSave, user } = renderEditor(weighted());
    await user.click(await screen.findByRole('checkbox', { name: 'B is correct' }));
    expect(screen.queryByText(/Partial credit from an imported file/)).toBeNull();
    expect(screen.queryByText('50% of the points')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0].options?.map((o) => [o.is_answer, o.weight])).toEqual([
      [true, undefined],
      [false, undefined],
      [false, undefined],
    ]);
  });
});
