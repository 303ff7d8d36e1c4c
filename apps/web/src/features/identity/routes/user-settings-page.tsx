import { isKnownTimeZone } from '@lectern/contracts/identity/user-settings.schemas';
import { App, Button, Card, Form, Input, Select, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerFormErrors } from '../../../shared/components/server-form-errors.ts';
import { useUpdateUserSettings } from '../api/update-user-settings.ts';
import { AccessTokensSection } from '../components/access-tokens-section.tsx';
import { useCurrentUser } from '../public/get-current-user.ts';

/** The empty choice: follow whatever zone the browser is in. */
const BROWSER = '';

type Values = { time_zone: string; mobile_phone: string };

function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * /user/settings: the user's time zone (spec 000 section 9), the phone number meetings use, and the
 * personal access tokens scripts and apps sign in with.
 */
export function UserSettingsPage() {
  const { t } = useTranslation('identity');
  const { message } = App.useApp();
  const { data: me } = useCurrentUser();
  const [form] = Form.useForm<Values>();
  const update = useUpdateUserSettings();

  const zoneOptions = useMemo(
    () => [
      { value: BROWSER, label: t('userSettings.browserZone', { zone: browserZone() }) },
      ...Intl.supportedValuesOf('timeZone').map((zone) => ({
        value: zone,
        label: zone.replaceAll('_', ' '),
      })),
    ],
    [t],
  );

  if (!me) return null;

  const onFinish = async (values: Values) => {
    try {
      await update.mutateAsync({
        time_zone: values.time_zone === BROWSER ? null : values.time_zone,
        mobile_phone: values.mobile_phone.trim() === '' ? null : values.mobile_phone.trim(),
      });
      void message.success(t('userSettings.saved'));
    } catch (error) {
      applyServerFormErrors(form, error, message);
    }
  };

  const storedZone = me.time_zone && isKnownTimeZone(me.time_zone) ? me.time_zone : BROWSER;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 960 }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('userSettings.title')}
      </Typography.Title>
      <Card style={{ maxWidth: 640 }}>
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ time_zone: storedZone, mobile_phone: me.mobile_phone ?? '' }}
          onFinish={onFinish}
          disabled={update.isPending}
        >
          <Form.Item
            name="time_zone"
            label={t('userSettings.timeZone')}
            extra={t('userSettings.timeZoneHelp')}
          >
            <Select showSearch={{ optionFilterProp: 'label' }} options={zoneOptions} />
          </Form.Item>
          <Form.Item
            name="mobile_phone"
            label={t('userSettings.mobilePhone')}
            extra={t('userSettings.mobilePhoneHelp')}
            rules={[{ pattern: /^\s*(\+?\d{6,20})?\s*$/, message: t('userSettings.mobilePhoneInvalid') }]}
          >
            <Input inputMode="tel" autoComplete="tel" maxLength={21} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={update.isPending}>
            {t('userSettings.save')}
          </Button>
        </Form>
      </Card>
      <AccessTokensSection />
    </Space>
  );
}
