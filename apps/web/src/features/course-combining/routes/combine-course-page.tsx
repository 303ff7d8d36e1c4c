import {
  canProceedToCombine,
  COMBINE_STEP,
  COVER_SOURCE,
  type CombineStep,
} from '@lectern/contracts/course-combining/course-combining.rules';
import type { CombinableCourse } from '@lectern/contracts/course-combining/course-combining.schemas';
import { Alert, App, Button, Card, Flex, Form, Space, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation, useNavigate, useParams } from 'react-router';
import { applyServerFormErrors } from '../../../shared/components/server-form-errors.ts';
import { useCombineCourses } from '../api/combine-courses.ts';
import { CombineFormStep, type CombineFormValues } from '../components/combine-form-step.tsx';
import { MergeContentModal } from '../components/merge-content-modal.tsx';
import { SelectCoursesStep } from '../components/select-courses-step.tsx';

/** Where the wizard lives; its steps are `step-1` (select) and `step-2` (combine) below it. */
export const COMBINE_BASE = '/combine-course';
const MY_COURSES = '/user/courses';

/**
 * The combine-course wizard (spec 001 "Combine-course page"). Every other path under it redirects to
 * step 1; `/{courseId}/merge` opens the merge-content modal of a combined course.
 */
export function CombineCoursePage() {
  return (
    <Routes>
      <Route path="step-1" element={<CombineWizard step={COMBINE_STEP.select} />} />
      <Route path="step-2" element={<CombineWizard step={COMBINE_STEP.combine} />} />
      <Route path=":courseId/merge" element={<MergePage />} />
      <Route path="*" element={<Navigate to={`${COMBINE_BASE}/step-1`} replace />} />
    </Routes>
  );
}

/** What the wizard chose, kept across its two routes in the location state. */
type WizardState = { selected: number[]; courses: CombinableCourse[] };

function readState(state: unknown): WizardState {
  const value = state as Partial<WizardState> | null;
  return { selected: value?.selected ?? [], courses: value?.courses ?? [] };
}

function CombineWizard({ step }: { step: CombineStep }) {
  const { t } = useTranslation('course-combining');
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const [wizard, setWizard] = useState<WizardState>(() => readState(location.state));
  const [form] = Form.useForm<CombineFormValues>();
  const combine = useCombineCourses();
  const chosen = wizard.courses.filter((c) => wizard.selected.includes(c.id));

  // Step 2 without a selection (opened directly) starts over.
  if (step === COMBINE_STEP.combine && !canProceedToCombine(wizard.selected.length)) {
    return <Navigate to={`${COMBINE_BASE}/step-1`} replace />;
  }

  const cancel = () =>
    modal.confirm({
      title: t('wizard.cancelConfirm.title'),
      content: t('wizard.cancelConfirm.content'),
      okText: t('wizard.cancelConfirm.ok'),
      cancelText: t('wizard.cancelConfirm.cancel'),
      onOk: () => void navigate(MY_COURSES),
    });

  const next = async () => {
    if (step === COMBINE_STEP.select) {
      void navigate(`${COMBINE_BASE}/step-2`, { state: wizard });
      return;
    }
    let values: CombineFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    combine.mutate(
      {
        title: values.title,
        subCourseIds: wizard.selected,
        ...(values.coverSource === COVER_SOURCE.upload
          ? { courseCoverId: values.courseCoverId ?? null }
          : { courseCoverKey: values.courseCoverKey ?? null }),
      },
      {
        onSuccess: ({ courseId }) => {
          void message.success(t('wizard.combined'));
          void navigate(`/course/${courseId}/content`);
        },
        onError: (error) => applyServerFormErrors(form, error, message),
      },
    );
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', minWidth: 0 }}>
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t('wizard.title')}
        </Typography.Title>
        <Space wrap>
          <Button onClick={cancel}>{t('wizard.cancel')}</Button>
          {step === COMBINE_STEP.combine ? (
            <Button onClick={() => void navigate(`${COMBINE_BASE}/step-1`, { state: wizard })}>
              {t('wizard.previous')}
            </Button>
          ) : null}
          <Button
            type="primary"
            disabled={!canProceedToCombine(wizard.selected.length)}
            loading={combine.isPending}
            onClick={() => void next()}
          >
            {step === COMBINE_STEP.select ? t('wizard.next') : t('wizard.combine')}
          </Button>
        </Space>
      </Flex>
      <Steps
        current={step}
        items={[{ title: t('wizard.steps.select') }, { title: t('wizard.steps.combine') }]}
      />
      <Alert
        type="info"
        showIcon
        title={step === COMBINE_STEP.select ? t('wizard.tips.select') : t('wizard.tips.combine')}
      />
      <Card>
        {step === COMBINE_STEP.select ? (
          <SelectCoursesStep
            selected={wizard.selected}
            onChange={(selected, rows) =>
              setWizard((current) => ({
                selected,
                // Rows chosen on earlier searches stay known, so their names can still be offered.
                courses: [...current.courses.filter((c) => !rows.some((r) => r.id === c.id)), ...rows],
              }))
            }
          />
        ) : (
          <CombineFormStep
            form={form}
            courses={chosen}
            initialValues={{
              // The name defaults to a chosen course's (spec 001 section 5).
              title: chosen[0]?.display_name ?? '',
              coverSource: COVER_SOURCE.preset,
              courseCoverKey: 'blue',
            }}
          />
        )}
      </Card>
    </Space>
  );
}

function MergePage() {
  const navigate = useNavigate();
  const courseId = Number(useParams().courseId);
  if (!Number.isInteger(courseId) || courseId <= 0) return <Navigate to={`${COMBINE_BASE}/step-1`} replace />;
  return (
    <MergeContentModal
      courseId={courseId}
      onClose={() => void navigate(MY_COURSES)}
      onDone={() => void navigate(`/course/${courseId}/content`)}
    />
  );
}
