import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { makeReference } from '../test/fixtures.ts';
import { ReferenceSelector } from './reference-selector.tsx';

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

const references = [
  makeReference({ id: 11, name: 'Week 1.pdf', sort: 0 }),
  makeReference({ id: 12, name: 'Week 2.pptx', sort: 1 }),
  makeReference({ id: 13, name: 'Week 3.docx', sort: 2 }),
];

function Harness({ onSelect }: { onSelect: (id: number) => void }) {
  const [selected, setSelected] = useState(11);
  return (
    <ReferenceSelector
      references={references}
      selectedId={selected}
      onSelect={(id) => {
        onSelect(id);
        setSelected(id);
      }}
    />
  );
}

const button = (name: string) => screen.getByRole('button', { name });
const disabled = (name: string) => button(name).hasAttribute('disabled');

describe('ReferenceSelector', () => {
  it('walks through the files in order with previous and next, stopping at the ends', async () => {
    const onSelect = vi.fn();
    renderRoutes([{ path: '*', element: <Harness onSelect={onSelect} /> }], '/');

    expect(screen.getByRole('group', { name: 'Courseware files' })).toBeTruthy();
    expect(screen.getByText('File 1 of 3')).toBeTruthy();
    expect(screen.getByText('Week 1.pdf')).toBeTruthy();
    expect(disabled('Previous file')).toBe(true);

    await userEvent.click(button('Next file'));
    expect(onSelect).toHaveBeenLastCalledWith(12);
    expect(screen.getByText('File 2 of 3')).toBeTruthy();
    await userEvent.click(button('Next file'));
    expect(onSelect).toHaveBeenLastCalledWith(13);
    expect(screen.getByText('Week 3.docx')).toBeTruthy();
    expect(disabled('Next file')).toBe(true);

    await userEvent.click(button('Previous file'));
    expect(onSelect).toHaveBeenLastCalledWith(12);
    expect(disabled('Previous file')).toBe(false);
    expect(disabled('Next file')).toBe(false);
  });

  it('offers every file by name in the list', async () => {
    const onSelect = vi.fn();
    renderRoutes([{ path: '*', element: <Harness onSelect={onSelect} /> }], '/');
    await userEvent.click(screen.getByRole('combobox', { name: 'Choose a file' }));
    await userEvent.click(await screen.findByTitle('Week 3.docx'));
    expect(onSelect).toHaveBeenLastCalledWith(13);
    expect(screen.getByText('File 3 of 3')).toBeTruthy();
  });
});
