import type { UploadReference } from '@lectern/contracts/uploads/upload.schemas';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { makeReference } from '../test/fixtures.ts';
import { AttachmentList } from './attachment-list.tsx';

const reference = (overrides: Partial<UploadReference>): UploadReference =>
  makeReference({ name: 'file', ...overrides });

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('AttachmentList', () => {
  it('lists files with their size, download links and previews for what a browser can show', () => {
    renderRoutes(
      [
        {
          path: '*',
          element: (
            <AttachmentList
              attachments={[
                reference({
                  id: 31,
                  name: 'slides.zip',
                  type: 'archive',
                  mime_type: 'application/zip',
                  sort: 1,
                  can_preview: false,
                }),
                reference({ id: 30, name: 'syllabus.pdf', sort: 0 }),
                reference({ id: 32, name: 'answers.pdf', sort: 2, can_download: false }),
              ]}
            />
          ),
        },
      ],
      '/',
    );

    const items = within(screen.getByRole('list', { name: 'Attachments' })).getAllByRole('listitem');
    expect(items.map((item) => within(item).getAllByText(/\.(pdf|zip)$/)[0]?.textContent)).toEqual([
      'syllabus.pdf',
      'slides.zip',
      'answers.pdf',
    ]);
    expect(within(items[0]!).getByText('1.5 KB')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Preview syllabus.pdf' }).getAttribute('href')).toBe(
      '/api/uploads/reference/30/blob?preview=1',
    );
    expect(screen.getByRole('link', { name: 'Download slides.zip' }).getAttribute('href')).toBe(
      '/api/uploads/reference/31/blob',
    );
    expect(screen.queryByRole('link', { name: 'Preview slides.zip' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Download answers.pdf' })).toBeNull();
    expect(within(items[2]!).getByText('Download not allowed')).toBeTruthy();
    // A file that may not be downloaded can still be viewed in the page.
    expect(screen.getByRole('link', { name: 'Preview answers.pdf' }).getAttribute('href')).toBe(
      '/api/uploads/reference/32/blob?preview=1',
    );
  });
});
