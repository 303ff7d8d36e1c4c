import { Button, Result, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';
import { isApiError } from '../../shared/api/http-client.ts';
import { NotFoundPage } from './not-found-page.tsx';

/** Route error boundary: whatever went wrong, the user gets a sentence and a way forward, never a blank page. */
export function ErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation('shared');
  const navigate = useNavigate();

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;

  const message = isApiError(error) ? error.message : t('errors.pageCrashed');
  const requestId = isApiError(error) ? error.requestId : undefined;
  return (
    <Result
      status={isApiError(error) && error.status === 403 ? '403' : 'error'}
      title={t('state.errorTitle')}
      subTitle={
        <Space orientation="vertical" size={4}>
          <span>{message}</span>
          {requestId ? (
            <Typography.Text type="secondary" copyable={{ text: requestId }}>
              {t('errors.requestId', { id: requestId })}
            </Typography.Text>
          ) : null}
        </Space>
      }
      extra={[
        <Button key="reload" type="primary" onClick={() => window.location.reload()}>
          {t('actions.reload')}
        </Button>,
        <Button key="home" onClick={() => void navigate('/user/courses')}>
          {t('actions.backHome')}
        </Button>,
      ]}
    />
  );
}
