import type { ActivityKnowledgeReferencesResponse } from '@lectern/contracts/knowledge-graph/knowledge-reference.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi, sentBodies } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { KNOWLEDGE_NODES_CHANGED_EVENT } from '../components/knowledge-node-picker.tsx';
import { COURSE_ID, makeGraph } from '../test/fixtures.ts';
import { ActivityKnowledgeNodesField } from './activity-knowledge-nodes-field.tsx';

const ACTIVITY_ID = 500;
const GRAPH = `GET /api/course/${COURSE_ID}/knowledge-nodes`;
const REFERENCES = `GET /api/activities/${ACTIVITY_ID}/knowledge-references/get`;
const SAVE = `POST /api/activities/${ACTIVITY_ID}/knowledge-references/related-media`;

function referencesOf(ids: number[]): ActivityKnowledgeReferencesResponse {
  const names: Record<number, string> = { 1: 'Limits', 2: 'Derivatives', 3: 'Integrals' };
  return {
    activity_id: ACTIVITY_ID,
    references: ids.map((id) => ({
      id: 900 + id,
      knowledge_node_id: id,
      knowledge_node: { id, name: names[id] ?? '', nodeKey: `k${id}`, bloom_level: null },
      fragments: [],
    })),
  };
}

/** The references API, holding the activity's links between calls as the server does. */
function savingServer(initial: number[]) {
  let saved = initial;
  return {
    [REFERENCES]: () => jsonResponse(referencesOf(saved)),
    [SAVE]: (body: unknown) => {
      saved = (body as { knowledge_node_ids: number[] }).knowledge_node_ids;
      return jsonResponse(referencesOf(saved));
    },
  };
}

/** A new activity's form: the field's value lives in the form (here, state shown as text). */
function NewActivityForm() {
  const [value, setValue] = useState<number[]>([]);
  return (
    <>
      <ActivityKnowledgeNodesField courseId={COURSE_ID} activityId={0} value={value} onChange={setValue} />
      <output aria-label="form value">{value.join(',')}</output>
    </>
  );
}

function renderField(element: React.ReactNode, handlers: Parameters<typeof mockApi>[0]) {
  const fetchMock = mockApi(handlers);
  renderRoutes([{ path: '/', element }], '/');
  return fetchMock;
}

async function openPicker(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Link knowledge nodes' }));
  return screen.findByRole('dialog', { name: 'Link knowledge nodes' });
}

function fieldTags() {
  const group = screen.getByRole('group', { name: 'Knowledge nodes' });
  return within(group)
    .queryAllByRole('link')
    .map((link) => link.textContent);
}

/** A tree checkbox's name: the node's row, whose expand icon (of a parent) has a name of its own. */
function nodeName(name: string) {
  return new RegExp(`(^|\\s)${name}$`);
}

let events: unknown[] = [];
const record = (event: Event) => events.push((event as CustomEvent).detail);

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
  events = [];
  window.addEventListener(KNOWLEDGE_NODES_CHANGED_EVENT, record);
});

afterEach(() => {
  window.removeEventListener(KNOWLEDGE_NODES_CHANGED_EVENT, record);
});

describe('knowledge-node picker on a new activity (id 0)', () => {
  it('opens at width 1000 above the activity dialog, with a searchable checkbox tree and the count', async () => {
    const user = userEvent.setup();
    renderField(<NewActivityForm />, { [GRAPH]: () => jsonResponse(makeGraph()) });
    const dialog = await openPicker(user);
    expect(within(dialog).getByRole('heading', { name: 'Selected (0)' })).toBeTruthy();
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search knowledge nodes' }), 'deriv');
    await waitFor(() =>
      expect(within(dialog).queryByRole('checkbox', { name: nodeName('Integrals') })).toBeNull(),
    );
    // The parent stays so the match keeps its place.
    expect(within(dialog).getByRole('checkbox', { name: nodeName('Limits') })).toBeTruthy();
    await user.click(within(dialog).getByRole('checkbox', { name: nodeName('Derivatives') }));
    expect(within(dialog).getByRole('heading', { name: 'Selected (1)' })).toBeTruthy();
    const modal = dialog.closest('.ant-modal') as HTMLElement;
    expect(modal.style.width).toBe('1000px');
    expect((dialog.closest('.ant-modal-wrap') as HTMLElement).style.zIndex).toBe('1006');
  });

  it('OK keeps the choice in the form (nothing is saved yet), emits it and tells the page', async () => {
    const user = userEvent.setup();
    const fetchMock = renderField(<NewActivityForm />, { [GRAPH]: () => jsonResponse(makeGraph()) });
    const dialog = await openPicker(user);
    await user.click(within(dialog).getByRole('checkbox', { name: nodeName('Integrals') }));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'form value' }).textContent).toBe('3'));
    expect(fieldTags()).toEqual(['Integrals']);
    expect(events).toEqual([{ owner: { type: 'activity', id: 0 }, knowledgeNodeIds: [3] }]);
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('cancel clears the selection', async () => {
    const user = userEvent.setup();
    renderField(<NewActivityForm />, { [GRAPH]: () => jsonResponse(makeGraph()) });
    let dialog = await openPicker(user);
    await user.click(within(dialog).getByRole('checkbox', { name: nodeName('Integrals') }));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'form value' }).textContent).toBe('3'));

    dialog = await openPicker(user);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'form value' }).textContent).toBe(''));
    expect(fieldTags()).toEqual([]);
  });
});

describe('knowledge-node picker on a saved activity', () => {
  it('cancel restores the saved selection and saves nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = renderField(
      <ActivityKnowledgeNodesField courseId={COURSE_ID} activityId={ACTIVITY_ID} />,
      {
        [GRAPH]: () => jsonResponse(makeGraph()),
        [REFERENCES]: () => jsonResponse(referencesOf([1])),
      },
    );
    await waitFor(() => expect(fieldTags()).toEqual(['Limits']));
    let dialog = await openPicker(user);
    await user.click(within(dialog).getByRole('checkbox', { name: nodeName('Integrals') }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fieldTags()).toEqual(['Limits']);
    expect(sentBodies(fetchMock, SAVE)).toEqual([]);

    dialog = await openPicker(user);
    expect(
      within(dialog)
        .getByRole('checkbox', { name: nodeName('Limits') })
        .getAttribute('aria-checked'),
    ).toBe('true');
    expect(
      within(dialog)
        .getByRole('checkbox', { name: nodeName('Integrals') })
        .getAttribute('aria-checked'),
    ).toBe('false');
  });

  it('OK saves the whole selection through the references API, emits it and tells the page', async () => {
    const user = userEvent.setup();
    const fetchMock = renderField(
      <ActivityKnowledgeNodesField courseId={COURSE_ID} activityId={ACTIVITY_ID} />,
      {
        [GRAPH]: () => jsonResponse(makeGraph()),
        ...savingServer([1]),
      },
    );
    await waitFor(() => expect(fieldTags()).toEqual(['Limits']));
    const dialog = await openPicker(user);
    await user.click(within(dialog).getByRole('checkbox', { name: nodeName('Derivatives') }));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(sentBodies(fetchMock, SAVE)).toEqual([{ knowledge_node_ids: [1, 2] }]));
    await waitFor(() => expect(fieldTags()).toEqual(['Limits', 'Derivatives']));
    expect(events).toEqual([{ owner: { type: 'activity', id: ACTIVITY_ID }, knowledgeNodeIds: [1, 2] }]);
  });

  it('removing a saved tag saves at once', async () => {
    const user = userEvent.setup();
    const fetchMock = renderField(
      <ActivityKnowledgeNodesField courseId={COURSE_ID} activityId={ACTIVITY_ID} />,
      {
        [GRAPH]: () => jsonResponse(makeGraph()),
        ...savingServer([1, 3]),
      },
    );
    await waitFor(() => expect(fieldTags()).toEqual(['Limits', 'Integrals']));
    await user.click(screen.getByRole('button', { name: 'Remove Limits' }));
    await waitFor(() => expect(sentBodies(fetchMock, SAVE)).toEqual([{ knowledge_node_ids: [3] }]));
    await waitFor(() => expect(fieldTags()).toEqual(['Integrals']));
  });

  it('keeps the saved selection when saving fails', async () => {
    const user = userEvent.setup();
    const fetchMock = renderField(
      <ActivityKnowledgeNodesField courseId={COURSE_ID} activityId={ACTIVITY_ID} />,
      {
        [GRAPH]: () => jsonResponse(makeGraph()),
        [REFERENCES]: () => jsonResponse(referencesOf([1, 3])),
        [SAVE]: () =>
          jsonResponse({ code: 'forbidden', message: 'Not allowed', errors: {}, request_id: 'r' }, 403),
      },
    );
    await waitFor(() => expect(fieldTags()).toEqual(['Limits', 'Integrals']));
    await user.click(screen.getByRole('button', { name: 'Remove Limits' }));
    await waitFor(() => expect(sentBodies(fetchMock, SAVE)).toHaveLength(1));
    expect(await screen.findByText('Not allowed')).toBeTruthy();
    expect(fieldTags()).toEqual(['Limits', 'Integrals']);
    expect(events).toEqual([]);
    vi.restoreAllMocks();
  });
});
