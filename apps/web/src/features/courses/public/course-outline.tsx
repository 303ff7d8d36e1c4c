import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { COURSE_LIMITS, type CourseModule, type Syllabus } from '@lectern/contracts/courses/course.schemas';
import { App, Button, Card, Flex, Space, Tooltip, Typography, theme } from 'antd';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/components/page-state.tsx';
import { useCreateModule } from '../api/create-module.ts';
import { useCreateSyllabus } from '../api/create-syllabus.ts';
import { useDeleteModule } from '../api/delete-module.ts';
import { useDeleteSyllabus } from '../api/delete-syllabus.ts';
import { useSortModules } from '../api/sort-modules.ts';
import { useSortSyllabi } from '../api/sort-syllabi.ts';
import { useUpdateModule } from '../api/update-module.ts';
import { useUpdateSyllabus } from '../api/update-syllabus.ts';
import { useCurrentCourse } from './use-current-course.ts';

// Only course managers open it (antd's Form with it): fetched then, not with every course page.
const NameFormModal = lazy(async () => ({
  default: (await import('../components/name-form-modal.tsx')).NameFormModal,
}));

/** One place activities hang from: a module's own content (syllabusId null) or one of its syllabi. */
export interface CourseSection {
  courseId: number;
  moduleId: number;
  syllabusId: number | null;
}

/** Props of CourseOutline: what to show in each section is the caller's (e.g. the activities list). */
export interface CourseOutlineProps {
  /** The content of one section; called for each module's own content and for each of its syllabi. */
  renderSection: (section: CourseSection) => ReactNode;
  /** Extra buttons in a section's header, e.g. "add activity". */
  renderSectionActions?: (section: CourseSection) => ReactNode;
  /** Called after a module or syllabus was deleted, which deletes or moves the activities in it. */
  onSectionsChanged?: () => void;
}

type Dialog =
  | { kind: 'add-module' }
  | { kind: 'rename-module'; module: CourseModule }
  | { kind: 'add-syllabus'; module: CourseModule }
  | { kind: 'rename-syllabus'; syllabus: Syllabus };

function bySort<T extends { sort: number; id: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.sort - b.sort || a.id - b.id);
}

/** Moves the item at `index` by `delta` places and answers the new order of ids. */
function moved(ids: readonly number[], index: number, delta: -1 | 1): number[] {
  const next = [...ids];
  const target = index + delta;
  const [item] = next.splice(index, 1);
  if (item === undefined || target < 0 || target > ids.length - 1) return [...ids];
  next.splice(target, 0, item);
  return next;
}

interface ItemControlsProps {
  name: string;
  isFirst: boolean;
  isLast: boolean;
  busy: boolean;
  onRename: () => void;
  onMove: (delta: -1 | 1) => void;
  onDelete: () => void;
}

/** Rename, move and delete buttons of one module or syllabus; labelled with its name for screen readers. */
function ItemControls({ name, isFirst, isLast, busy, onRename, onMove, onDelete }: ItemControlsProps) {
  const { t } = useTranslation('courses');
  const controls = [
    {
      key: 'rename',
      label: t('outline.rename', { name }),
      icon: <EditOutlined aria-hidden />,
      onClick: onRename,
    },
    {
      key: 'up',
      label: t('outline.moveUp', { name }),
      icon: <ArrowUpOutlined aria-hidden />,
      onClick: () => onMove(-1),
      disabled: isFirst || busy,
    },
    {
      key: 'down',
      label: t('outline.moveDown', { name }),
      icon: <ArrowDownOutlined aria-hidden />,
      onClick: () => onMove(1),
      disabled: isLast || busy,
    },
    {
      key: 'delete',
      label: t('outline.delete', { name }),
      icon: <DeleteOutlined aria-hidden />,
      onClick: onDelete,
      danger: true,
    },
  ];
  return (
    <Space size={0}>
      {controls.map((control) => (
        <Tooltip key={control.key} title={control.label}>
          <Button
            type="text"
            size="small"
            aria-label={control.label}
            icon={control.icon}
            onClick={control.onClick}
            disabled={control.disabled}
            danger={control.danger}
          />
        </Tooltip>
      ))}
    </Space>
  );
}

/**
 * The current course's modules and syllabi, in order, with the caller's content in each section. The
 * teaching team (course.can_manage) can add, rename, reorder and delete modules and syllabi here.
 */
export function CourseOutline({
  renderSection,
  renderSectionActions,
  onSectionsChanged,
}: CourseOutlineProps) {
  const { t } = useTranslation('courses');
  const { token } = theme.useToken();
  const { message, modal } = App.useApp();
  const course = useCurrentCourse();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  const createModule = useCreateModule();
  const updateModule = useUpdateModule();
  const deleteModule = useDeleteModule();
  const sortModules = useSortModules();
  const createSyllabus = useCreateSyllabus();
  const updateSyllabus = useUpdateSyllabus();
  const deleteSyllabus = useDeleteSyllabus();
  const sortSyllabi = useSortSyllabi();

  const manage = course.can_manage;
  const courseId = course.id;
  const modules = bySort(course.modules);

  const openDialog = (next: Dialog) => {
    setDialog(next);
    setDialogOpen(true);
  };
  const showError = (error: Error) => void message.error(error.message);

  const confirmDeleteModule = (module: CourseModule) => {
    modal.confirm({
      title: t('outline.deleteModuleTitle', { name: module.name }),
      content: t('outline.deleteModuleContent'),
      okText: t('outline.deleteConfirm'),
      okButtonProps: { danger: true },
      cancelText: t('shared:actions.cancel'),
      onOk: async () => {
        try {
          await deleteModule.mutateAsync({ courseId, moduleId: module.id });
          void message.success(t('outline.moduleDeleted', { name: module.name }));
          onSectionsChanged?.();
        } catch (error) {
          showError(error as Error);
        }
      },
    });
  };

  const confirmDeleteSyllabus = (syllabus: Syllabus) => {
    modal.confirm({
      title: t('outline.deleteSyllabusTitle', { name: syllabus.summary }),
      content: t('outline.deleteSyllabusContent'),
      okText: t('outline.deleteConfirm'),
      okButtonProps: { danger: true },
      cancelText: t('shared:actions.cancel'),
      onOk: async () => {
        try {
          await deleteSyllabus.mutateAsync({ courseId, syllabusId: syllabus.id });
          void message.success(t('outline.syllabusDeleted', { name: syllabus.summary }));
          onSectionsChanged?.();
        } catch (error) {
          showError(error as Error);
        }
      },
    });
  };

  const moveModule = (index: number, delta: -1 | 1) => {
    const ids = moved(
      modules.map((m) => m.id),
      index,
      delta,
    );
    sortModules.mutate({ courseId, ids }, { onError: showError });
  };

  const moveSyllabus = (module: CourseModule, syllabi: Syllabus[], index: number, delta: -1 | 1) => {
    const ids = moved(
      syllabi.map((s) => s.id),
      index,
      delta,
    );
    sortSyllabi.mutate({ courseId, moduleId: module.id, ids }, { onError: showError });
  };

  const addModuleButton = (
    <Button
      type="dashed"
      icon={<PlusOutlined aria-hidden />}
      onClick={() => openDialog({ kind: 'add-module' })}
    >
      {t('outline.addModule')}
    </Button>
  );

  const renderDialog = () => {
    if (!dialog) return null;
    const common = {
      open: dialogOpen,
      onClose: () => setDialogOpen(false),
      afterClose: () => setDialog(null),
    };
    const moduleField = {
      field: 'name',
      label: t('outline.moduleName'),
      requiredMessage: t('outline.moduleNameRequired'),
      maxLength: COURSE_LIMITS.moduleNameMax,
    };
    const syllabusField = {
      field: 'summary',
      label: t('outline.syllabusName'),
      requiredMessage: t('outline.syllabusNameRequired'),
      maxLength: COURSE_LIMITS.syllabusSummaryMax,
    };
    switch (dialog.kind) {
      case 'add-module':
        return (
          <NameFormModal
            {...common}
            {...moduleField}
            title={t('outline.addModule')}
            onSubmit={(name) => createModule.mutateAsync({ courseId, body: { name } })}
          />
        );
      case 'rename-module':
        return (
          <NameFormModal
            {...common}
            {...moduleField}
            title={t('outline.renameModule')}
            initialValue={dialog.module.name}
            onSubmit={(name) =>
              updateModule.mutateAsync({ courseId, moduleId: dialog.module.id, body: { name } })
            }
          />
        );
      case 'add-syllabus':
        return (
          <NameFormModal
            {...common}
            {...syllabusField}
            title={t('outline.addSyllabusTo', { name: dialog.module.name })}
            onSubmit={(summary) =>
              createSyllabus.mutateAsync({ courseId, body: { module_id: dialog.module.id, summary } })
            }
          />
        );
      case 'rename-syllabus':
        return (
          <NameFormModal
            {...common}
            {...syllabusField}
            title={t('outline.renameSyllabus')}
            initialValue={dialog.syllabus.summary}
            onSubmit={(summary) =>
              updateSyllabus.mutateAsync({ courseId, syllabusId: dialog.syllabus.id, body: { summary } })
            }
          />
        );
    }
  };

  if (modules.length === 0) {
    return (
      <>
        <EmptyState
          description={manage ? t('outline.emptyManage') : t('outline.empty')}
          action={manage ? addModuleButton : undefined}
        />
        <Suspense fallback={null}>{renderDialog()}</Suspense>
      </>
    );
  }

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {modules.map((module, moduleIndex) => {
        const moduleSection: CourseSection = { courseId, moduleId: module.id, syllabusId: null };
        const syllabi = bySort(module.syllabuses);
        return (
          <section key={module.id} aria-label={module.name}>
            <Card
              title={
                <Typography.Title
                  level={2}
                  style={{ fontSize: 18, margin: 0 }}
                  ellipsis={{ tooltip: module.name }}
                >
                  {module.name}
                </Typography.Title>
              }
              extra={
                <Space wrap>
                  {renderSectionActions?.(moduleSection)}
                  {manage ? (
                    <ItemControls
                      name={module.name}
                      isFirst={moduleIndex === 0}
                      isLast={moduleIndex === modules.length - 1}
                      busy={sortModules.isPending}
                      onRename={() => openDialog({ kind: 'rename-module', module })}
                      onMove={(delta) => moveModule(moduleIndex, delta)}
                      onDelete={() => confirmDeleteModule(module)}
                    />
                  ) : null}
                </Space>
              }
            >
              <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
                {renderSection(moduleSection)}
                {syllabi.map((syllabus, syllabusIndex) => {
                  const section: CourseSection = { courseId, moduleId: module.id, syllabusId: syllabus.id };
                  return (
                    <section
                      key={syllabus.id}
                      aria-label={syllabus.summary}
                      style={{
                        borderTop: `1px solid ${token.colorBorderSecondary}`,
                        paddingTop: token.paddingSM,
                      }}
                    >
                      <Flex justify="space-between" align="center" wrap gap="small">
                        <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
                          {syllabus.summary}
                        </Typography.Title>
                        <Space wrap>
                          {renderSectionActions?.(section)}
                          {manage ? (
                            <ItemControls
                              name={syllabus.summary}
                              isFirst={syllabusIndex === 0}
                              isLast={syllabusIndex === syllabi.length - 1}
                              busy={sortSyllabi.isPending}
                              onRename={() => openDialog({ kind: 'rename-syllabus', syllabus })}
                              onMove={(delta) => moveSyllabus(module, syllabi, syllabusIndex, delta)}
                              onDelete={() => confirmDeleteSyllabus(syllabus)}
                            />
                          ) : null}
                        </Space>
                      </Flex>
                      <div style={{ marginTop: token.marginSM }}>{renderSection(section)}</div>
                    </section>
                  );
                })}
                {manage ? (
                  <Button
                    type="link"
                    icon={<PlusOutlined aria-hidden />}
                    onClick={() => openDialog({ kind: 'add-syllabus', module })}
                    style={{ paddingInline: 0 }}
                  >
                    {t('outline.addSyllabus')}
                  </Button>
                ) : null}
              </Space>
            </Card>
          </section>
        );
      })}
      {manage ? addModuleButton : null}
      <Suspense fallback={null}>{renderDialog()}</Suspense>
    </Space>
  );
}
