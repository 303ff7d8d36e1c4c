import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { useAuthenticatedUser } from './require-auth.tsx';

/** Layout route for organisation-admin pages; the server enforces the same rule, this only explains it. */
export function RequireOrgAdmin() {
  const user = useAuthenticatedUser();
  const { t } = useTranslation('shared');
  const navigate = useNavigate();
  if (user.org_role !== 'admin') {
    return (
      <Result
        status="403"
        title={t('forbidden.title')}
        subTitle={t('forbidden.description')}
        extra={
          <Button type="primary" onClick={() => void navigate('/user/courses')}>
            {t('actions.backHome')}
          </Button>
        }
      />
    );
  }
  return <Outlet />;
}
