import type { OpenRollcall } from '@lectern/contracts/rollcalls/rollcalls.schemas';
import { Alert, App, Button, Card, Flex, Form, Input, Space, Typography } from 'antd';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/components/date-time.ts';
import { useAnswerRollcall, type RollcallAnswer } from '../api/answer-rollcall.ts';
import { deviceId } from './device-id.ts';
import { currentPosition } from './geolocation.ts';
import { RollcallTags } from './rollcall-tags.tsx';

/**
 * One open roll call as a student answers it: the code field, the self check-in button, the location
 * check-in, or (after scanning the projector's QR code, which opens this page) the scanned token.
 */
export function StudentCheckin({
  rollcall,
  scannedQr,
}: {
  rollcall: OpenRollcall;
  scannedQr: string | null;
}) {
  const { t } = useTranslation('rollcalls');
  const { message } = App.useApp();
  const device = useMemo(() => deviceId(), []);
  const answer = useAnswerRollcall(rollcall.id, device);
  const codeId = useId();

  const send = async (input: RollcallAnswer | (() => Promise<RollcallAnswer>)) => {
    try {
      const result = await answer.mutateAsync(typeof input === 'function' ? await input() : input);
      if (result.status !== 'pending_review') void message.success(t('checkin.success'));
    } catch (error) {
      void message.error(error instanceof Error ? error.message : String(error));
    }
  };

  const withLocation = async (): Promise<RollcallAnswer> => {
    const position = await currentPosition().catch(() => {
      throw new Error(t('checkin.noGeolocation'));
    });
    return { kind: 'radar', ...position };
  };

  const present = rollcall.status === 'on_call_fine' || rollcall.status === 'late';
  let body;
  if (present) body = <Alert type="success" showIcon title={t('checkin.done')} />;
  else if (rollcall.pending_review) body = <Alert type="warning" showIcon title={t('checkin.pending')} />;
  else if (rollcall.is_number) {
    body = (
      <Form<{ code: string }>
        layout="vertical"
        onFinish={(values) => void send({ kind: 'number', numberCode: values.code })}
        disabled={answer.isPending}
      >
        <Form.Item
          name="code"
          label={t('checkin.codeLabel')}
          htmlFor={codeId}
          rules={[{ required: true, pattern: /^\d{4}$/, message: t('checkin.codeLabel') }]}
        >
          <Input
            id={codeId}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={4}
            size="large"
            style={{ fontSize: 24, letterSpacing: 8, maxWidth: 200 }}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={answer.isPending}>
          {t('checkin.submit')}
        </Button>
      </Form>
    );
  } else if (rollcall.is_self_registration) {
    body = (
      <Button
        type="primary"
        size="large"
        block
        loading={answer.isPending}
        onClick={() => void send({ kind: 'self_registration' })}
      >
        {t('checkin.self')}
      </Button>
    );
  } else if (rollcall.is_radar) {
    body = (
      <Button
        type="primary"
        size="large"
        block
        loading={answer.isPending}
        onClick={() => void send(withLocation)}
      >
        {t('checkin.radar')}
      </Button>
    );
  } else if (scannedQr) {
    body = (
      <Button
        type="primary"
        size="large"
        block
        loading={answer.isPending}
        onClick={() => void send({ kind: 'qr', data: scannedQr })}
      >
        {t('checkin.qrSubmit')}
      </Button>
    );
  } else {
    body = <Typography.Paragraph>{t('checkin.qrHint')}</Typography.Paragraph>;
  }

  return (
    <Card
      size="small"
      title={
        <Space wrap>
          <span>{rollcall.title}</span>
          <RollcallTags rollcall={{ type: rollcall.type, status: rollcall.rollcall_status }} />
        </Space>
      }
    >
      <Flex vertical gap={8}>
        {rollcall.ends_at ? (
          <Typography.Text type="secondary">
            {t('checkin.endsAt', { time: formatDateTime(rollcall.ends_at) })}
          </Typography.Text>
        ) : null}
        {body}
      </Flex>
    </Card>
  );
}
