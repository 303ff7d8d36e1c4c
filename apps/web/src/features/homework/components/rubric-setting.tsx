import { DeleteOutlined, EyeOutlined, ProfileOutlined } from '@ant-design/icons';
import type { HomeworkDetail } from '@lectern/contracts/homework/homework.schemas';
import { RUBRIC_VISIBLE_TYPES, type RubricVisibleType } from '@lectern/contracts/homework/homework-settings';
import { App, Button, Descriptions, Flex, Form, Popconfirm, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/components/date-time.ts';
import { DateTimePicker } from '../../../shared/components/date-time-picker.tsx';
import { FormModal } from '../../../shared/components/form-modal.tsx';
import { RubricSelectDialog } from '../../rubrics/public/rubric-select-dialog.tsx';
import { useRubric } from '../../rubrics/public/use-rubric.ts';
import { useUpdateHomeworkRubric } from '../api/update-homework-rubric.ts';
import { homeworkMessage } from './homework-messages.ts';

interface VisibilityValues {
  rubric_visible_type: RubricVisibleType;
  rubric_visible_time: string | null;
}

export interface RubricSettingProps {
  detail: HomeworkDetail;
  onChanged?: () => void;
}

/** The marking rubric (chosen in the rubrics feature's dialog) and when students see it. */
export function RubricSetting({ detail, onChanged }: RubricSettingProps) {
  const { t } = useTranslation('homework');
  const { message } = App.useApp();
  const [dialog, setDialog] = useState<'select' | 'visibility' | null>(null);
  const rubric = useRubric(detail.rubric_id);
  const update = useUpdateHomeworkRubric();
  const canEdit = detail.permissions.allow_edit;

  const save = async (body: Parameters<typeof update.mutateAsync>[0]['body']) => {
    await update.mutateAsync({ homeworkId: detail.id, body });
    void message.success(t('rubric.saved'));
    onChanged?.();
  };

  const visibility =
    detail.rubric_visible_type === 'custom_time' && detail.rubric_visible_time
      ? t('rubric.visibleFrom', { time: formatDateTime(detail.rubric_visible_time) })
      : t(`rubric.visibility.${detail.rubric_visible_type}`);

  return (
    <Flex vertical gap={12}>
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'rubric',
            label: t('rubric.current'),
            children: detail.rubric_id ? (
              <Typography.Text style={{ overflowWrap: 'anywhere' }}>
                {rubric.data
                  ? t('rubric.nameWithTotal', { name: rubric.data.name, total: rubric.data.total })
                  : '…'}
              </Typography.Text>
            ) : (
              <Typography.Text type="secondary">{t('rubric.none')}</Typography.Text>
            ),
          },
          { key: 'visibility', label: t('rubric.visibilityLabel'), children: visibility },
        ]}
      />
      {canEdit ? (
        <Flex gap={8} wrap>
          <Button icon={<ProfileOutlined aria-hidden />} onClick={() => setDialog('select')}>
            {detail.rubric_id ? t('rubric.change') : t('rubric.choose')}
          </Button>
          <Button icon={<EyeOutlined aria-hidden />} onClick={() => setDialog('visibility')}>
            {t('rubric.editVisibility')}
          </Button>
          {detail.rubric_id ? (
            <Popconfirm
              title={t('rubric.removeConfirm')}
              okText={t('rubric.remove')}
              cancelText={t('form.cancel')}
              onConfirm={() =>
                save({ rubric_id: null }).catch((error: unknown) => {
                  void message.error(error instanceof Error ? error.message : String(error));
                })
              }
            >
              <Button danger icon={<DeleteOutlined aria-hidden />}>
                {t('rubric.remove')}
              </Button>
            </Popconfirm>
          ) : null}
        </Flex>
      ) : null}
      <RubricSelectDialog
        open={dialog === 'select'}
        value={detail.rubric_id}
        allowEdit
        generateFrom={{ content: detail.description, homeworkId: detail.id }}
        onClose={() => setDialog(null)}
        onSelect={(chosen) => {
          save({ rubric_id: chosen.id })
            .then(() => setDialog(null))
            .catch((error: unknown) => {
              void message.error(error instanceof Error ? error.message : String(error));
            });
        }}
      />
      <FormModal<VisibilityValues>
        open={dialog === 'visibility'}
        title={t('rubric.visibilityTitle')}
        initialValues={{
          rubric_visible_type: detail.rubric_visible_type,
          rubric_visible_time: detail.rubric_visible_time,
        }}
        onSubmit={(values) =>
          save({
            rubric_visible_type: values.rubric_visible_type,
            rubric_visible_time:
              values.rubric_visible_type === 'custom_time' ? values.rubric_visible_time : null,
          })
        }
        onClose={() => setDialog(null)}
      >
        <VisibilityFields />
      </FormModal>
    </Flex>
  );
}

function VisibilityFields() {
  const { t } = useTranslation('homework');
  const form = Form.useFormInstance();
  const type = Form.useWatch('rubric_visible_type', form) as RubricVisibleType | undefined;
  return (
    <>
      <Form.Item name="rubric_visible_type" label={t('rubric.visibilityLabel')}>
        <Radio.Group
          options={RUBRIC_VISIBLE_TYPES.map((value) => ({ value, label: t(`rubric.visibility.${value}`) }))}
        />
      </Form.Item>
      {type === 'custom_time' ? (
        <Form.Item
          name="rubric_visible_time"
          label={t('rubric.visibleTime')}
          rules={[{ required: true, message: homeworkMessage('homework.visibleTimeRequired') }]}
        >
          <DateTimePicker style={{ width: '100%' }} />
        </Form.Item>
      ) : null}
    </>
  );
}
