import { canSaveMerge } from '@lectern/contracts/course-combining/course-combining.rules';
import type {
  CourseToMerge,
  MergeTreeModule,
} from '@lectern/contracts/course-combining/course-combining.schemas';
import {
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Empty,
  Flex,
  List,
  Modal,
  Row,
  Select,
  Space,
  Spin,
  Steps,
  Tree,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCoursesToMerge } from '../api/get-courses-to-merge.ts';
import { useAssignToModule, useCombineContents, useFinishMerge } from '../api/merge-content.ts';

/** The merge modal's steps (spec 001 section 4): first (sections), second (activities). */
const FIRST = 0;
const SECOND = 1;

export interface MergeContentModalProps {
  courseId: number;
  onClose: () => void;
  onDone: () => void;
}

function moduleTree(module: MergeTreeModule) {
  const inSyllabus = new Map<number, MergeTreeModule['activities']>();
  for (const activity of module.activities) {
    if (activity.syllabus_id === null) continue;
    inSyllabus.set(activity.syllabus_id, [...(inSyllabus.get(activity.syllabus_id) ?? []), activity]);
  }
  return [
    ...module.syllabuses.map((syllabus) => ({
      key: `s${syllabus.id}`,
      title: syllabus.summary,
      children: (inSyllabus.get(syllabus.id) ?? []).map((a) => ({
        key: `a${a.id}`,
        title: a.title,
        isLeaf: true,
      })),
    })),
    ...module.activities
      .filter((a) => a.syllabus_id === null || !module.syllabuses.some((s) => s.id === a.syllabus_id))
      .map((a) => ({ key: `a${a.id}`, title: a.title, isLeaf: true })),
  ];
}

/**
 * Merges the sub-courses' content into the combined course: first the sections to move in (a card per
 * course, a tree per section), then the activities left behind into a section. Not closed by the mask;
 * closing leads back to the course list (the caller's `onClose`).
 */
export function MergeContentModal({ courseId, onClose, onDone }: MergeContentModalProps) {
  const { t } = useTranslation('course-combining');
  const { message } = App.useApp();
  const data = useCoursesToMerge(courseId);
  const combineContents = useCombineContents(courseId);
  const assign = useAssignToModule(courseId);
  const finish = useFinishMerge(courseId);
  const [chosenStep, setStep] = useState<number | null>(null);
  const [chosen, setChosen] = useState<Record<number, number[]>>({});
  const [target, setTarget] = useState<number | null>(null);
  const [checked, setChecked] = useState<number[]>([]);
  const [moduleRequired, setModuleRequired] = useState(true);

  const combined = data.data?.combined ?? false;
  // An already combined course opens at the second step.
  const step = chosenStep ?? (data.data ? (combined ? SECOND : FIRST) : null);

  const courses: CourseToMerge[] = data.data?.courses ?? [];
  const remaining = courses.flatMap((course) =>
    course.modules.flatMap((module) =>
      module.activities.map((activity) => ({ ...activity, course: course.name, module: module.name })),
    ),
  );
  const chosenCount = Object.values(chosen).reduce((sum, ids) => sum + ids.length, 0);
  const current = step ?? FIRST;

  const toggle = (course: number, module: number, on: boolean) =>
    setChosen((all) => ({
      ...all,
      [course]: on ? [...(all[course] ?? []), module] : (all[course] ?? []).filter((id) => id !== module),
    }));

  const next = () =>
    combineContents.mutate(
      Object.entries(chosen).map(([course, moduleIds]) => ({ courseId: Number(course), moduleIds })),
      {
        onSuccess: () => {
          setChosen({});
          setStep(SECOND);
        },
        onError: (error) => void message.error(error.message),
      },
    );

  const move = () => {
    if (target === null || checked.length === 0) return;
    assign.mutate(
      { moduleId: target, activityIds: checked },
      { onSuccess: () => setChecked([]), onError: (error) => void message.error(error.message) },
    );
  };

  const save = () =>
    finish.mutate(
      courses.map((c) => c.id),
      {
        onSuccess: () => {
          void message.success(t('merge.merged'));
          onDone();
        },
        onError: (error) => void message.error(error.message),
      },
    );

  const saveAllowed = canSaveMerge(moduleRequired, remaining.length);

  const footer =
    current === FIRST ? (
      <Button type="primary" disabled={chosenCount === 0} loading={combineContents.isPending} onClick={next}>
        {t('merge.next')}
      </Button>
    ) : (
      <Space>
        {/* Once the merge was confirmed there is no going back to the sections. */}
        {!combined ? <Button onClick={() => setStep(FIRST)}>{t('merge.previous')}</Button> : null}
        <Button type="primary" disabled={!saveAllowed} loading={finish.isPending} onClick={save}>
          {t('merge.save')}
        </Button>
      </Space>
    );

  return (
    <Modal
      open
      title={t('merge.title')}
      width={900}
      mask={{ closable: false }}
      keyboard
      onCancel={onClose}
      footer={footer}
      destroyOnHidden
    >
      {step === null ? (
        <Flex justify="center">
          <Spin />
        </Flex>
      ) : (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Steps
            current={current}
            items={[{ title: t('merge.steps.first') }, { title: t('merge.steps.second') }]}
          />
          {current === FIRST ? (
            <>
              <Typography.Paragraph type="secondary">{t('merge.chooseTip')}</Typography.Paragraph>
              <Row gutter={[16, 16]}>
                {courses.map((course) => (
                  <Col key={course.id} xs={24} md={12}>
                    <Card size="small" title={course.name}>
                      {course.modules.length === 0 ? (
                        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('merge.noSections')} />
                      ) : (
                        <Space orientation="vertical" style={{ width: '100%' }}>
                          {course.modules.map((module) => (
                            <Card key={module.id} size="small" type="inner">
                              <Checkbox
                                checked={(chosen[course.id] ?? []).includes(module.id)}
                                onChange={(event) => toggle(course.id, module.id, event.target.checked)}
                              >
                                {module.name}{' '}
                                <Typography.Text type="secondary">
                                  {t('merge.activityCount', { count: module.activities.length })}
                                </Typography.Text>
                              </Checkbox>
                              <Tree selectable={false} defaultExpandAll treeData={moduleTree(module)} />
                            </Card>
                          ))}
                        </Space>
                      )}
                    </Card>
                  </Col>
                ))}
              </Row>
            </>
          ) : (
            <Row gutter={[16, 16]}>
              <Col xs={24} md={10}>
                <Space orientation="vertical" style={{ width: '100%' }}>
                  <Select<number>
                    aria-label={t('merge.target')}
                    placeholder={t('merge.targetPlaceholder')}
                    value={target ?? undefined}
                    onChange={setTarget}
                    options={(data.data?.modules ?? []).map((m) => ({ value: m.id, label: m.name }))}
                    style={{ width: '100%' }}
                  />
                  <Button
                    disabled={target === null || checked.length === 0}
                    loading={assign.isPending}
                    onClick={move}
                  >
                    {t('merge.moveSelected')}
                  </Button>
                  <Checkbox
                    checked={moduleRequired}
                    onChange={(event) => setModuleRequired(event.target.checked)}
                  >
                    {t('merge.moduleRequired')}
                  </Checkbox>
                  {!saveAllowed ? (
                    <Typography.Text type="warning">{t('merge.saveBlocked')}</Typography.Text>
                  ) : null}
                </Space>
              </Col>
              <Col xs={24} md={14}>
                <Card size="small" title={t('merge.remaining')}>
                  <List
                    size="small"
                    dataSource={remaining}
                    locale={{ emptyText: t('merge.remainingNone') }}
                    renderItem={(activity) => (
                      <List.Item>
                        <Checkbox
                          checked={checked.includes(activity.id)}
                          onChange={(event) =>
                            setChecked((ids) =>
                              event.target.checked
                                ? [...ids, activity.id]
                                : ids.filter((id) => id !== activity.id),
                            )
                          }
                        >
                          {activity.title}{' '}
                          <Typography.Text type="secondary">
                            {activity.course} / {activity.module}
                          </Typography.Text>
                        </Checkbox>
                      </List.Item>
                    )}
                  />
                </Card>
              </Col>
            </Row>
          )}
        </Space>
      )}
    </Modal>
  );
}
