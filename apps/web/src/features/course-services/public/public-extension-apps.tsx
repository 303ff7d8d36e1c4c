import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useExtensionApps } from '../api/list-extension-apps.ts';

/**
 * A public course's visible extension apps for its portal page, read as a visitor would
 * (`/anonymous-api`). Nothing is drawn while loading, when there are none, or when the course does not
 * let visitors see them.
 */
export function PublicExtensionApps({ courseId }: { courseId: number }) {
  const { t } = useTranslation('course-services');
  const apps = useExtensionApps(courseId, 'visitor');
  const list = apps.data?.extension_apps ?? [];
  if (list.length === 0) return null;
  return (
    <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('apps.title')}</h2>} size="small">
      <Flex component="ul" vertical gap={4} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {list.map((app) => (
          <li key={app.id}>
            <Typography.Link href={app.url} target="_blank" rel="noopener noreferrer">
              {app.name}
            </Typography.Link>
          </li>
        ))}
      </Flex>
    </Card>
  );
}
