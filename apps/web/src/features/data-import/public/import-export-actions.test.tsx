import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { ImportExportActions, type ImportExportActionsProps } from './import-export-actions.tsx';

function renderActions(props: ImportExportActionsProps) {
  return renderRoutes([{ path: '*', element: <ImportExportActions {...props} /> }], '/');
}

async function menuLink(button: string, item: string): Promise<HTMLAnchorElement> {
  fireEvent.click(screen.getByRole('button', { name: button }));
  return (await screen.findByText(item)).closest('a')!;
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('ImportExportActions', { timeout: 60_000 }, () => {
  it('opens the import page of an exam in either mode', async () => {
    renderActions({ target: { belong: 'exam', id: 300 } });

    expect((await menuLink('Import', 'From Word (.docx)')).getAttribute('href')).toBe(
      '/exam/300/subjects/import?mode=word',
    );
    expect(screen.getByText('From Moodle XML, GIFT or Aiken').closest('a')!.getAttribute('href')).toBe(
      '/exam/300/subjects/import?mode=moodle',
    );
  });

  it('downloads a library or a make-up paper as Word or Moodle XML', async () => {
    const { unmount } = renderActions({ target: { belong: 'library', id: 12 } });
    const word = await menuLink('Export', 'Word document (.docx)');
    expect(word.getAttribute('href')).toBe('/api/subject-libs/12/subjects/export?format=docx');
    expect(word.hasAttribute('download')).toBe(true);
    expect(screen.getByText('Moodle XML (.xml)').closest('a')!.getAttribute('href')).toBe(
      '/api/subject-libs/12/subjects/export?format=moodle_xml',
    );
    unmount();

    renderActions({ target: { belong: 'exam', id: 300, isMakeupExam: true } });
    expect((await menuLink('Export', 'Moodle XML (.xml)')).getAttribute('href')).toBe(
      '/api/exams/300/subjects/export?format=moodle_xml&is_makeup_exam=1',
    );
  });

  it('offers import only to those who may edit', () => {
    renderActions({ target: { belong: 'classroom', id: 8 }, canImport: false });
    expect(screen.getByRole('button', { name: 'Import' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Export' }).hasAttribute('disabled')).toBe(false);
  });
});
