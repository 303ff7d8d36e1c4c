import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Flex,
  Form,
  Input,
  InputNumber,
  Progress,
  Radio,
  Row,
  Select,
  Statistic,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/components/form-modal.tsx';
import { LoadingState, PageState } from '../../../shared/components/page-state.tsx';
import { useAiStatus, useMyAiCredit } from '../../../shared/hooks/use-ai-credit.ts';
import type { CreditTargetType } from '@lectern/contracts/ai/ai.schemas';
import { useCreateCreditRequest } from '../api/create-credit-request.ts';
import { useTeachingCourses } from '../../courses/public/list-teaching-courses.ts';
import { CreditRequestsTable } from '../components/credit-requests-table.tsx';

/** /user/ai-credits: an instructor's balance, a request for more, and the answers to earlier requests. */
export function MyAiCreditsPage() {
  const { t } = useTranslation('ai');
  const { message } = App.useApp();
  const status = useAiStatus();
  const credit = useMyAiCredit();
  const create = useCreateCreditRequest();
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState<CreditTargetType>('user');
  const courses = useTeachingCourses(open);

  const title = (
    <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
      {t('mine.title')}
    </Typography.Title>
  );
  if (status.isPending) return <LoadingState />;
  if (!status.data?.available) {
    return (
      <Flex vertical gap="middle">
        {title}
        <Alert type="info" showIcon title={t('mine.unavailable')} />
      </Flex>
    );
  }
  return (
    <Flex vertical gap="middle" style={{ minWidth: 0 }}>
      <Flex justify="space-between" align="center" wrap gap="small">
        {title}
        <Button type="primary" onClick={() => setOpen(true)}>
          {t('mine.requestMore')}
        </Button>
      </Flex>
      <PageState query={credit}>
        {(data) => (
          <Flex vertical gap="small">
            {status.data.credit_mode === 'credit_pool' ? <Alert type="info" title={t('mine.pool')} /> : null}
            <Row gutter={[16, 16]}>
              {(
                [
                  ['assigned', data.creditAssigned],
                  ['used', data.creditUsed],
                  ['remaining', data.creditRemaining],
                ] as const
              ).map(([key, value]) => (
                <Col key={key} xs={24} sm={8}>
                  <Card size="small">
                    <Statistic title={t(`mine.${key}`)} value={value} />
                  </Card>
                </Col>
              ))}
            </Row>
            <Progress
              percent={data.creditUsedPercent}
              status={data.isLowAirCredit ? 'exception' : 'normal'}
              aria-label={t('users.usedPercent')}
            />
          </Flex>
        )}
      </PageState>
      <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
        {t('mine.history')}
      </Typography.Title>
      <CreditRequestsTable mine />
      <FormModal<{
        target_type: CreditTargetType;
        course_id?: number;
        applied_credits: number;
        reason?: string;
      }>
        open={open}
        title={t('mine.requestTitle')}
        initialValues={{ target_type: 'user' }}
        onValuesChange={(changed) => {
          if (changed.target_type) setTarget(changed.target_type);
        }}
        onClose={() => {
          setOpen(false);
          setTarget('user');
        }}
        onSubmit={async (values) => {
          await create.mutateAsync({
            applied_credits: values.applied_credits,
            reason: values.reason ?? '',
            target_type: values.target_type,
            ...(values.target_type === 'course' ? { course_id: values.course_id } : {}),
          });
          void message.success(t('mine.requested'));
        }}
      >
        <Form.Item name="target_type" label={t('mine.target')}>
          <Radio.Group
            options={[
              { value: 'user', label: t('mine.targetUser') },
              { value: 'course', label: t('mine.targetCourse') },
            ]}
          />
        </Form.Item>
        {target === 'course' ? (
          <Form.Item
            name="course_id"
            label={t('mine.course')}
            rules={[{ required: true, message: t('mine.courseRequired') }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={courses.isPending}
              options={(courses.data ?? []).map((course) => ({ value: course.id, label: course.name }))}
              notFoundContent={courses.isPending ? null : t('mine.noCourses')}
            />
          </Form.Item>
        ) : null}
        <Form.Item name="applied_credits" label={t('mine.appliedCredits')} rules={[{ required: true }]}>
          <InputNumber min={1} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="reason" label={t('mine.reason')}>
          <Input.TextArea maxLength={1000} autoSize={{ minRows: 3 }} />
        </Form.Item>
      </FormModal>
    </Flex>
  );
}
