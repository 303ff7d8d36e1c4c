import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { COURSE_LIMITS } from '@lectern/contracts/courses/course.limits';
import type { Course, CourseModule, Syllabus } from '@lectern/contracts/courses/course.schemas';
import { App, Button, Space, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateModule } from '../api/create-module.ts';
import { useCreateSyllabus } from '../api/create-syllabus.ts';
import { useDeleteModule } from '../api/delete-module.ts';
import { useDeleteSyllabus } from '../api/delete-syllabus.ts';
import { useSortModules } from '../api/sort-modules.ts';
import { useSortSyllabi } from '../api/sort-syllabi.ts';
import { useUpdateModule } from '../api/update-module.ts';
import { useUpdateSyllabus } from '../api/update-syllabus.ts';
import { CourseOutlineView, type CourseOutlineProps } from './course-outline-view.tsx';

// Opened, not drawn (antd's Form with it): fetched when a manager first adds or renames something.
const NameFormModal = lazy(async () => ({
  default: (await import('./name-form-modal.tsx')).NameFormModal,
}));

type Dialog =
  | { kind: 'add-module' }
  | { kind: 'rename-module'; module: CourseModule }
  | { kind: 'add-syllabus'; module: CourseModule }
  | { kind: 'rename-syllabus'; syllabus: Syllabus };

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
 * The outline as the teaching team (course.can_manage) sees it: they can add, rename, reorder and
 * delete modules and syllabi. A module of its own, loaded only for them (public/course-outline.tsx).
 */
export function EditableCourseOutline({
  course,
  renderSection,
  renderSectionActions,
  onSectionsChanged,
}: CourseOutlineProps & { course: Course }) {
  const { t } = useTranslation('courses');
  const { message, modal } = App.useApp();
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

  const courseId = course.id;

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

  return (
    <CourseOutlineView
      course={course}
      renderSection={renderSection}
      renderSectionActions={renderSectionActions}
      editing={{
        moduleControls: (module, index, modules) => (
          <ItemControls
            name={module.name}
            isFirst={index === 0}
            isLast={index === modules.length - 1}
            busy={sortModules.isPending}
            onRename={() => openDialog({ kind: 'rename-module', module })}
            onMove={(delta) =>
              sortModules.mutate(
                {
                  courseId,
                  ids: moved(
                    modules.map((m) => m.id),
                    index,
                    delta,
                  ),
                },
                { onError: showError },
              )
            }
            onDelete={() => confirmDeleteModule(module)}
          />
        ),
        syllabusControls: (module, syllabus, index, syllabi) => (
          <ItemControls
            name={syllabus.summary}
            isFirst={index === 0}
            isLast={index === syllabi.length - 1}
            busy={sortSyllabi.isPending}
            onRename={() => openDialog({ kind: 'rename-syllabus', syllabus })}
            onMove={(delta) =>
              sortSyllabi.mutate(
                {
                  courseId,
                  moduleId: module.id,
                  ids: moved(
                    syllabi.map((s) => s.id),
                    index,
                    delta,
                  ),
                },
                { onError: showError },
              )
            }
            onDelete={() => confirmDeleteSyllabus(syllabus)}
          />
        ),
        addSyllabusButton: (module) => (
          <Button
            type="link"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => openDialog({ kind: 'add-syllabus', module })}
            style={{ paddingInline: 0 }}
          >
            {t('outline.addSyllabus')}
          </Button>
        ),
        addModuleButton: (
          <Button
            type="dashed"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => openDialog({ kind: 'add-module' })}
          >
            {t('outline.addModule')}
          </Button>
        ),
        dialogs: <Suspense fallback={null}>{renderDialog()}</Suspense>,
      }}
    />
  );
}
