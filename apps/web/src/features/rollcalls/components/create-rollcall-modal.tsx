import {
  ROLLCALL_LIMITS,
  ROLLCALL_TYPES,
  type CreateRollcallBody,
  type Rollcall,
  type RollcallType,
} from '@lectern/contracts/rollcalls/rollcalls.schemas';
import { Form, Input, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/http-client.ts';
import { FormModal } from '../../../shared/components/form-modal.tsx';
import { useCreateAndStartRollcall } from '../api/create-rollcall.ts';
import { currentPosition } from './geolocation.ts';

type Values = {
  title?: string;
  type: RollcallType;
  minutes: number;
  number_code?: string;
  radius?: number;
};

/** Creates a roll call and starts it at once; a radar one is centred on where the instructor stands. */
export function CreateRollcallModal({
  courseId,
  open,
  onClose,
  onStarted,
}: {
  courseId: number;
  open: boolean;
  onClose: () => void;
  onStarted: (rollcall: Rollcall) => void;
}) {
  const { t } = useTranslation('rollcalls');
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch('type', form);
  const create = useCreateAndStartRollcall(courseId);

  const submit = async (values: Values) => {
    const body: CreateRollcallBody = {
      type: values.type,
      duration: Math.round(values.minutes * 60),
      ...(values.title ? { title: values.title } : {}),
      ...(values.type === 'number' && values.number_code ? { number_code: values.number_code } : {}),
    };
    if (values.type === 'radar') {
      const position = await currentPosition().catch((cause: unknown) => {
        // Shown under the radius like a server refusal would be.
        throw new ApiError({
          status: 0,
          code: 'validation_failed',
          message: t('create.noPosition'),
          errors: { radius: [t('create.noPosition')] },
          cause,
        });
      });
      Object.assign(body, {
        latitude: position.latitude,
        longitude: position.longitude,
        radius: values.radius ?? ROLLCALL_LIMITS.defaultRadiusMetres,
      });
    }
    onStarted(await create.mutateAsync(body));
  };

  return (
    <FormModal<Values>
      open={open}
      title={t('create.title')}
      form={form}
      initialValues={{
        type: 'number',
        minutes: ROLLCALL_LIMITS.defaultDurationSeconds / 60,
        radius: ROLLCALL_LIMITS.defaultRadiusMetres,
      }}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item name="title" label={t('create.name')}>
        <Input maxLength={ROLLCALL_LIMITS.titleMax} placeholder={t('create.namePlaceholder')} />
      </Form.Item>
      <Form.Item name="type" label={t('create.type')}>
        <Radio.Group>
          {ROLLCALL_TYPES.map((kind) => (
            <Radio key={kind} value={kind}>
              {t(`type.${kind}`)}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item name="minutes" label={t('create.duration')} rules={[{ required: true }]}>
        <InputNumber min={1} max={ROLLCALL_LIMITS.durationMaxSeconds / 60} />
      </Form.Item>
      {type === 'number' ? (
        <Form.Item
          name="number_code"
          label={t('create.numberCode')}
          extra={t('create.numberCodeHelp')}
          rules={[{ pattern: /^\d{4}$/, message: t('create.numberCode') }]}
        >
          <Input inputMode="numeric" maxLength={4} autoComplete="off" />
        </Form.Item>
      ) : null}
      {type === 'radar' ? (
        <Form.Item name="radius" label={t('create.radius')} extra={t('create.radarHelp')}>
          <InputNumber min={ROLLCALL_LIMITS.radiusMinMetres} max={ROLLCALL_LIMITS.radiusMaxMetres} />
        </Form.Item>
      ) : null}
    </FormModal>
  );
}
