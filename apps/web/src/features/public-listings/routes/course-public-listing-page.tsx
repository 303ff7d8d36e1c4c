import {
  PUBLIC_LISTING_LIMITS,
  PUBLIC_SCOPES,
  type CoursePublicSettings,
  type PublicScope,
} from '@lectern/contracts/public-listings/public-listings.schemas';
import { App, Button, Card, Flex, Form, Input, InputNumber, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../shared/components/page-state.tsx';
import { applyServerFormErrors } from '../../../shared/components/server-form-errors.ts';
import { DownloadPrintSettings } from '../../course-services/public/download-print-settings.tsx';
import { useCurrentCourse } from '../../courses/public/use-current-course.ts';
import { useClassifications } from '../api/get-classifications.ts';
import { useCoursePublicSettings } from '../api/get-course-public-settings.ts';
import { useSaveCoursePublicSettings } from '../api/save-course-public-settings.ts';
import { PromotionVideoPicker } from '../components/promotion-video-picker.tsx';

type Values = {
  public_scope: PublicScope;
  classification_id: number | null;
  sign_up_charge_amount: number | null;
  certification_title: string | null;
  public_typical_mistakes: boolean;
};

function ListingForm({ courseId, saved }: { courseId: number; saved: CoursePublicSettings }) {
  const { t } = useTranslation('public-listings');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const classifications = useClassifications('course');
  const save = useSaveCoursePublicSettings(courseId);

  const submit = (values: Values) =>
    save.mutate(
      {
        public_scope: values.public_scope,
        classification_id: values.classification_id ?? null,
        sign_up_charge_amount: values.sign_up_charge_amount ?? null,
        certification_title: values.certification_title?.trim() || null,
        // Not edited here: kept as it is.
        credit_state: saved.credit_state,
        public_typical_mistakes: values.public_typical_mistakes,
      },
      {
        onSuccess: () => void message.success(t('listing.saved')),
        onError: (error) => void applyServerFormErrors(form, error, message),
      },
    );

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{
        public_scope: saved.public_scope,
        classification_id: saved.classification_id,
        sign_up_charge_amount: saved.sign_up_charge_amount,
        certification_title: saved.certification_title,
        public_typical_mistakes: saved.public_typical_mistakes,
      }}
      onFinish={submit}
      style={{ maxWidth: 560 }}
    >
      <Form.Item name="public_scope" label={t('listing.scope')}>
        <Radio.Group
          optionType="button"
          options={PUBLIC_SCOPES.map((scope) => ({ value: scope, label: t(`listing.scopes.${scope}`) }))}
        />
      </Form.Item>
      <Form.Item name="classification_id" label={t('listing.classification')}>
        <Select
          allowClear
          placeholder={t('listing.noClassification')}
          loading={classifications.isPending}
          options={(classifications.data?.classifications ?? []).map((c) => ({ value: c.id, label: c.name }))}
        />
      </Form.Item>
      <Form.Item name="sign_up_charge_amount" label={t('listing.charge')} extra={t('listing.chargeHint')}>
        <InputNumber min={0} max={PUBLIC_LISTING_LIMITS.chargeMax} step={0.01} precision={2} />
      </Form.Item>
      <Form.Item name="certification_title" label={t('listing.certificate')}>
        <Input maxLength={PUBLIC_LISTING_LIMITS.certificationTitleMax} />
      </Form.Item>
      <Form.Item
        name="public_typical_mistakes"
        label={t('listing.typicalMistakes')}
        extra={t('listing.typicalMistakesHint')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('listing.save')}
      </Button>
    </Form>
  );
}

/**
 * `/course/:courseId/public-listing`, for the teaching team: whether and how the course shows on the public
 * portal (scope, classification, charge, certificate, typical mistakes for visitors), its promotion video,
 * and whether its students may download or print its files.
 */
export function CoursePublicListingPage() {
  const { t } = useTranslation('public-listings');
  const course = useCurrentCourse();
  const settings = useCoursePublicSettings(course.id);
  return (
    <Flex vertical gap={16} style={{ paddingTop: 16 }}>
      <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('listing.title')}</h2>} size="small">
        {settings.isPending ? (
          <LoadingState />
        ) : settings.isError ? (
          <ErrorState
            error={settings.error}
            onRetry={() => void settings.refetch()}
            retrying={settings.isRefetching}
          />
        ) : (
          <ListingForm courseId={course.id} saved={settings.data} />
        )}
      </Card>
      <PromotionVideoPicker courseId={course.id} />
      <DownloadPrintSettings courseId={course.id} />
    </Flex>
  );
}
