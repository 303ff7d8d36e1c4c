import type { ExtensionApp } from '@lectern/contracts/course-services/extension-apps.schemas';
import { App, Avatar, Button, Card, Flex, Popconfirm, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/components/page-state.tsx';
import { useCurrentCourse } from '../../courses/public/use-current-course.ts';
import { useCreateExtensionApp } from '../api/create-extension-app.ts';
import { useDeleteExtensionApp } from '../api/delete-extension-app.ts';
import { useExtensionApps } from '../api/list-extension-apps.ts';
import { useUpdateExtensionApp } from '../api/update-extension-app.ts';
import { ExtensionAppFormModal } from '../components/extension-app-form-modal.tsx';
import { ExtensionAppPreviewModal } from '../components/extension-app-preview-modal.tsx';

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * `/course/:courseId/apps`: the external tools linked into the course. Everyone opens them (in a new tab
 * or inside the page); the teaching team also sees hidden ones and adds, edits and removes them.
 */
export function CourseExtensionAppsPage() {
  const { t } = useTranslation('course-services');
  const { message } = App.useApp();
  const course = useCurrentCourse();
  const apps = useExtensionApps(course.id, 'member');
  const create = useCreateExtensionApp(course.id);
  const update = useUpdateExtensionApp(course.id);
  const remove = useDeleteExtensionApp(course.id);
  const [editing, setEditing] = useState<ExtensionApp | null | undefined>(undefined);
  const [previewing, setPreviewing] = useState<number | null>(null);

  if (apps.isPending) return <LoadingState />;
  if (apps.isError)
    return <ErrorState error={apps.error} onRetry={() => void apps.refetch()} retrying={apps.isRefetching} />;
  const { extension_apps: list, can_manage: canManage } = apps.data;

  return (
    <Flex vertical gap={16} style={{ paddingTop: 16 }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={2} style={{ fontSize: 20, margin: 0 }}>
          {t('apps.title')}
        </Typography.Title>
        {canManage && (
          <Button type="primary" onClick={() => setEditing(null)}>
            {t('apps.add')}
          </Button>
        )}
      </Flex>
      {list.length === 0 ? (
        <EmptyState description={canManage ? t('apps.emptyManage') : t('apps.empty')} />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}>
          {list.map((app) => (
            <li key={app.id}>
              <Card size="small">
                <Flex gap={12} align="center" wrap>
                  {app.icon_url ? (
                    <Avatar shape="square" size={40} src={app.icon_url} alt="" />
                  ) : (
                    <Avatar shape="square" size={40} aria-hidden>
                      {app.name.slice(0, 1).toUpperCase()}
                    </Avatar>
                  )}
                  <Flex vertical style={{ flex: '1 1 160px', minWidth: 0 }}>
                    <Typography.Link
                      href={app.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      strong
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {app.name}
                    </Typography.Link>
                    <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                      {hostOf(app.url)}
                    </Typography.Text>
                  </Flex>
                  {canManage && !app.visible_to_students ? <Tag>{t('apps.hidden')}</Tag> : null}
                  <Flex gap={4} wrap>
                    <Button
                      size="small"
                      onClick={() => setPreviewing(app.id)}
                      aria-label={t('apps.previewApp', { name: app.name })}
                    >
                      {t('apps.preview')}
                    </Button>
                    {canManage && (
                      <>
                        <Button
                          size="small"
                          onClick={() => setEditing(app)}
                          aria-label={t('apps.editApp', { name: app.name })}
                        >
                          {t('apps.editShort')}
                        </Button>
                        <Popconfirm
                          title={t('apps.deleteConfirm', { name: app.name })}
                          onConfirm={() =>
                            remove.mutateAsync(app.id).then(
                              () => void message.success(t('apps.deleted')),
                              (error: Error) => void message.error(error.message),
                            )
                          }
                        >
                          <Button size="small" danger aria-label={t('apps.deleteApp', { name: app.name })}>
                            {t('apps.delete')}
                          </Button>
                        </Popconfirm>
                      </>
                    )}
                  </Flex>
                </Flex>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <ExtensionAppFormModal
        open={editing !== undefined}
        app={editing ?? null}
        onSubmit={(body) =>
          (editing ? update.mutateAsync({ appId: editing.id, body }) : create.mutateAsync(body)).then(() =>
            message.success(t('apps.saved')),
          )
        }
        onClose={() => setEditing(undefined)}
      />
      <ExtensionAppPreviewModal appId={previewing} onClose={() => setPreviewing(null)} />
    </Flex>
  );
}
