import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { PortalLogo } from './portal-logo.tsx';

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

function renderLogo(url: string | null) {
  mockApi({ 'GET /api/portal-logo': () => jsonResponse({ url, upload_id: url ? 4 : null }) });
  renderRoutes([{ path: '/', element: <PortalLogo>Lectern text logo</PortalLogo> }], '/');
}

describe('PortalLogo', () => {
  it("shows the organisation's logo in place of the text logo", async () => {
    renderLogo('/api/portal-logo/blob?v=4');
    const img = (await screen.findByAltText('Portal logo')) as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('/api/portal-logo/blob?v=4');
    expect(screen.queryByText('Lectern text logo')).toBeNull();
  });

  it('keeps the text logo when there is none', async () => {
    renderLogo(null);
    expect(await screen.findByText('Lectern text logo')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByAltText('Portal logo')).toBeNull();
  });
});
