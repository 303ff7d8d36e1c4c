import type { OrgCredit } from '@lectern/contracts/ai/ai.schemas';
import { App, Button, Card, Col, Form, InputNumber, Row, Statistic } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/components/form-modal.tsx';
import { PageState } from '../../../shared/components/page-state.tsx';
import { useOrgCredit } from '../api/get-org-credit.ts';
import { useSetOrgCredit } from '../api/set-org-credit.ts';

const FIELDS = [
  'creditAssigned',
  'creditUsed',
  'creditRemaining',
  'userCreditAssigned',
  'userCreditUsed',
  'courseCreditAssigned',
  'courseCreditUsed',
] as const satisfies readonly (keyof OrgCredit)[];

/** The organisation's balances, and the administrator's control of the total it holds. */
export function OrgCreditSummary() {
  const { t } = useTranslation('ai');
  const { message } = App.useApp();
  const credit = useOrgCredit();
  const save = useSetOrgCredit();
  const [open, setOpen] = useState(false);
  return (
    <PageState query={credit}>
      {(data) => (
        <>
          <Row gutter={[16, 16]}>
            {FIELDS.map((field) => (
              <Col key={field} xs={12} md={8} xl={6}>
                <Card size="small">
                  <Statistic title={t(`org.${field}`)} value={data[field]} />
                </Card>
              </Col>
            ))}
          </Row>
          <Button style={{ marginTop: 16 }} onClick={() => setOpen(true)}>
            {t('org.edit')}
          </Button>
          <FormModal<{ creditAssigned: number }>
            open={open}
            title={t('org.edit')}
            initialValues={{ creditAssigned: data.creditAssigned }}
            onClose={() => setOpen(false)}
            onSubmit={async (values) => {
              await save.mutateAsync({ creditAssigned: values.creditAssigned });
              void message.success(t('org.saved'));
            }}
          >
            <Form.Item name="creditAssigned" label={t('org.creditAssigned')} rules={[{ required: true }]}>
              <InputNumber min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </FormModal>
        </>
      )}
    </PageState>
  );
}
