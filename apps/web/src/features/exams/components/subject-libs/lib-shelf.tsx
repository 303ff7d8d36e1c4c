import {
  BookOutlined,
  DeleteOutlined,
  EditOutlined,
  FolderAddOutlined,
  FolderOutlined,
  PlusOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import type { SubjectLibNode } from '@lectern/contracts/exams/subject-lib.schemas';
import { App, Button, Flex, Form, Select, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../../shared/api/http-client.ts';
import { formatDateTime } from '../../../../shared/components/date-time.ts';
import { FormModal } from '../../../../shared/components/form-modal.tsx';
import { PageState } from '../../../../shared/components/page-state.tsx';
import { useCreateSubjectLib } from '../../api/create-subject-lib.ts';
import { useDeleteSubjectLib } from '../../api/delete-subject-lib.ts';
import { useSubjectLibs, type LibScope } from '../../api/list-subject-libs.ts';
import { useUpdateSubjectLib } from '../../api/update-subject-lib.ts';
import { LibTitleModal } from './lib-title-modal.tsx';
import { findNode, foldersOf, subtreeIds } from './lib-tree.rules.ts';

type LibRow = Omit<SubjectLibNode, 'children'> & { children?: LibRow[] };

/** Table tree data: only folders with something in them get an expander. */
function toRows(nodes: readonly SubjectLibNode[]): LibRow[] {
  return nodes.map(({ children, ...node }) => ({
    ...node,
    ...(children.length > 0 ? { children: toRows(children) } : {}),
  }));
}

type Dialog =
  | { kind: 'create'; libType: 'exam' | 'folder' }
  | { kind: 'rename'; node: SubjectLibNode }
  | { kind: 'move'; node: SubjectLibNode }
  | null;

export interface LibShelfProps {
  scope: LibScope;
}

/**
 * One shelf of question libraries (the viewer's own, or a course's) as a tree of folders and libraries:
 * create, rename, move into a folder, delete, and open a library's editor.
 */
export function LibShelf({ scope }: LibShelfProps) {
  const { t } = useTranslation('exams');
  const { message, modal } = App.useApp();
  const libs = useSubjectLibs(scope, true);
  const createLib = useCreateSubjectLib();
  const updateLib = useUpdateSubjectLib();
  const deleteLib = useDeleteSubjectLib();
  const [dialog, setDialog] = useState<Dialog>(null);
  const tree = libs.data ?? [];
  const folders = foldersOf(tree);

  const confirmDelete = (node: SubjectLibNode) => {
    void modal.confirm({
      title: node.lib_type === 'folder' ? t('libs.deleteFolderTitle') : t('libs.deleteLibTitle'),
      content:
        node.lib_type === 'folder'
          ? t('libs.deleteFolderContent', { title: node.title })
          : t('libs.deleteLibContent', { title: node.title, count: node.subjects_count }),
      okText: t('list.delete'),
      okButtonProps: { danger: true },
      cancelText: t('paper.cancel'),
      onOk: async () => {
        try {
          const result = await deleteLib.mutateAsync(node.id);
          void message.success(result.message);
        } catch (error) {
          void message.error(
            isApiError(error) ? (Object.values(error.errors)[0]?.[0] ?? error.message) : t('paper.failed'),
          );
        }
      },
    });
  };

  const columns: TableColumnsType<LibRow> = [
    {
      title: t('libs.name'),
      dataIndex: 'title',
      render: (_value, row) =>
        row.lib_type === 'folder' ? (
          <Space>
            <FolderOutlined aria-hidden />
            {row.title}
          </Space>
        ) : (
          <Link to={`/subject-lib/${row.id}/edit`}>
            <Space>
              <BookOutlined aria-hidden />
              {row.title}
            </Space>
          </Link>
        ),
    },
    {
      title: t('libs.questions'),
      dataIndex: 'subjects_count',
      width: 120,
      render: (_value, row) => (row.lib_type === 'folder' ? '—' : row.subjects_count),
    },
    {
      title: t('libs.updatedAt'),
      dataIndex: 'updated_at',
      width: 200,
      render: (value: string) => formatDateTime(value),
    },
    {
      title: t('libs.actions'),
      key: 'actions',
      width: 300,
      render: (_value, row) => {
        const node = findNode(tree, row.id);
        if (!node) return null;
        return (
          <Space size={0} wrap>
            <Button
              type="link"
              icon={<EditOutlined aria-hidden />}
              aria-label={t('libs.renameNamed', { title: row.title })}
              onClick={() => setDialog({ kind: 'rename', node })}
            >
              {t('libs.rename')}
            </Button>
            <Button
              type="link"
              icon={<SwapOutlined aria-hidden />}
              aria-label={t('libs.moveNamed', { title: row.title })}
              onClick={() => setDialog({ kind: 'move', node })}
            >
              {t('libs.move')}
            </Button>
            <Button
              type="link"
              danger
              icon={<DeleteOutlined aria-hidden />}
              aria-label={t('libs.deleteNamed', { title: row.title })}
              onClick={() => confirmDelete(node)}
            >
              {t('list.delete')}
            </Button>
          </Space>
        );
      },
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap>
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          onClick={() => setDialog({ kind: 'create', libType: 'exam' })}
        >
          {t('libs.newLib')}
        </Button>
        <Button
          icon={<FolderAddOutlined aria-hidden />}
          onClick={() => setDialog({ kind: 'create', libType: 'folder' })}
        >
          {t('libs.newFolder')}
        </Button>
      </Flex>
      <PageState query={libs} isEmpty={(data) => data.length === 0} emptyDescription={t('libs.empty')}>
        {(data) => (
          <Table<LibRow>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={toRows(data)}
            pagination={false}
            expandable={{ defaultExpandAllRows: true }}
          />
        )}
      </PageState>
      <LibTitleModal
        open={dialog?.kind === 'create'}
        title={
          dialog?.kind === 'create' && dialog.libType === 'folder' ? t('libs.newFolder') : t('libs.newLib')
        }
        folders={folders}
        onClose={() => setDialog(null)}
        onSubmit={async (values) => {
          if (dialog?.kind !== 'create') return;
          await createLib.mutateAsync({
            scope,
            libType: dialog.libType,
            body: { title: values.title, parent_id: values.parent_id ?? null },
          });
          void message.success(dialog.libType === 'folder' ? t('libs.folderCreated') : t('libs.libCreated'));
        }}
      />
      <LibTitleModal
        open={dialog?.kind === 'rename'}
        title={t('libs.rename')}
        initialTitle={dialog?.kind === 'rename' ? dialog.node.title : ''}
        onClose={() => setDialog(null)}
        onSubmit={async (values) => {
          if (dialog?.kind !== 'rename') return;
          await updateLib.mutateAsync({ id: dialog.node.id, body: { title: values.title } });
          void message.success(t('libs.renamed'));
        }}
      />
      <MoveLibModal
        node={dialog?.kind === 'move' ? dialog.node : undefined}
        folders={folders}
        onClose={() => setDialog(null)}
        onSubmit={async (parentId) => {
          if (dialog?.kind !== 'move') return;
          await updateLib.mutateAsync({ id: dialog.node.id, body: { parent_id: parentId } });
          void message.success(t('libs.moved'));
        }}
      />
    </Flex>
  );
}

function MoveLibModal({
  node,
  folders,
  onClose,
  onSubmit,
}: {
  node: SubjectLibNode | undefined;
  folders: ReturnType<typeof foldersOf>;
  onClose: () => void;
  onSubmit: (parentId: number | null) => Promise<unknown>;
}) {
  const { t } = useTranslation('exams');
  // A folder cannot go into itself or anything under it; the server says so too (exams.folderCycle).
  const excluded = new Set(node ? subtreeIds(node) : []);
  return (
    <FormModal<{ parent_id: number | null }>
      open={node !== undefined}
      title={node ? t('libs.moveNamed', { title: node.title }) : ''}
      initialValues={{ parent_id: node?.parent_id ?? null }}
      onSubmit={(values) => onSubmit(values.parent_id ?? null)}
      onClose={onClose}
    >
      <Form.Item name="parent_id" label={t('libs.folder')}>
        <Select<number | null>
          options={[
            { value: null, label: t('libs.topLevel') },
            ...folders
              .filter((f) => !excluded.has(f.id))
              .map((f) => ({ value: f.id, label: `${'— '.repeat(f.depth)}${f.title}` })),
          ]}
        />
      </Form.Item>
    </FormModal>
  );
}
