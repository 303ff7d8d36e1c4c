import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import { Alert, App, Button, Flex, Form, Input, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useBindTencentUser } from '../api/bind-tencent-user.ts';
import { useVendorAuth, type MeetingVendor } from '../api/check-vendor-auth.ts';
import { useCreateVendorMeeting } from '../api/create-vendor-meeting.ts';

/** The meeting types whose meeting Lectern can make on the vendor itself. */
export function vendorOf(type: string): MeetingVendor | null {
  if (type === 'lark_meeting') return 'lark';
  if (type === 'tencent_meeting') return 'tencent';
  return null;
}

/** Lark's callback sends the browser back with `lark_auth=ok|denied|failed`. */
export function larkOutcome(search: string): 'ok' | 'denied' | 'failed' | null {
  const value = new URLSearchParams(search).get('lark_auth');
  return value === 'ok' || value === 'denied' || value === 'failed' ? value : null;
}

/** Binds the caller's Tencent Meeting userid; Tencent is asked whether it knows the user. */
export function TencentBindingForm() {
  const { t } = useTranslation('meetings');
  const { message } = App.useApp();
  const bind = useBindTencentUser();
  const [form] = Form.useForm<{ userid: string }>();
  return (
    <Form
      form={form}
      layout="inline"
      onFinish={(values) =>
        bind.mutate(values.userid.trim(), {
          onSuccess: () => void message.success(t('vendor.tencentBound')),
          onError: (error) => form.setFields([{ name: 'userid', errors: [error.message] }]),
        })
      }
    >
      <Form.Item
        name="userid"
        label={t('vendor.tencentUserid')}
        rules={[{ required: true, whitespace: true, message: t('vendor.tencentUseridRequired') }]}
      >
        <Input maxLength={64} style={{ width: 220 }} />
      </Form.Item>
      <Form.Item>
        <Button htmlType="submit" loading={bind.isPending}>
          {t('vendor.tencentBind')}
        </Button>
      </Form.Item>
    </Form>
  );
}

/**
 * For the teaching team on a Lark or Tencent meeting that has no meeting yet: the real vendor flow. Not
 * connected: the server's message; Lark not authorised: a button to Lark's consent page (coming back to
 * this page); Tencent not bound: the binding form; otherwise a button that makes the meeting.
 */
export function VendorMeetingSetup({ activity, vendor }: { activity: Activity; vendor: MeetingVendor }) {
  const { t } = useTranslation('meetings');
  const { message } = App.useApp();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const auth = useVendorAuth(vendor, here);
  const create = useCreateVendorMeeting(activity.id);
  const outcome = vendor === 'lark' ? larkOutcome(location.search) : null;

  if (auth.isPending) return <Spin />;
  if (auth.isError) return <Alert type="error" showIcon title={auth.error.message} />;
  const status = auth.data;
  return (
    <Flex vertical gap={8} align="flex-start">
      {outcome ? (
        <Alert
          type={outcome === 'ok' ? 'success' : 'warning'}
          showIcon
          title={t(`vendor.larkOutcome.${outcome}`)}
        />
      ) : null}
      {!status.configured ? (
        <Alert type="info" showIcon title={status.message ?? t('vendor.notConfigured')} />
      ) : !status.authorized && vendor === 'lark' ? (
        <>
          <Alert type="info" showIcon title={status.message ?? t('vendor.larkAuthorize')} />
          {/* A plain link: the whole page goes to Lark's consent page and comes back here. */}
          <Button
            type="primary"
            href={status.authorization_url ?? undefined}
            disabled={!status.authorization_url}
          >
            {t('vendor.larkAuthorize')}
          </Button>
        </>
      ) : !status.authorized ? (
        <>
          <Alert type="info" showIcon title={status.message ?? t('vendor.tencentBindHint')} />
          <TencentBindingForm />
        </>
      ) : (
        <Button
          type="primary"
          loading={create.isPending}
          onClick={() =>
            create.mutate(undefined, {
              onSuccess: () => void message.success(t('vendor.created')),
              onError: (error) => void message.error(error.message),
            })
          }
        >
          {t(vendor === 'lark' ? 'vendor.createLark' : 'vendor.createTencent')}
        </Button>
      )}
    </Flex>
  );
}
