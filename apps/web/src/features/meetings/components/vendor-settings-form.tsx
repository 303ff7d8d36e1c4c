import { MEETING_TYPES } from '@lectern/contracts/activities/activity-types';
import {
  MEETING_VENDOR_REQUIRED_FIELDS,
  MEETING_VENDOR_SECRET_FIELDS,
  isHttpUrlOrEmpty,
  type MeetingVendorKey,
  type MeetingVendorSettings,
  type UpdateMeetingVendorSettingsRequest,
} from '@lectern/contracts/meetings/meeting-vendor-settings.schemas';
import { App, Button, Card, Form, Input, Select, Switch, Tag, Typography, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyServerFormErrors } from '../../../shared/components/server-form-errors.ts';
import { useUpdateMeetingVendorSettings } from '../api/update-meeting-vendor-settings.ts';

type FieldKind = 'text' | 'url' | 'secret' | 'checksum' | 'types';

/** The fields of each vendor's card, in the order the vendor's own console shows them. */
export const VENDOR_FIELDS: Record<MeetingVendorKey, readonly { name: string; kind: FieldKind }[]> = {
  tencent: [
    { name: 'app_id', kind: 'text' },
    { name: 'sdk_id', kind: 'text' },
    { name: 'secret_id', kind: 'secret' },
    { name: 'secret_key', kind: 'secret' },
    { name: 'api_url', kind: 'url' },
  ],
  lark: [
    { name: 'app_id', kind: 'text' },
    { name: 'app_secret', kind: 'secret' },
    { name: 'redirect_uri', kind: 'url' },
    { name: 'api_url', kind: 'url' },
    { name: 'accounts_url', kind: 'url' },
  ],
  caldav: [
    { name: 'url', kind: 'url' },
    { name: 'username', kind: 'text' },
    { name: 'password', kind: 'secret' },
  ],
  bigbluebutton: [
    { name: 'url', kind: 'url' },
    { name: 'secret', kind: 'secret' },
    { name: 'checksum', kind: 'checksum' },
    { name: 'types', kind: 'types' },
  ],
};

/** Meeting types BigBlueButton can hold (every vendor meeting type; lecture lives stream elsewhere). */
const BBB_TYPES = MEETING_TYPES.filter((type) => type !== 'lecture_live');

type Values = Record<string, Record<string, unknown>>;

/**
 * One vendor's card: enabled switch and credentials. Secrets are password inputs that start empty; one
 * already stored says so in its placeholder and is kept when left empty. The server's field errors
 * (`tencent.app_id`) land under the fields, which are named [vendor, field].
 */
export function VendorSettingsForm({
  orgId,
  vendor,
  settings,
}: {
  orgId: number;
  vendor: MeetingVendorKey;
  settings: MeetingVendorSettings[MeetingVendorKey];
}) {
  const { t } = useTranslation('meetings');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const update = useUpdateMeetingVendorSettings();
  const stored = settings as unknown as Record<string, unknown>;
  const secretFields: readonly string[] = MEETING_VENDOR_SECRET_FIELDS[vendor];
  const required: readonly string[] = MEETING_VENDOR_REQUIRED_FIELDS[vendor];
  const fields = VENDOR_FIELDS[vendor];
  const isSet = (field: string) => stored[`${field}_set`] === true;

  const initial: Record<string, unknown> = { enabled: settings.enabled };
  for (const field of fields) initial[field.name] = field.kind === 'secret' ? '' : stored[field.name];

  const onFinish = async (values: Values) => {
    const given = values[vendor] ?? {};
    const body: Record<string, unknown> = { enabled: Boolean(given.enabled) };
    for (const field of fields) {
      const value = given[field.name];
      // An empty secret is left out: the server keeps the one it has.
      if (field.kind === 'secret' && (typeof value !== 'string' || value === '')) continue;
      body[field.name] = field.kind === 'types' ? (value ?? []) : (value ?? '');
    }
    try {
      await update.mutateAsync({
        orgId,
        body: { [vendor]: body } as UpdateMeetingVendorSettingsRequest,
      });
      form.setFieldsValue({ [vendor]: Object.fromEntries(secretFields.map((f) => [f, ''])) });
      void message.success(t('vendorSettings.saved', { vendor: t(`vendorSettings.vendors.${vendor}`) }));
    } catch (error) {
      applyServerFormErrors(form, error, message);
    }
  };

  const rulesOf = (name: string, kind: FieldKind): FormRule[] => {
    const rules: FormRule[] = [];
    if (required.includes(name)) {
      rules.push(({ getFieldValue }) => ({
        validator: async (_, value: unknown) => {
          if (!getFieldValue([vendor, 'enabled'])) return;
          if (kind === 'secret' && isSet(name)) return;
          if (typeof value === 'string' && value.trim() !== '') return;
          throw new Error(t('vendorSettings.required'));
        },
      }));
    }
    if (kind === 'url') {
      rules.push({
        validator: async (_, value: unknown) => {
          if (typeof value === 'string' && !isHttpUrlOrEmpty(value.trim())) {
            throw new Error(t('vendorSettings.urlInvalid'));
          }
        },
      });
    }
    return rules;
  };

  const sourceColor = { organisation: 'blue', environment: 'default', none: 'warning' } as const;

  return (
    <Card
      title={
        <span>
          {t(`vendorSettings.vendors.${vendor}`)}{' '}
          <Tag color={sourceColor[settings.source]}>{t(`vendorSettings.source.${settings.source}`)}</Tag>
        </span>
      }
    >
      <Typography.Paragraph type="secondary">{t(`vendorSettings.hints.${vendor}`)}</Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ [vendor]: initial }}
        onFinish={onFinish}
        disabled={update.isPending}
        aria-label={t(`vendorSettings.vendors.${vendor}`)}
      >
        <Form.Item
          name={[vendor, 'enabled']}
          label={t('vendorSettings.enabled')}
          valuePropName="checked"
          extra={t('vendorSettings.enabledHint')}
        >
          <Switch />
        </Form.Item>
        {fields.map(({ name, kind }) => {
          const label = t(`vendorSettings.fields.${vendor}.${name}`);
          const item = {
            name: [vendor, name],
            label,
            rules: rulesOf(name, kind),
            dependencies: [[vendor, 'enabled']],
          };
          if (kind === 'secret') {
            return (
              <Form.Item
                key={name}
                {...item}
                extra={isSet(name) ? t('vendorSettings.secretKeptHint') : undefined}
              >
                <Input.Password
                  autoComplete="new-password"
                  placeholder={
                    isSet(name) ? t('vendorSettings.secretSaved') : t('vendorSettings.secretEmpty')
                  }
                  maxLength={500}
                />
              </Form.Item>
            );
          }
          if (kind === 'checksum') {
            return (
              <Form.Item key={name} {...item}>
                <Select
                  options={[
                    { value: 'sha1', label: 'SHA-1' },
                    { value: 'sha256', label: 'SHA-256' },
                  ]}
                />
              </Form.Item>
            );
          }
          if (kind === 'types') {
            return (
              <Form.Item key={name} {...item} extra={t('vendorSettings.typesHint')}>
                <Select
                  mode="multiple"
                  allowClear
                  placeholder={t('vendorSettings.typesAll')}
                  options={BBB_TYPES.map((type) => ({ value: type, label: t(`vendor.types.${type}`) }))}
                />
              </Form.Item>
            );
          }
          return (
            <Form.Item key={name} {...item}>
              <Input
                maxLength={kind === 'url' ? 500 : 200}
                inputMode={kind === 'url' ? 'url' : undefined}
                placeholder={kind === 'url' ? 'https://' : undefined}
              />
            </Form.Item>
          );
        })}
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('vendorSettings.save')}
        </Button>
      </Form>
    </Card>
  );
}
