import { SettingOutlined } from '@ant-design/icons';
import type { HomeworkDetail } from '@lectern/contracts/homework/homework.schemas';
import { ANNOUNCE_SCORE_TYPES, type AnnounceScoreType } from '@lectern/contracts/homework/homework-settings';
import { App, Button, Descriptions, Flex, Form, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/components/date-time.ts';
import { FormModal } from '../../../shared/components/form-modal.tsx';
import { useUpdateAnnounceMarkStatus } from '../api/update-announce-mark-status.ts';
import { AnnounceScoreFields } from './announce-score-fields.tsx';

interface PublishFormValues {
  announceScoreType: AnnounceScoreType;
  announceScoreTime: string | null;
  isAnnounceMark: boolean;
}

export interface PublishScoreSettingsProps {
  detail: HomeworkDetail;
  /** Called after a save: the activity's stored `data` changed too. */
  onChanged?: () => void;
}

/** When students see their scores, and publishing them by hand (PUT /api/homework/{id}/announce-mark-status). */
export function PublishScoreSettings({ detail, onChanged }: PublishScoreSettingsProps) {
  const { t } = useTranslation('homework');
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const update = useUpdateAnnounceMarkStatus();
  const canChange = detail.permissions.allow_setting;

  const onSubmit = async (values: PublishFormValues) => {
    const custom = values.announceScoreType === ANNOUNCE_SCORE_TYPES.customTime;
    await update.mutateAsync({
      homeworkId: detail.id,
      body: {
        isAnnounceMark: values.isAnnounceMark ? 1 : 0,
        announceScoreType: values.announceScoreType,
        announceScoreTime: custom ? values.announceScoreTime : null,
      },
    });
    void message.success(t('publish.saved'));
    onChanged?.();
  };

  return (
    <Flex vertical gap={12}>
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'type',
            label: t('publish.type'),
            children:
              detail.announceScoreType === ANNOUNCE_SCORE_TYPES.customTime && detail.announceScoreTime
                ? t('publish.customAt', { time: formatDateTime(detail.announceScoreTime) })
                : t(`publish.types.${detail.announceScoreType}`),
          },
          {
            key: 'visible',
            label: t('publish.studentsSee'),
            children: detail.is_score_visible ? (
              <Tag color="green">{t('publish.visible')}</Tag>
            ) : (
              <Tag>{t('publish.hidden')}</Tag>
            ),
          },
        ]}
      />
      {canChange ? (
        <div>
          <Button icon={<SettingOutlined aria-hidden />} onClick={() => setOpen(true)}>
            {t('publish.edit')}
          </Button>
        </div>
      ) : null}
      <FormModal<PublishFormValues>
        open={open}
        title={t('publish.title')}
        initialValues={{
          announceScoreType: detail.announceScoreType,
          announceScoreTime: detail.announceScoreTime,
          isAnnounceMark: detail.isAnnounceMark === 1,
        }}
        onSubmit={onSubmit}
        onClose={() => setOpen(false)}
      >
        <AnnounceScoreFields closeTime={{ value: detail.end_time }} />
        <Form.Item
          name="isAnnounceMark"
          label={t('publish.announceNow')}
          valuePropName="checked"
          extra={t('publish.announceNowHint')}
        >
          <Switch />
        </Form.Item>
      </FormModal>
    </Flex>
  );
}
