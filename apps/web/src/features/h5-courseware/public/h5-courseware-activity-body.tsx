import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import { App, Button, Empty, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageState } from '../../../shared/components/page-state.tsx';
import { RenderedHtml } from '../../../shared/components/rendered-html.tsx';
import { useH5Packages } from '../api/get-h5-packages.ts';
import { useSetH5Published } from '../api/set-h5-published.ts';
import { H5PackageUpload } from '../components/h5-package-upload.tsx';
import { H5Player } from '../components/h5-player.tsx';

/** Publish / cancel publish, each after a confirmation (instructors, never while simulating: can_edit). */
function PublishButton({ activity }: { activity: Activity }) {
  const { t } = useTranslation('h5-courseware');
  const { modal, message } = App.useApp();
  const publish = useSetH5Published(activity.id);
  const next = !activity.published;
  return (
    <Button
      type={next ? 'primary' : 'default'}
      loading={publish.isPending}
      onClick={() =>
        void modal.confirm({
          title: next ? t('publish.confirmPublish') : t('publish.confirmCancel'),
          okText: next ? t('publish.publish') : t('publish.cancelPublish'),
          cancelText: t('publish.back'),
          onOk: async () => {
            try {
              await publish.mutateAsync(next);
              void message.success(next ? t('publish.published') : t('publish.unpublished'));
            } catch (error) {
              void message.error((error as Error).message);
            }
          },
        })
      }
    >
      {next ? t('publish.publish') : t('publish.cancelPublish')}
    </Button>
  );
}

/** The detail of an H5 courseware: publish state, the sandboxed player, and for editors the upload form. */
export function H5CoursewareActivityBody({ activity }: { activity: Activity }) {
  const { t } = useTranslation('h5-courseware');
  const packages = useH5Packages(activity.id);
  const description = typeof activity.data.description === 'string' ? activity.data.description : '';
  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap align="center">
        <Tag color={activity.published ? 'green' : undefined}>
          {activity.published ? t('publish.statusPublished') : t('publish.statusUnpublished')}
        </Tag>
        {activity.can_edit ? <PublishButton activity={activity} /> : null}
      </Flex>
      {description ? <RenderedHtml html={description} /> : null}
      <PageState query={packages}>
        {({ packages: list }) => {
          const first = list[0];
          return first ? (
            <H5Player
              activityId={activity.id}
              uploadId={first.upload_id}
              title={activity.title}
              learner={!activity.can_edit}
            />
          ) : (
            <Empty description={t('player.noPackage')} />
          );
        }}
      </PageState>
      {activity.can_edit ? <H5PackageUpload activityId={activity.id} /> : null}
    </Flex>
  );
}
