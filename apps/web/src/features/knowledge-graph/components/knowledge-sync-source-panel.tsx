import type {
  KnowledgeSource,
  KnowledgeSyncStatus,
} from '@lectern/contracts/knowledge-graph/knowledge-sync.schemas';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Flex, Form, Popconfirm, Radio, Select, Space, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/components/date-time.ts';
import { ErrorState, LoadingState } from '../../../shared/components/page-state.tsx';
import { useKfsPublishedVersions } from '../api/get-kfs-published-versions.ts';
import { useKfsSubjects } from '../api/get-kfs-subjects.ts';
import { useImportKfsCourse } from '../api/import-kfs-course.ts';
import { knowledgeGraphQueryKey } from '../api/knowledge-graph-keys.ts';
import { useTeachingCourses } from '../../courses/public/list-teaching-courses.ts';
import { useReplaceKnowledgeGraph } from '../api/replace-knowledge-graph.ts';
import { useSetKnowledgeSource } from '../api/set-knowledge-source.ts';
import { useStartKnowledgeSync } from '../api/start-knowledge-sync.ts';

const DATE_TIME = 'YYYY-MM-DD HH:mm';
const STATE_COLOR = {
  idle: 'default',
  running: 'processing',
  succeeded: 'success',
  failed: 'error',
} as const;

/** The graph's source, its sync state, and the actions on it: choose a source, sync, replace. */
export function KnowledgeSyncSourcePanel({
  courseId,
  status,
}: {
  courseId: number;
  status: UseQueryResult<KnowledgeSyncStatus>;
}) {
  const { t } = useTranslation('knowledge-graph');
  const { message } = App.useApp();
  const client = useQueryClient();
  const data = status.data;
  const [kind, setKind] = useState<'course' | 'remote'>('course');
  const [sourceCourse, setSourceCourse] = useState<number | null>(null);
  const [remoteCourse, setRemoteCourse] = useState<number | null>(null);
  const [remoteVersion, setRemoteVersion] = useState<number | null>(null);
  const courses = useTeachingCourses(kind === 'course');
  const subjects = useKfsSubjects(kind === 'remote' && data?.remote_configured === true);
  const versions = useKfsPublishedVersions(kind === 'remote' ? remoteCourse : null);
  const setSource = useSetKnowledgeSource(courseId);
  const importRemote = useImportKfsCourse(courseId);
  const sync = useStartKnowledgeSync(courseId);
  const replace = useReplaceKnowledgeGraph(courseId);

  // A queued sync changed the graph when it stops running: the tree, the diff and the statistics follow.
  const previous = useRef(data?.status);
  useEffect(() => {
    if (previous.current === 'running' && data?.status !== 'running') {
      void client.invalidateQueries({ queryKey: knowledgeGraphQueryKey });
    }
    previous.current = data?.status;
  }, [client, data?.status]);

  if (status.isPending) return <LoadingState />;
  if (status.isError) return <ErrorState error={status.error} onRetry={() => void status.refetch()} />;
  const current = status.data;
  const fail = (error: Error) => void message.error(error.message);

  const chosen: KnowledgeSource | null =
    kind === 'course'
      ? sourceCourse === null
        ? null
        : { type: 'course', course_id: sourceCourse }
      : remoteCourse === null
        ? null
        : { type: 'remote', kfs_course_id: remoteCourse, kfs_version_id: remoteVersion };

  const sourceText = (() => {
    const source = current.source;
    if (!source) return t('sync.source.none');
    if (source.type === 'course') {
      return source.course_name === null
        ? t('sync.source.gone')
        : t('sync.source.currentCourse', { name: source.course_name });
    }
    return t('sync.source.currentRemote', {
      course: source.kfs_course_id,
      version:
        source.kfs_version_id === null
          ? t('sync.source.latestVersion')
          : t('sync.source.versionNumber', { id: source.kfs_version_id }),
    });
  })();
  const counts = current.counts;
  const running = current.status === 'running';

  return (
    <Flex vertical gap={16}>
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          { key: 'source', label: t('sync.source.current'), children: sourceText },
          {
            key: 'status',
            label: t('sync.statusLabel'),
            children: <Tag color={STATE_COLOR[current.status]}>{t(`sync.state.${current.status}`)}</Tag>,
          },
          {
            key: 'last',
            label: t('sync.lastSynced'),
            children: current.last_synced_at
              ? formatDateTime(current.last_synced_at, DATE_TIME)
              : t('sync.never'),
          },
          ...(counts
            ? [
                {
                  key: 'counts',
                  label: t('sync.tabs.diff'),
                  children: t('sync.counts', {
                    added: counts.nodes_added,
                    changed: counts.nodes_changed,
                    removed: counts.nodes_removed,
                    relationsAdded: counts.relations_added,
                    relationsChanged: counts.relations_changed,
                    relationsRemoved: counts.relations_removed,
                    objectives: counts.objectives_added,
                  }),
                },
              ]
            : []),
        ]}
      />
      {current.status === 'failed' && current.error ? (
        <Alert type="error" showIcon title={current.error} />
      ) : null}

      <Form layout="vertical" style={{ maxWidth: 560 }}>
        <Form.Item label={t('sync.source.kind')}>
          <Radio.Group value={kind} onChange={(event) => setKind(event.target.value as 'course' | 'remote')}>
            <Radio value="course">{t('sync.source.course')}</Radio>
            <Radio value="remote" disabled={!current.remote_configured}>
              {t('sync.source.remote', { name: current.remote_name ?? '' })}
            </Radio>
          </Radio.Group>
        </Form.Item>
        {!current.remote_configured ? (
          <Alert
            type="info"
            showIcon
            title={t('sync.source.remoteUnavailable')}
            style={{ marginBottom: 16 }}
          />
        ) : null}
        {kind === 'course' ? (
          <Form.Item label={t('sync.source.pickCourse')} htmlFor="knowledge-sync-course">
            <Select
              id="knowledge-sync-course"
              showSearch
              optionFilterProp="label"
              loading={courses.isPending}
              value={sourceCourse ?? undefined}
              onChange={(value: number) => setSourceCourse(value)}
              options={(courses.data ?? [])
                .filter((c) => c.id !== courseId)
                .map((c) => ({ value: c.id, label: c.display_name || c.name || String(c.id) }))}
            />
          </Form.Item>
        ) : (
          <>
            <Form.Item label={t('sync.source.pickRemoteCourse')} htmlFor="knowledge-sync-remote-course">
              <Select
                id="knowledge-sync-remote-course"
                showSearch
                optionFilterProp="label"
                loading={subjects.isPending}
                value={remoteCourse ?? undefined}
                onChange={(value: number) => {
                  setRemoteCourse(value);
                  setRemoteVersion(null);
                }}
                options={(subjects.data?.subjects ?? []).map((subject) => ({
                  label: subject.name ?? '—',
                  title: subject.name ?? '—',
                  options: subject.courses.map((c) => ({ value: c.id, label: c.name })),
                }))}
              />
            </Form.Item>
            <Form.Item label={t('sync.source.pickVersion')} htmlFor="knowledge-sync-remote-version">
              <Select
                id="knowledge-sync-remote-version"
                disabled={remoteCourse === null}
                loading={versions.isFetching}
                value={remoteVersion ?? 0}
                onChange={(value: number) => setRemoteVersion(value === 0 ? null : value)}
                options={[
                  { value: 0, label: t('sync.source.latest') },
                  ...(versions.data?.items[0]?.versions ?? []).map((v) => ({
                    value: v.id,
                    label: t('sync.source.version', {
                      time: formatDateTime(v.published_at, DATE_TIME),
                      nodes: v.node_count,
                    }),
                  })),
                ]}
              />
            </Form.Item>
          </>
        )}
        <Space wrap>
          <Button
            type="primary"
            disabled={chosen === null}
            loading={setSource.isPending || importRemote.isPending}
            onClick={() => {
              if (!chosen) return;
              if (chosen.type === 'remote') {
                // Choosing a remote version is the spec's kfs import: the source is set and a sync queued.
                importRemote.mutate(
                  { kfs_course_id: chosen.kfs_course_id, kfs_version_id: chosen.kfs_version_id },
                  { onSuccess: () => void message.success(t('sync.syncQueued')), onError: fail },
                );
              } else {
                setSource.mutate(
                  { source: chosen },
                  { onSuccess: () => void message.success(t('sync.source.saved')), onError: fail },
                );
              }
            }}
          >
            {t('sync.source.save')}
          </Button>
          <Button
            disabled={!current.source || running}
            loading={sync.isPending || running}
            onClick={() =>
              sync.mutate(undefined, {
                onSuccess: () => void message.success(t('sync.syncQueued')),
                onError: fail,
              })
            }
          >
            {running ? t('sync.state.running') : t('sync.syncNow')}
          </Button>
          <Popconfirm
            title={t('sync.replace')}
            description={t('sync.replaceConfirm')}
            okText={t('sync.replaceOk')}
            okButtonProps={{ danger: true }}
            disabled={!current.source || running}
            onConfirm={() =>
              replace
                .mutateAsync()
                .then(
                  (result) => void message.success(t('sync.replaced', { count: result.counts.nodes_added })),
                  fail,
                )
            }
          >
            <Button danger disabled={!current.source || running} loading={replace.isPending}>
              {t('sync.replace')}
            </Button>
          </Popconfirm>
          {current.source ? (
            <Button
              type="text"
              disabled={running}
              onClick={() =>
                setSource.mutate(
                  { source: null },
                  { onSuccess: () => void message.success(t('sync.source.cleared')), onError: fail },
                )
              }
            >
              {t('sync.source.clear')}
            </Button>
          ) : null}
        </Space>
      </Form>
    </Flex>
  );
}
