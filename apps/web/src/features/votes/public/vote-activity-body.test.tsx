import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { FakeEventSource, installFakeEventSource } from '../../../test/fake-event-source.ts';
import { errorResponse, jsonResponse, mockApi, sentBodies } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { makeVote, makeVoteActivity } from '../test/fixtures.ts';
import { VoteActivityBody } from './vote-activity-body.tsx';

function renderBody(activity = makeVoteActivity()) {
  return renderRoutes(
    [{ path: '/course/:courseId/activity/:activityId', element: <VoteActivityBody activity={activity} /> }],
    '/course/5/activity/300',
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});
installFakeEventSource();

describe('the student vote page', () => {
  it('sends the chosen letter and shows the recorded vote', { timeout: 60_000 }, async () => {
    let current = makeVote();
    const fetchMock = mockApi({
      'GET /api/votes/300': () => jsonResponse(current),
      'POST /api/votes/300/vote': () => {
        current = makeVote({ my_votes: ['B'], voter_count: 1 });
        return jsonResponse(current);
      },
    });
    const user = userEvent.setup({ delay: null });
    renderBody();

    expect(await screen.findByText('Which topic next week?', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('This vote is named: your instructors see your choice.')).toBeTruthy();
    expect(screen.getByText('The results are shown when the vote ends.')).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Vote' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    const group = screen.getByRole('group', { name: 'Choose one option' });
    await user.click(within(group).getByRole('radio', { name: 'B. Trees' }));
    await user.click(screen.getByRole('button', { name: 'Vote' }));

    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST /api/votes/300/vote')).toEqual([{ votes: ['B'] }]),
    );
    expect(await screen.findByText('Your vote: B')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change my vote' })).toBeTruthy();
  });

  it('shows the results when the vote ends, without a reload', { timeout: 60_000 }, async () => {
    let current = makeVote({ my_votes: ['B'], voter_count: 1 });
    const fetchMock = mockApi({ 'GET /api/votes/300': () => jsonResponse(current) });
    renderBody();
    expect(await screen.findByText('Your vote: B', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('The results are shown when the vote ends.')).toBeTruthy();
    await waitFor(() => expect(FakeEventSource.last?.url).toBe('/api/push/stream'));
    const reads = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/votes/300')).length;

    // Students are not told about every ballot; other votes' ends are not theirs either.
    FakeEventSource.last?.emit({ course_id: 5, type: 'vote.cast', data: { activity_id: 300 } });
    FakeEventSource.last?.emit({ course_id: 5, type: 'vote.closed', data: { activity_id: 301 } });
    expect(reads()).toBe(1);

    current = makeVote({
      status: 'ended',
      is_open: false,
      can_vote: false,
      my_votes: ['B'],
      voter_count: 2,
      results: [
        { option: 'A', content: 'Graphs', count: 1 },
        { option: 'B', content: 'Trees', count: 1 },
        { option: 'C', content: 'Heaps', count: 0 },
      ],
    });
    FakeEventSource.last?.emit({ course_id: 5, type: 'vote.closed', data: { activity_id: 300 } });
    expect(await screen.findByText('2 of 30 students voted')).toBeTruthy();
    expect(screen.getByText('Ended')).toBeTruthy();
    expect(screen.queryByText('The results are shown when the vote ends.')).toBeNull();
    expect(reads()).toBe(2);
  });

  it('lets a student pick several options in a multiple-choice vote', { timeout: 60_000 }, async () => {
    const fetchMock = mockApi({
      'GET /api/votes/300': () => jsonResponse(makeVote({}, { vote_type: 'multiple', is_anonymous: true })),
      'POST /api/votes/300/vote': () =>
        jsonResponse(makeVote({ my_votes: ['A', 'C'] }, { vote_type: 'multiple' })),
    });
    const user = userEvent.setup({ delay: null });
    renderBody();

    const group = await screen.findByRole(
      'group',
      { name: 'Choose one or more options' },
      { timeout: 15_000 },
    );
    expect(screen.getByText('This vote is anonymous: nobody sees who chose what.')).toBeTruthy();
    await user.click(within(group).getByRole('checkbox', { name: 'A. Graphs' }));
    await user.click(within(group).getByRole('checkbox', { name: 'C. Heaps' }));
    await user.click(screen.getByRole('button', { name: 'Vote' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST /api/votes/300/vote')).toEqual([{ votes: ['A', 'C'] }]),
    );
  });

  it('shows why a ballot was refused', { timeout: 60_000 }, async () => {
    mockApi({
      'GET /api/votes/300': () => jsonResponse(makeVote()),
      'POST /api/votes/300/vote': () => errorResponse(409, 'conflict', 'This vote is not open.'),
    });
    const user = userEvent.setup({ delay: null });
    renderBody();
    await user.click(await screen.findByRole('radio', { name: 'A. Graphs' }, { timeout: 15_000 }));
    await user.click(screen.getByRole('button', { name: 'Vote' }));
    expect(await screen.findByText('This vote is not open.')).toBeTruthy();
  });

  it('shows the counts after the vote has ended, without a ballot button', { timeout: 60_000 }, async () => {
    mockApi({
      'GET /api/votes/300': () =>
        jsonResponse(
          makeVote({
            status: 'ended',
            is_open: false,
            can_vote: false,
            can_see_results: true,
            my_votes: ['A'],
            voter_count: 4,
            results: [
              { option: 'A', content: 'Graphs', count: 3 },
              { option: 'B', content: 'Trees', count: 1 },
              { option: 'C', content: 'Heaps', count: 0 },
            ],
          }),
        ),
    });
    renderBody();
    expect(await screen.findByText('4 of 30 students voted', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('3 (75%)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Vote|Change my vote/ })).toBeNull();
    expect(screen.getByText('Ended')).toBeTruthy();
  });
});

describe('the instructor results view', () => {
  const results = (a: number, b: number) => [
    { option: 'A', content: 'Graphs', count: a },
    { option: 'B', content: 'Trees', count: b },
    { option: 'C', content: 'Heaps', count: 0 },
  ];

  it(
    'draws the counts and names voters of a named vote, and updates on a push event',
    { timeout: 60_000 },
    async () => {
      let current = makeVote({
        can_vote: false,
        can_see_results: true,
        voter_count: 1,
        results: results(1, 0),
        students: [
          { id: 20, user_no: 's001', name: 'Wang Fang', votes: ['A'], voted_at: '2026-03-01T08:10:00.000Z' },
        ],
      });
      const fetchMock = mockApi({ 'GET /api/votes/300': () => jsonResponse(current) });
      renderBody(makeVoteActivity({ can_edit: true }));

      const chart = await screen.findByRole('list', { name: 'Votes per option' }, { timeout: 15_000 });
      expect(within(chart).getByText('1 (100%)')).toBeTruthy();
      expect(screen.getByText('1 of 30 students voted')).toBeTruthy();
      expect(screen.getByRole('cell', { name: 'Wang Fang' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Vote' })).toBeNull();
      await waitFor(() => expect(FakeEventSource.last?.url).toBe('/api/push/stream'));

      current = {
        ...current,
        voter_count: 2,
        results: results(1, 1),
        students: [
          ...current.students,
          { id: 21, user_no: 's002', name: 'Zhao Lei', votes: ['B'], voted_at: '2026-03-01T08:11:00.000Z' },
        ],
      };
      // Another course's vote and another vote of this course do not refetch it.
      FakeEventSource.last?.emit({ course_id: 6, type: 'vote.cast', data: { activity_id: 300 } });
      FakeEventSource.last?.emit({ course_id: 5, type: 'vote.cast', data: { activity_id: 301 } });
      FakeEventSource.last?.emit({ course_id: 5, type: 'vote.cast', data: { activity_id: 300 } });
      expect(await screen.findByText('2 of 30 students voted')).toBeTruthy();
      expect(screen.getByRole('cell', { name: 'Zhao Lei' })).toBeTruthy();
      expect(within(chart).getAllByText('1 (50%)')).toHaveLength(2);
      const reads = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/votes/300'));
      expect(reads).toHaveLength(2);
    },
  );

  it('lists nobody for an anonymous vote', { timeout: 60_000 }, async () => {
    mockApi({
      'GET /api/votes/300': () =>
        jsonResponse(
          makeVote(
            { can_vote: false, can_see_results: true, voter_count: 2, results: results(1, 1) },
            { is_anonymous: true },
          ),
        ),
    });
    renderBody(makeVoteActivity({ can_edit: true }));
    expect(
      await screen.findByText('Anonymous vote: voters are not shown.', {}, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
