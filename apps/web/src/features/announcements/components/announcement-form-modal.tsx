import {
  ANNOUNCEMENT_LIMITS,
  type Announcement,
  type AnnouncementInput,
} from '@lectern/contracts/announcements/announcements.schemas';
import { Form, Input, Switch, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTimePicker } from '../../../shared/components/date-time-picker.tsx';
import { FormModal } from '../../../shared/components/form-modal.tsx';
import { RichTextInput } from '../../../shared/components/rich-text/rich-text-input.tsx';
import { UploadField, type UploadedFile } from '../../uploads/public/upload-field.tsx';

export type AnnouncementFormValues = {
  title: string;
  content: string;
  /** UTC ISO; empty publishes at once (or keeps the time of one already out). */
  publish_at: string | null;
  pinned: boolean;
  files: UploadedFile[];
};

/** The server names attachments `upload_ids`; the form holds them as `files`. */
const SERVER_FIELD_ALIASES = { upload_ids: 'files' } as const;

function initialValuesOf(announcement: Announcement | undefined): AnnouncementFormValues {
  if (!announcement) return { title: '', content: '', publish_at: null, pinned: false, files: [] };
  return {
    title: announcement.title,
    content: announcement.content,
    // One already out keeps its time unless a new one is picked.
    publish_at: announcement.published ? null : announcement.publish_at,
    pinned: announcement.pinned,
    files: announcement.attachments.map((a) => ({ upload_id: a.upload_id, name: a.name, size: a.size })),
  };
}

export function toAnnouncementInput(values: AnnouncementFormValues): AnnouncementInput {
  return {
    title: values.title.trim(),
    content: values.content,
    publish_at: values.publish_at,
    pinned: values.pinned,
    upload_ids: values.files.map((f) => f.upload_id),
  };
}

export interface AnnouncementFormModalProps {
  open: boolean;
  /** The announcement being edited; a new one when omitted. */
  announcement?: Announcement;
  onSubmit: (input: AnnouncementInput) => Promise<unknown>;
  onClose: () => void;
  afterClose?: () => void;
}

/** Writing or editing an announcement: title, rich text, an optional publication time, pin and files. */
export function AnnouncementFormModal({
  open,
  announcement,
  onSubmit,
  onClose,
  afterClose,
}: AnnouncementFormModalProps) {
  const { t } = useTranslation('announcements');

  const titleRules: FormRule[] = [
    { required: true, whitespace: true, message: t('form.titleRequired') },
    {
      max: ANNOUNCEMENT_LIMITS.titleMax,
      message: t('form.titleTooLong', { max: ANNOUNCEMENT_LIMITS.titleMax }),
    },
  ];
  const contentRules: FormRule[] = [{ required: true, message: t('form.contentRequired') }];
  const publishAtRules: FormRule[] = [
    {
      validator: async (_rule, value: string | null | undefined) => {
        if (value && new Date(value).getTime() <= Date.now()) throw new Error(t('form.publishAtPast'));
      },
    },
  ];

  return (
    <FormModal<AnnouncementFormValues>
      open={open}
      title={announcement ? t('form.editTitle') : t('form.createTitle')}
      initialValues={initialValuesOf(announcement)}
      onSubmit={(values) => onSubmit(toAnnouncementInput(values))}
      serverFieldAliases={SERVER_FIELD_ALIASES}
      onClose={onClose}
      afterClose={afterClose}
      width={720}
    >
      <Form.Item name="title" label={t('form.title')} rules={titleRules}>
        <Input showCount={{ formatter: ({ count }) => `${count} / ${ANNOUNCEMENT_LIMITS.titleMax}` }} />
      </Form.Item>
      <Form.Item name="content" label={t('form.content')} rules={contentRules}>
        <RichTextInput minRows={6} />
      </Form.Item>
      <Form.Item
        name="publish_at"
        label={t('form.publishAt')}
        rules={publishAtRules}
        extra={t('form.publishAtHelp')}
      >
        <DateTimePicker style={{ width: '100%' }} placeholder={t('form.publishNow')} />
      </Form.Item>
      <Form.Item name="pinned" label={t('form.pinned')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="files" label={t('form.files')}>
        <UploadField maxCount={ANNOUNCEMENT_LIMITS.attachmentsMax} />
      </Form.Item>
    </FormModal>
  );
}
