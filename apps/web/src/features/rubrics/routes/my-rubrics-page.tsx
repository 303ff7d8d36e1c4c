import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { RUBRIC_LIMITS } from '@lectern/contracts/rubrics/rubric.rules';
import type { Rubric } from '@lectern/contracts/rubrics/rubric.schemas';
import { App, Button, Flex, Popconfirm, Space, Table, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/http-client.ts';
import { formatDateTime } from '../../../shared/components/date-time.ts';
import { PageState } from '../../../shared/components/page-state.tsx';
import { useDeleteRubric } from '../api/delete-rubric.ts';
import { useRubrics } from '../api/list-rubrics.ts';
import { RubricCreateModal } from '../public/rubric-create-modal.tsx';
import { RubricDetailModal } from '../public/rubric-detail-modal.tsx';

/** `/user/rubrics`: a teacher's own rubrics, to create, view, edit and delete. */
export function MyRubricsPage() {
  const { t } = useTranslation('rubrics');
  const { t: tShared } = useTranslation('shared');
  const { message } = App.useApp();
  const query = useRubrics();
  const remove = useDeleteRubric();
  const [creating, setCreating] = useState(false);
  // A used rubric keeps its scoring; a copy is how a teacher scores differently from then on.
  const [copyOf, setCopyOf] = useState<Rubric | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);

  const onDelete = async (rubric: Rubric) => {
    try {
      void message.success(await remove.mutateAsync(rubric.id));
    } catch (error) {
      void message.error(isApiError(error) ? error.message : tShared('errors.unexpected'));
    }
  };

  const createButton = (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>
      {t('page.create')}
    </Button>
  );

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8}>
        {/* The page's own heading (h1), at the size of a section title. */}
        <Typography.Title level={1} style={{ fontSize: 24 }}>
          {t('page.title')}
        </Typography.Title>
        {createButton}
      </Flex>
      <PageState
        query={query}
        isEmpty={(rubrics) => rubrics.length === 0}
        emptyDescription={t('page.empty')}
        emptyAction={createButton}
      >
        {(rubrics) => (
          <Table<Rubric>
            rowKey="id"
            dataSource={rubrics}
            pagination={rubrics.length > 10 ? { pageSize: 10 } : false}
            scroll={{ x: 720 }}
            columns={[
              {
                key: 'name',
                title: t('page.name'),
                render: (_, rubric) => (
                  <Button
                    type="link"
                    style={{ padding: 0, whiteSpace: 'normal', textAlign: 'start' }}
                    onClick={() => setOpenId(rubric.id)}
                  >
                    {rubric.name}
                  </Button>
                ),
              },
              {
                key: 'criteria',
                title: t('page.criteria'),
                width: 90,
                render: (_, r) => r.conditions.length,
              },
              { key: 'total', title: t('page.total'), width: 80, dataIndex: 'total' },
              {
                key: 'engaged',
                title: t('page.engaged'),
                width: 120,
                render: (_, r) => t('page.engagedCount', { count: r.engage_number }),
              },
              {
                key: 'updated',
                title: t('page.updatedAt'),
                width: 180,
                render: (_, r) => formatDateTime(r.updated_at),
              },
              {
                key: 'actions',
                title: t('page.actions'),
                width: 220,
                render: (_, rubric) => (
                  <Space>
                    <Button size="small" onClick={() => setOpenId(rubric.id)}>
                      {t('page.view')}
                    </Button>
                    <Button
                      size="small"
                      aria-label={t('page.copyLabel', { name: rubric.name })}
                      onClick={() => setCopyOf(rubric)}
                    >
                      {t('page.copy')}
                    </Button>
                    {rubric.engage_number > 0 ? (
                      <Tooltip title={t('page.deleteInUse')}>
                        <Button
                          size="small"
                          danger
                          icon={<DeleteOutlined aria-hidden />}
                          disabled
                          aria-label={t('page.delete')}
                        />
                      </Tooltip>
                    ) : (
                      <Popconfirm
                        title={t('page.deleteConfirm', { name: rubric.name })}
                        okText={t('page.delete')}
                        cancelText={tShared('actions.cancel')}
                        okButtonProps={{ danger: true }}
                        onConfirm={() => onDelete(rubric)}
                      >
                        <Button
                          size="small"
                          danger
                          icon={<DeleteOutlined aria-hidden />}
                          aria-label={t('page.delete')}
                        />
                      </Popconfirm>
                    )}
                  </Space>
                ),
              },
            ]}
          />
        )}
      </PageState>
      <RubricCreateModal open={creating} onClose={() => setCreating(false)} />
      <RubricCreateModal
        open={copyOf !== null}
        initial={
          copyOf
            ? {
                name: t('page.copyName', { name: copyOf.name }).slice(0, RUBRIC_LIMITS.nameMax),
                conditions: copyOf.conditions,
              }
            : undefined
        }
        onClose={() => setCopyOf(null)}
      />
      <RubricDetailModal open={openId !== null} rubricId={openId} allowEdit onClose={() => setOpenId(null)} />
    </>
  );
}
