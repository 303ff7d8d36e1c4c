import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PortalLogo } from '../../identity/public/portal-logo.tsx';

/** The portal's top bar: the organisation's logo, the portal's name and the way to sign in. */
export function PortalHeader() {
  const { t } = useTranslation('public-listings');
  return (
    <Flex
      component="header"
      align="center"
      justify="space-between"
      gap={8}
      wrap
      style={{ padding: '8px 16px', borderBottom: '1px solid #f0f0f0', background: '#fff' }}
    >
      <Link to="/portal" aria-label={t('portal.home')}>
        <PortalLogo>
          <Typography.Text strong style={{ fontSize: 18 }}>
            {t('portal.brand')}
          </Typography.Text>
        </PortalLogo>
      </Link>
      <Link to="/login?next=%2Fuser%2Fcourses">
        <Button type="primary">{t('portal.signIn')}</Button>
      </Link>
    </Flex>
  );
}
