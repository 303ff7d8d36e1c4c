import type { Course, CourseModule, Syllabus } from '@lectern/contracts/courses/course.schemas';
import { Flex, Space, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/components/page-state.tsx';
import { CourseHeading } from './course-heading.tsx';

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

/**
 * What the teaching team adds to the outline (components/course-outline-editing.tsx): controls drawn in
 * the outline's own places, so the outline looks the same with and without them apart from the controls.
 */
export interface OutlineEditing {
  moduleControls: (module: CourseModule, index: number, modules: readonly CourseModule[]) => ReactNode;
  syllabusControls: (
    module: CourseModule,
    syllabus: Syllabus,
    index: number,
    syllabi: readonly Syllabus[],
  ) => ReactNode;
  addSyllabusButton: (module: CourseModule) => ReactNode;
  addModuleButton: ReactNode;
  /** The open rename/add dialog, if any. */
  dialogs: ReactNode;
}

export function bySort<T extends { sort: number; id: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.sort - b.sort || a.id - b.id);
}

/**
 * The course's modules and syllabi, in order, with the caller's content in each section. Each module is
 * a bordered panel drawn with antd's tokens rather than a Card: Card brings antd's Tabs (for its tab
 * list), some 14 KB on the course page's first load that the outline never uses (decision 0014).
 */
export function CourseOutlineView({
  course,
  renderSection,
  renderSectionActions,
  editing,
}: CourseOutlineProps & { course: Course; editing?: OutlineEditing }) {
  const { t } = useTranslation('courses');
  const { token } = theme.useToken();
  const courseId = course.id;
  const modules = bySort(course.modules);

  if (modules.length === 0) {
    return (
      <>
        <EmptyState
          description={editing ? t('outline.emptyManage') : t('outline.empty')}
          action={editing?.addModuleButton}
        />
        {editing?.dialogs}
      </>
    );
  }

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {modules.map((module, moduleIndex) => {
        const moduleSection: CourseSection = { courseId, moduleId: module.id, syllabusId: null };
        const syllabi = bySort(module.syllabuses);
        return (
          <section
            key={module.id}
            aria-label={module.name}
            style={{
              background: token.colorBgContainer,
              border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
              borderRadius: token.borderRadiusLG,
            }}
          >
            <Flex
              justify="space-between"
              align="center"
              wrap
              gap="small"
              style={{
                minHeight: 56,
                padding: `${token.paddingXS}px ${token.paddingLG}px`,
                borderBottom: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
              }}
            >
              <CourseHeading
                level={2}
                style={{ fontSize: 18, margin: 0, flex: '1 1 200px', minWidth: 0 }}
                ellipsis
              >
                {module.name}
              </CourseHeading>
              <Space wrap>
                {renderSectionActions?.(moduleSection)}
                {editing?.moduleControls(module, moduleIndex, modules)}
              </Space>
            </Flex>
            <div style={{ padding: token.paddingLG }}>
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
                        <CourseHeading level={3} style={{ fontSize: 16, margin: 0 }}>
                          {syllabus.summary}
                        </CourseHeading>
                        <Space wrap>
                          {renderSectionActions?.(section)}
                          {editing?.syllabusControls(module, syllabus, syllabusIndex, syllabi)}
                        </Space>
                      </Flex>
                      <div style={{ marginTop: token.marginSM }}>{renderSection(section)}</div>
                    </section>
                  );
                })}
                {editing?.addSyllabusButton(module)}
              </Space>
            </div>
          </section>
        );
      })}
      {editing?.addModuleButton}
      {editing?.dialogs}
    </Space>
  );
}
