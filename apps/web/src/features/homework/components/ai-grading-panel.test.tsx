import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { errorResponse, jsonResponse, mockApi, sentBodies } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { HOMEWORK_ID, makeHomeworkDetail, makeSubmission } from '../test/student-fixtures.ts';
import { AiGradingPanel } from './ai-grading-panel.tsx';
import { aiGradingReducer, initialAiGrading } from './ai-grading-state.ts';

const GRADING = `POST /api/homeworks/${HOMEWORK_ID}/grading`;
const SUGGESTION = {
  totalScore: 8.5,
  scoreJustification: [{ criterion: 'Argument', points_awarded: 8.5, explanation: 'A clear thesis' }],
  strengths: ['Well organised'],
  areasForImprovement: ['Cite more sources'],
};

/** A server-sent-events response the test writes into as it goes, like the server's stream. */
function controlledStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    send: (data: unknown, event?: string) =>
      controller.enqueue(
        encoder.encode(`${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`),
      ),
    close: () => controller.close(),
  };
}

function renderPanel(grading: () => Response | Promise<Response>) {
  const fetchMock = mockApi({
    'GET /api/ai/status': () =>
      jsonResponse({ available: true, credit_mode: 'allocation', max_text_length: 20000 }),
    'GET /api/ai/credits/me': () =>
      jsonResponse({
        userId: 1,
        userNo: 'T1',
        userName: 'Teacher',
        department: null,
        role: 'instructor',
        creditAssigned: 100,
        creditUsed: 10,
        creditRemaining: 90,
        creditUsedPercent: 10,
        isLowAirCredit: false,
      }),
    [GRADING]: grading,
  });
  const onAccept = vi.fn();
  renderRoutes(
    [
      {
        path: '*',
        element: (
          <AiGradingPanel
            homework={makeHomeworkDetail({ description: '<p>Write about rivers</p>', rubric_id: 5 })}
            submission={makeSubmission()}
            disabled={false}
            onAccept={onAccept}
          />
        ),
      },
    ],
    '/',
  );
  return { fetchMock, onAccept };
}

describe('AI grading suggestion states', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
  });

  it('goes initial → pending → waiting → finished, and accept fills score and comment then returns to initial', async () => {
    const stream = controlledStream();
    const { fetchMock, onAccept } = renderPanel(() => stream.response);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Get AI suggestion/ }));
    await screen.findByText('Asking the AI…');
    expect(sentBodies(fetchMock, GRADING)).toEqual([{ submission_id: 900 }]);

    stream.send({ data: '{"totalScore"' });
    await screen.findByText('The AI is writing its suggestion…');
    // Starting again while a suggestion is under way does not ask again.
    await user.click(screen.getByRole('button', { name: /Get AI suggestion/ }));
    expect(sentBodies(fetchMock, GRADING)).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'AI grading suggestion' }).className).toContain(
      'lectern-ai-grading-shake',
    );

    stream.send(SUGGESTION, 'result');
    stream.close();
    await screen.findByText('Suggested score: 8.5');
    screen.getByText('Argument: 8.5 points.');
    screen.getByText('Cite more sources');

    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(onAccept).toHaveBeenCalledWith({
      score: '8.5',
      comment: 'Strengths\n- Well organised\n\nAreas for improvement\n- Cite more sources',
    });
    await waitFor(() => expect(screen.queryByText('Suggested score: 8.5')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('discard returns to initial without filling anything', async () => {
    const stream = controlledStream();
    const { onAccept } = renderPanel(() => stream.response);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Get AI suggestion/ }));
    stream.send(SUGGESTION, 'result');
    stream.close();
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(screen.queryByText('Suggested score: 8.5')).toBeNull();
    expect(onAccept).not.toHaveBeenCalled();
  });

  it('an error event returns to initial with the server message', async () => {
    const stream = controlledStream();
    renderPanel(() => stream.response);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Get AI suggestion/ }));
    stream.send({ data: '{"tot' });
    stream.send(
      { code: 'service_unavailable', message: 'The AI service failed; no credits were used.' },
      'error',
    );
    stream.close();
    await screen.findByText('The AI service failed; no credits were used.');
    expect(screen.queryByText('The AI is writing its suggestion…')).toBeNull();
    expect(screen.getByRole('button', { name: /Get AI suggestion/ })).toHaveProperty('disabled', false);
  });

  it('a refusal before the stream (credit insufficient) shows its message in initial', async () => {
    renderPanel(() => errorResponse(409, 'conflict', 'Credit insufficient.'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Get AI suggestion/ }));
    await screen.findByText('Credit insufficient.');
  });

  it('closing before finished asks for confirmation, then cancels the request', async () => {
    const stream = controlledStream();
    const { fetchMock } = renderPanel(() => stream.response);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Get AI suggestion/ }));
    stream.send({ data: '{' });
    await screen.findByText('The AI is writing its suggestion…');
    const signal =
      fetchMock.mock.calls.find(([url]) => String(url).includes('/grading'))?.[1]?.signal ?? undefined;

    await user.click(screen.getByRole('button', { name: 'Close the AI suggestion' }));
    expect(
      await screen.findAllByText('The AI suggestion is not finished. Close it anyway?'),
    ).not.toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Keep waiting' }));
    screen.getByText('The AI is writing its suggestion…');
    expect(signal?.aborted).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Close the AI suggestion' }));
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('The AI is writing its suggestion…')).toBeNull());
    expect(signal?.aborted).toBe(true);
  });
});

describe('aiGradingReducer', () => {
  it('ignores a second start and late messages, and keeps an error message only in initial', () => {
    const pending = aiGradingReducer(initialAiGrading, { type: 'start' });
    expect(pending.phase).toBe('pending');
    const waiting = aiGradingReducer(pending, { type: 'message', text: 'a' });
    expect(aiGradingReducer(waiting, { type: 'start' })).toBe(waiting);
    const finished = aiGradingReducer(waiting, { type: 'finish', suggestion: SUGGESTION });
    expect(finished.phase).toBe('finished');
    expect(aiGradingReducer(finished, { type: 'message', text: 'late' })).toBe(finished);
    expect(aiGradingReducer(waiting, { type: 'fail', message: 'boom' })).toEqual({
      ...initialAiGrading,
      error: 'boom',
    });
    expect(aiGradingReducer(initialAiGrading, { type: 'message', text: 'x' })).toBe(initialAiGrading);
  });
});
