import type { PaperSubject } from '@lectern/contracts/exams/subject.schemas';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders, createQueryClient } from '../../../../app/providers.tsx';
import { WithoutAntdStyles } from '../../../../test/render-app.tsx';
import { i18n } from '../../../../shared/i18n/i18n.ts';
import { makePaper } from '../../test/taking-fixtures.ts';
import {
  questionNumbers,
  toWireAnswers,
  unansweredCount,
  type AnswerMap,
  type AnswerValue,
} from './answer-model.ts';
import { PaperQuestion } from './paper-question.tsx';

let latest: AnswerMap = {};

function Harness({ paper }: { paper: PaperSubject[] }) {
  const [answers, setAnswers] = useState<AnswerMap>({});
  const onAnswer = (id: number, value: AnswerValue) =>
    setAnswers((previous) => {
      latest = { ...previous, [id]: value };
      return latest;
    });
  const numbers = questionNumbers(paper);
  return (
    <>
      {paper.map((subject) => (
        <PaperQuestion
          key={subject.id}
          subject={subject}
          number={numbers.get(subject.id) ?? null}
          answers={answers}
          onAnswer={onAnswer}
        />
      ))}
    </>
  );
}

function renderPaper(paper = makePaper()) {
  latest = {};
  render(
    <WithoutAntdStyles>
      <AppProviders queryClient={createQueryClient()}>
        <Harness paper={paper} />
      </AppProviders>
    </WithoutAntdStyles>,
  );
  return paper;
}

/** Puts text into a box the way pasting does: one change, not one per key (typing is slow in jsdom). */
async function fill(user: ReturnType<typeof userEvent.setup>, box: HTMLElement, text: string) {
  await user.click(box);
  await user.paste(text);
}

/** antd's select opens on mouse down; its options are then in a list outside the question. */
async function choose(label: string, optionText: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const open = await waitFor(() => {
    const list = document.querySelector<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    expect(list).toBeTruthy();
    return list!;
  });
  fireEvent.click(within(open).getByTitle(optionText));
  await waitFor(() =>
    expect(document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toBeNull(),
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('answer inputs', () => {
  it(
    'turn what the student enters into the exact wire answers for every type',
    { timeout: 60_000 },
    async () => {
      const user = userEvent.setup({ delay: null });
      const paper = renderPaper();

      // The text block is shown, not numbered and not answerable.
      expect(screen.getByText('Part one: read carefully.')).toBeTruthy();
      expect(screen.queryByRole('region', { name: 'Question 9' })).toBeNull();

      const q1 = screen.getByRole('region', { name: 'Question 1' });
      await user.click(within(q1).getByRole('radio', { name: /Stack/ }));

      const q2 = screen.getByRole('region', { name: 'Question 2' });
      await user.click(within(q2).getByRole('checkbox', { name: /Linked list/ }));
      await user.click(within(q2).getByRole('checkbox', { name: /Array/ }));

      const q3 = screen.getByRole('region', { name: 'Question 3' });
      await user.click(within(q3).getByRole('radio', { name: /False/ }));

      const q4 = screen.getByRole('region', { name: 'Question 4' });
      await fill(user, within(q4).getByRole('textbox', { name: 'Blank 2' }), 'heapsort');
      await fill(user, within(q4).getByRole('textbox', { name: 'Blank 1' }), 'quicksort');

      await choose('Match for item 2: Linear search', 'B. O(n)');
      await choose('Match for item 1: Binary search', 'A. O(log n)');

      const q6 = screen.getByRole('region', { name: 'Question 6' });
      await fill(user, within(q6).getByRole('textbox', { name: 'Question 6' }), 'A function calling itself.');

      const q7 = screen.getByRole('region', { name: 'Question 7' });
      await user.click(within(q7).getByRole('radio', { name: /2/ }));
      await fill(user, within(q7).getByRole('textbox', { name: 'Question 7.2' }), 'Because n-1.');

      const q8 = screen.getByRole('region', { name: 'Question 8' });
      await user.click(within(q8).getByRole('radio', { name: /map/ }));

      await waitFor(() =>
        expect(toWireAnswers(paper, latest)).toEqual([
          { subject_id: 2, parent_id: null, answer_option_ids: [22], answer: null, answers: [] },
          { subject_id: 3, parent_id: null, answer_option_ids: [31, 33], answer: null, answers: [] },
          { subject_id: 4, parent_id: null, answer_option_ids: [42], answer: null, answers: [] },
          {
            subject_id: 5,
            parent_id: null,
            answer_option_ids: [],
            answer: null,
            answers: [
              { sort: 0, content: 'quicksort' },
              { sort: 1, content: 'heapsort' },
            ],
          },
          {
            subject_id: 6,
            parent_id: null,
            answer_option_ids: [],
            answer: null,
            answers: [
              { sort: 0, content: '61' },
              { sort: 1, content: '62' },
            ],
          },
          {
            subject_id: 7,
            parent_id: null,
            answer_option_ids: [],
            answer: 'A function calling itself.',
            answers: [],
          },
          { subject_id: 81, parent_id: 8, answer_option_ids: [812], answer: null, answers: [] },
          { subject_id: 82, parent_id: 8, answer_option_ids: [], answer: 'Because n-1.', answers: [] },
          { subject_id: 91, parent_id: 9, answer_option_ids: [911], answer: null, answers: [] },
        ]),
      );
      expect(unansweredCount(paper, latest)).toBe(0);
    },
  );

  it('sends unanswered questions empty and counts half-answered ones as unanswered', async () => {
    const user = userEvent.setup({ delay: null });
    const paper = renderPaper();

    const q4 = screen.getByRole('region', { name: 'Question 4' });
    await fill(user, within(q4).getByRole('textbox', { name: 'Blank 1' }), 'quicksort');
    const q7 = screen.getByRole('region', { name: 'Question 7' });
    await user.click(within(q7).getByRole('radio', { name: /1/ }));

    const wire = toWireAnswers(paper, latest);
    expect(wire.map((entry) => entry.subject_id)).toEqual([2, 3, 4, 5, 6, 7, 81, 82, 91]);
    expect(wire[0]).toEqual({
      subject_id: 2,
      parent_id: null,
      answer_option_ids: [],
      answer: null,
      answers: [],
    });
    expect(wire[3]?.answers).toEqual([{ sort: 0, content: 'quicksort' }]);
    // One blank of two and one sub-question of two: both questions still count as unanswered.
    expect(unansweredCount(paper, latest)).toBe(8);
  });
});
