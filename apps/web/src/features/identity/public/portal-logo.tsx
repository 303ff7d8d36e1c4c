import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePortalLogo } from '../api/get-portal-logo.ts';

/**
 * The organisation's portal logo, or `children` (the text logo) while there is none or it is loading.
 * Used by the header and the sign-in page.
 */
export function PortalLogo({ children, height = 32 }: { children: ReactNode; height?: number }) {
  const { t } = useTranslation('identity');
  const logo = usePortalLogo();
  if (!logo.data?.url) return <>{children}</>;
  return (
    <img
      src={logo.data.url}
      alt={t('orgSettings.logoAlt')}
      style={{ height, maxWidth: 200, objectFit: 'contain', display: 'block' }}
    />
  );
}
