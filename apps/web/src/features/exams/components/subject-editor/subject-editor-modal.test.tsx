import type { Subject, SubjectInput, SubjectType } from '@lectern/contracts/exams/subject.schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../shared/api/http-client.ts';
import { i18n } from '../../../../shared/i18n/i18n.ts';
import { renderRoutes } from '../../../../test/render-app.tsx';
import { fillRichText, preloadRichTextEditor } from '../../../../test/rich-text.ts';
import { choose } from '../../test/authoring-dom.ts';
import { makeSubject } from '../../test/authoring-fixtures.ts';
import { SubjectEditorModal } from './subject-editor-modal.tsx';

function renderEditor(props: {
  subject?: Subject;
  defaultType?: SubjectType;
  onSave?: (input: SubjectInput) => Promise<unknown>;
}) {
  const onSave = vi.fn(props.onSave ?? (async () => undefined));
  const onClose = vi.fn();
  renderRoutes(
    [
      {
        path: '*',
        element: (
          <SubjectEditorModal
            open
            subject={props.subject}
            defaultType={props.defaultType}
            onSave={onSave}
            onClose={onClose}
          />
        ),
      },
    ],
    '/',
  );
  return { onSave, onClose, user: userEvent.setup({ delay: null }) };
}

/** Sets a field's whole value at once, as pasting would (jsdom on a busy machine is slow to type). */
async function typeInto(_user: ReturnType<typeof userEvent.setup>, element: HTMLElement, text: string) {
  // Question text, options and explanations are the rich-text editor: set as one paragraph.
  if (element.isContentEditable || element.classList.contains('ProseMirror')) {
    await fillRichText(element, text);
    return;
  }
  fireEvent.change(element, { target: { value: text } });
  await Promise.resolve();
}

const saveButton = () => screen.getByRole('button', { name: 'Save' });

beforeAll(preloadRichTextEditor, 60_000);

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

// antd under jsdom is slow, and these tests fill whole questions in.
describe('SubjectEditorModal', { timeout: 120_000 }, () => {
  it('sends a single choice with its options lettered in order and one answer', async () => {
    const { onSave, onClose, user } = renderEditor({ defaultType: 'single_selection' });

    await typeInto(user, await screen.findByLabelText('Question text'), 'Which structure is LIFO?');
    await typeInto(user, await screen.findByLabelText('Option A'), 'Queue');
    await typeInto(user, await screen.findByLabelText('Option B'), 'Stack');
    await user.click(screen.getByRole('button', { name: 'Remove option D' }));
    await user.click(screen.getByRole('button', { name: 'Remove option C' }));
    await user.click(screen.getByRole('radio', { name: 'B is correct' }));
    await typeInto(user, await screen.findByLabelText('Points'), '2.5');
    await choose(screen.getByRole('combobox', { name: 'Difficulty' }), 'Easy');
    await typeInto(user, await screen.findByLabelText('Answer explanation'), 'Last in, first out.');
    await user.click(saveButton());

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSave).toHaveBeenCalledWith({
      type: 'single_selection',
      description: '<p>Which structure is LIFO?</p>',
      point: 2.5,
      difficulty_level: 3,
      options: [
        { content: '<p>Queue</p>', is_answer: false, sort: 0 },
        { content: '<p>Stack</p>', is_answer: true, sort: 1 },
      ],
      answer: null,
      answer_explanation: '<p>Last in, first out.</p>',
      blanks: [],
      pairs: [],
      knowledge_node_ids: [],
      knowledge_node_names: [],
      note: null,
      settings: {},
    });
  });

  it('refuses a single choice with two answers before calling the server', async () => {
    const { onSave, user } = renderEditor({
      subject: makeSubject({
        id: 1,
        options: [
          { id: 11, sort: 0, content: '<p>Queue</p>', is_answer: true },
          { id: 12, sort: 1, content: '<p>Stack</p>', is_answer: true },
        ],
      }),
    });

    await user.click(saveButton());

    expect(await screen.findByText('Mark exactly one option as the correct answer.')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
    // Choosing one answer clears the other and the message goes away at once.
    await user.click(screen.getByRole('radio', { name: 'A is correct' }));
    await waitFor(() =>
      expect(screen.queryByText('Mark exactly one option as the correct answer.')).toBeNull(),
    );
  });

  it('keeps true/false at two options and sends the chosen answer', async () => {
    const { onSave, user } = renderEditor({
      subject: makeSubject({
        id: 2,
        type: 'true_or_false',
        options: [
          { id: 21, sort: 0, content: 'True', is_answer: true },
          { id: 22, sort: 1, content: 'False', is_answer: false },
          { id: 23, sort: 2, content: 'Maybe', is_answer: false },
        ],
      }),
    });

    await user.click(saveButton());
    expect(await screen.findByText('A true/false question has exactly two options.')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Remove option C' }));
    await user.click(screen.getByRole('radio', { name: 'B is correct' }));
    // Two rows left: they can no longer be removed, and no option can be added.
    expect(screen.queryByRole('button', { name: /Remove option/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add option' })).toBeNull();
    await user.click(saveButton());

    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]![0].options).toEqual([
      { content: 'True', is_answer: false, sort: 0 },
      { content: 'False', is_answer: true, sort: 1 },
    ]);
  });

  it('asks for an answer for every blank and sends each blank with all its accepted answers', async () => {
    const { onSave, user } = renderEditor({ defaultType: 'fill_in_blank' });

    await typeInto(
      user,
      await screen.findByLabelText('Question text'),
      'The PRC was founded in ____ in ____.',
    );
    await user.click(screen.getByRole('button', { name: 'Add blank' }));
    await typeInto(user, await screen.findByLabelText('Blank 2, accepted answer 1'), 'Beijing');
    await user.click(saveButton());

    const blankOne = screen.getByTestId('blank-row-1');
    expect(
      await within(blankOne).findByText('Give at least one accepted answer for this blank.'),
    ).toBeTruthy();
    expect(
      within(screen.getByTestId('blank-row-2')).queryByText(/accepted answer for this blank/),
    ).toBeNull();
    expect(onSave).not.toHaveBeenCalled();

    await typeInto(user, await screen.findByLabelText('Blank 1, accepted answer 1'), '1949');
    await user.click(within(blankOne).getByRole('button', { name: 'Add another accepted answer' }));
    await typeInto(user, await screen.findByLabelText('Blank 1, accepted answer 2'), ' 一九四九 ');
    await user.click(screen.getByRole('checkbox', { name: 'Blanks may be answered in any order' }));
    await typeInto(user, await screen.findByLabelText('Points'), '4');
    await user.click(saveButton());

    await waitFor(() => expect(onSave).toHaveBeenCalled());
    const sent = onSave.mock.calls[0]![0];
    expect(sent.blanks).toEqual([
      { sort: 0, answers: ['1949', '一九四九'] },
      { sort: 1, answers: ['Beijing'] },
    ]);
    expect(sent.settings).toEqual({ unordered_blanks: true });
    expect(sent.options).toEqual([]);
  });

  it('sends matching pairs pointing at their right-hand items, which follow when reordered', async () => {
    const { onSave, user } = renderEditor({ defaultType: 'matching' });

    await typeInto(user, await screen.findByLabelText('Question text'), 'Match the capitals.');
    await typeInto(user, await screen.findByLabelText('Item 1'), 'France');
    await typeInto(user, await screen.findByLabelText('Item 2'), 'Japan');
    await typeInto(user, await screen.findByLabelText('Match A'), 'Paris');
    await typeInto(user, await screen.findByLabelText('Match B'), 'Tokyo');
    await user.click(screen.getByRole('button', { name: 'Add match' }));
    await typeInto(user, await screen.findByLabelText('Match C'), 'Berlin');
    await choose(screen.getByRole('combobox', { name: 'Item 1 matches' }), 'A');
    await choose(screen.getByRole('combobox', { name: 'Item 2 matches' }), 'B');
    // Berlin moves to the top: France's and Japan's matches are still Paris and Tokyo.
    await user.click(screen.getByRole('button', { name: 'Move Match C up' }));
    await user.click(screen.getByRole('button', { name: 'Move Match B up' }));
    await typeInto(user, await screen.findByLabelText('Points'), '6');
    await user.click(saveButton());

    await waitFor(() => expect(onSave).toHaveBeenCalled());
    const sent = onSave.mock.calls[0]![0];
    expect(sent.options).toEqual([
      { content: '<p>Berlin</p>', is_answer: false, sort: 0 },
      { content: '<p>Paris</p>', is_answer: false, sort: 1 },
      { content: '<p>Tokyo</p>', is_answer: false, sort: 2 },
    ]);
    expect(sent.pairs).toEqual([
      { sort: 0, content: '<p>France</p>', option_sort: 1 },
      { sort: 1, content: '<p>Japan</p>', option_sort: 2 },
    ]);
  });

  it('names an unmatched item', async () => {
    const { onSave, user } = renderEditor({ defaultType: 'matching' });
    await typeInto(user, await screen.findByLabelText('Question text'), 'Match.');
    await user.click(saveButton());
    expect((await screen.findAllByText('Choose the matching item for this entry.')).length).toBe(2);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('sends an analysis stem with its sub-questions, its points the sum of theirs', async () => {
    const { onSave, user } = renderEditor({ defaultType: 'analysis' });

    // The stem's own text comes first; each sub-question has its own.
    await typeInto(user, (await screen.findAllByLabelText('Question text'))[0]!, 'Read the passage.');
    const first = screen.getByTestId('sub-subject-1');
    await typeInto(user, await within(first).findByLabelText('Question text'), 'Who wrote it?');
    await typeInto(user, await within(first).findByLabelText('Option A'), 'Lu Xun');
    await typeInto(user, await within(first).findByLabelText('Option B'), 'Ba Jin');
    await user.click(within(first).getByRole('button', { name: 'Remove option D' }));
    await user.click(within(first).getByRole('button', { name: 'Remove option C' }));
    await user.click(within(first).getByRole('radio', { name: 'A is correct' }));
    await typeInto(user, await within(first).findByLabelText('Points'), '3');
    await user.click(screen.getByRole('button', { name: 'Add sub-question' }));
    const second = screen.getByTestId('sub-subject-2');
    await choose(within(second).getByRole('combobox', { name: 'Question type' }), 'Short answer');
    await typeInto(user, await within(second).findByLabelText('Question text'), 'Summarise it.');
    await typeInto(user, await within(second).findByLabelText('Reference answer'), 'A story about…');
    await typeInto(user, await within(second).findByLabelText('Points'), '7');
    expect(screen.getByText('10 (sum of the sub-questions)')).toBeTruthy();
    await user.click(saveButton());

    await waitFor(() => expect(onSave).toHaveBeenCalled());
    const sent = onSave.mock.calls[0]![0];
    expect(sent).toMatchObject({ type: 'analysis', point: 10, options: [] });
    expect(sent.sub_subjects).toMatchObject([
      {
        type: 'single_selection',
        description: '<p>Who wrote it?</p>',
        point: 3,
        options: [
          { content: '<p>Lu Xun</p>', is_answer: true, sort: 0 },
          { content: '<p>Ba Jin</p>', is_answer: false, sort: 1 },
        ],
      },
      {
        type: 'short_answer',
        description: '<p>Summarise it.</p>',
        point: 7,
        answer: '<p>A story about…</p>',
        options: [],
      },
    ]);
  });

  it('offers only single choice gaps in a cloze', async () => {
    renderEditor({ defaultType: 'cloze' });
    const gap = screen.getByTestId('sub-subject-1');
    expect(
      within(gap).getByRole('combobox', { name: 'Question type' }).closest('.ant-select-disabled'),
    ).toBeTruthy();
  });

  it('sends a short answer with its reference answer, and a text block with no points', async () => {
    const { onSave, user } = renderEditor({ defaultType: 'short_answer' });
    await typeInto(user, await screen.findByLabelText('Question text'), 'Explain recursion.');
    await typeInto(user, await screen.findByLabelText('Reference answer'), 'A function calling itself.');
    await typeInto(user, await screen.findByLabelText('Points'), '10');
    await choose(screen.getByRole('combobox', { name: 'Question type' }), 'Text block');
    expect(screen.getByText('A text block carries no points')).toBeTruthy();
    expect(screen.queryByLabelText('Points')).toBeNull();
    await user.click(saveButton());

    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]![0]).toMatchObject({
      type: 'paragraph_desc',
      description: '<p>Explain recursion.</p>',
      point: 0,
    });
  });

  it('shows the server’s field messages under the fields they are about', async () => {
    const { onSave, onClose, user } = renderEditor({
      subject: makeSubject({ id: 3 }),
      onSave: async () => {
        throw new ApiError({
          status: 400,
          code: 'validation_failed',
          message: 'Some fields are invalid. Please check and try again.',
          errors: {
            'subjects.0.options.1.content': ['Enter the option text.'],
            subjects: ['10 points do not fit: 4 of 100 points are left.'],
            'subjects.0.description': ['Enter the question text.'],
          },
        });
      },
    });

    await user.click(saveButton());

    expect(await screen.findByText('10 points do not fit: 4 of 100 points are left.')).toBeTruthy();
    expect(within(screen.getByTestId('option-row-B')).getByText('Enter the option text.')).toBeTruthy();
    expect(within(screen.getByTestId('option-row-A')).queryByText('Enter the option text.')).toBeNull();
    expect(screen.getByText('Enter the question text.')).toBeTruthy();
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
    // The points message sits with the points input, and goes once the points change.
    const points = screen.getByLabelText('Points');
    expect(points.closest('.ant-form-item')?.textContent).toContain('4 of 100 points are left');
    await typeInto(user, points, '1');
    await waitFor(() => expect(screen.queryByText(/4 of 100 points are left/)).toBeNull());
  });
});
