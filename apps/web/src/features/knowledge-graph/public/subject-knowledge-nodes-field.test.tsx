import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { errorResponse, jsonResponse, mockApi, sentBodies } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { COURSE_ID, makeGraph } from '../test/fixtures.ts';
import { useLinkNewActivityToKnowledgeNodes } from './activity-knowledge-nodes-field.tsx';
import { SubjectKnowledgeNodesField } from './subject-knowledge-nodes-field.tsx';

const GRAPH = `GET /api/course/${COURSE_ID}/knowledge-nodes`;
const SUBJECT_ID = 9001;
const subjectRef = { references: [{ refer_type: 'subject', refer_id: SUBJECT_ID }] };

/** The question editor's draft: its knowledge_node_ids, shown as text. */
function Draft({ subjectId, initial }: { subjectId: number; initial: number[] }) {
  const [ids, setIds] = useState(initial);
  return (
    <>
      <SubjectKnowledgeNodesField courseId={COURSE_ID} subjectId={subjectId} value={ids} onChange={setIds} />
      <output aria-label="draft">{ids.join(',')}</output>
    </>
  );
}

function nodeName(name: string) {
  return new RegExp(`(^|\\s)${name}$`);
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('SubjectKnowledgeNodesField', () => {
  it('links a saved question through the references API at once, one call per change, and keeps the draft', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      [GRAPH]: () => jsonResponse(makeGraph()),
      'POST /api/knowledge-node/3/reference': () => jsonResponse({ references: [] }),
      'POST /api/knowledge-node/1/reference/delete': () => jsonResponse({ references: [] }),
    });
    renderRoutes([{ path: '/', element: <Draft subjectId={SUBJECT_ID} initial={[1]} /> }], '/');
    await user.click(await screen.findByRole('button', { name: 'Link knowledge nodes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link knowledge nodes' });
    await user.click(within(dialog).getByRole('checkbox', { name: nodeName('Limits') }));
    await user.click(within(dialog).getByRole('checkbox', { name: nodeName('Integrals') }));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'draft' }).textContent).toBe('3'));
    expect(sentBodies(fetchMock, 'POST /api/knowledge-node/3/reference')).toEqual([subjectRef]);
    expect(sentBodies(fetchMock, 'POST /api/knowledge-node/1/reference/delete')).toEqual([subjectRef]);
  });

  it('keeps the draft when a link fails (the reference call reports false)', async () => {
    const user = userEvent.setup();
    mockApi({
      [GRAPH]: () => jsonResponse(makeGraph()),
      'POST /api/knowledge-node/1/reference/delete': () => errorResponse(403, 'forbidden', 'No'),
    });
    renderRoutes([{ path: '/', element: <Draft subjectId={SUBJECT_ID} initial={[1]} /> }], '/');
    await user.click(await screen.findByRole('button', { name: 'Remove Limits' }));
    expect(await screen.findByText('The knowledge nodes could not be saved.')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'draft' }).textContent).toBe('1');
  });

  it('only fills the draft of a question not saved yet', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({ [GRAPH]: () => jsonResponse(makeGraph()) });
    renderRoutes([{ path: '/', element: <Draft subjectId={0} initial={[]} /> }], '/');
    await user.click(await screen.findByRole('button', { name: 'Link knowledge nodes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link knowledge nodes' });
    await user.click(within(dialog).getByRole('checkbox', { name: nodeName('Derivatives') }));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'draft' }).textContent).toBe('2'));
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });
});

describe('useLinkNewActivityToKnowledgeNodes', () => {
  function Creator({ values }: { values: object }) {
    const link = useLinkNewActivityToKnowledgeNodes();
    return (
      <button type="button" onClick={() => void link(700, values)}>
        created
      </button>
    );
  }

  it('links the activity just created to the nodes picked while it was new', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      'POST /api/activities/700/knowledge-references/related-media': () =>
        jsonResponse({ activity_id: 700, references: [] }),
    });
    renderRoutes(
      [{ path: '/', element: <Creator values={{ title: 'x', knowledge_node_ids: [2, 3] }} /> }],
      '/',
    );
    await user.click(await screen.findByRole('button', { name: 'created' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST /api/activities/700/knowledge-references/related-media')).toEqual([
        { knowledge_node_ids: [2, 3] },
      ]),
    );
  });

  it('sends nothing when no node was picked, and warns without throwing when linking fails', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      'POST /api/activities/700/knowledge-references/related-media': () =>
        errorResponse(500, 'internal', 'x'),
    });
    const { unmount } = renderRoutes([{ path: '/', element: <Creator values={{ title: 'x' }} /> }], '/');
    await user.click(await screen.findByRole('button', { name: 'created' }));
    expect(fetchMock).not.toHaveBeenCalled();
    unmount();
    renderRoutes([{ path: '/', element: <Creator values={{ knowledge_node_ids: [2] }} /> }], '/');
    await user.click(await screen.findByRole('button', { name: 'created' }));
    expect(
      await screen.findByText(
        'The activity was saved, but its knowledge nodes could not be linked. Edit it to link them again.',
      ),
    ).toBeTruthy();
  });
});
