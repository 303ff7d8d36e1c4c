import { CopyOutlined, PlusOutlined } from '@ant-design/icons';
import type {
  AccessToken,
  AccessTokenScope,
  CreatedAccessToken,
} from '@lectern/contracts/identity/access-tokens.schemas';
import { ACCESS_TOKEN_NAME_MAX } from '@lectern/contracts/identity/access-tokens.schemas';
import {
  Alert,
  App,
  Button,
  Card,
  Flex,
  Form,
  Input,
  Modal,
  Radio,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimePicker } from '../../../shared/components/date-time-picker.tsx';
import { formatDateTime } from '../../../shared/components/date-time.ts';
import { FormModal } from '../../../shared/components/form-modal.tsx';
import { PageState } from '../../../shared/components/page-state.tsx';
import { useCreateAccessToken } from '../api/create-access-token.ts';
import { useAccessTokens } from '../api/list-access-tokens.ts';
import { useRevokeAccessToken } from '../api/revoke-access-token.ts';

type Values = { name: string; scope: AccessTokenScope; expires_at: string | null };

const isExpired = (token: AccessToken) =>
  token.expires_at !== null && Date.parse(token.expires_at) <= Date.now();

/**
 * The user's personal access tokens, for scripts and apps (`Authorization: Bearer`): a list with last use,
 * creation in a dialog, the secret shown once afterwards, and revocation after a confirmation.
 */
export function AccessTokensSection() {
  const { t } = useTranslation('identity');
  const { message, modal } = App.useApp();
  const tokens = useAccessTokens();
  const create = useCreateAccessToken();
  const revoke = useRevokeAccessToken();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedAccessToken | null>(null);

  const copy = async (secret: string) => {
    try {
      await navigator.clipboard.writeText(secret);
      void message.success(t('accessTokens.copied'));
    } catch {
      void message.error(t('accessTokens.copyFailed'));
    }
  };

  const confirmRevoke = (token: AccessToken) => {
    modal.confirm({
      title: t('accessTokens.revokeConfirm', { name: token.name }),
      content: t('accessTokens.revokeConfirmHelp'),
      okText: t('accessTokens.revoke'),
      okButtonProps: { danger: true },
      cancelText: t('shared:actions.cancel'),
      onOk: async () => {
        try {
          await revoke.mutateAsync(token.id);
          void message.success(t('accessTokens.revoked', { name: token.name }));
        } catch (error) {
          void message.error((error as Error).message);
        }
      },
    });
  };

  const columns: TableColumnsType<AccessToken> = [
    {
      title: t('accessTokens.name'),
      key: 'name',
      render: (_, token) => (
        <Space size="small" wrap>
          <span>{token.name}</span>
          <Typography.Text type="secondary" code>
            …{token.hint}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('accessTokens.scope'),
      dataIndex: 'scope',
      width: 110,
      render: (scope: AccessTokenScope) => (
        <Tag color={scope === 'write' ? 'orange' : 'blue'}>{t(`accessTokens.scopes.${scope}`)}</Tag>
      ),
    },
    {
      title: t('accessTokens.expiresAt'),
      key: 'expires_at',
      width: 170,
      render: (_, token) =>
        isExpired(token) ? (
          <Tag color="red">{t('accessTokens.expired')}</Tag>
        ) : (
          formatDateTime(token.expires_at) || t('accessTokens.never')
        ),
    },
    {
      title: t('accessTokens.lastUsedAt'),
      dataIndex: 'last_used_at',
      width: 170,
      render: (value: string | null) => formatDateTime(value) || t('accessTokens.neverUsed'),
    },
    {
      title: t('accessTokens.actions'),
      key: 'actions',
      width: 100,
      render: (_, token) => (
        <Button type="link" danger onClick={() => confirmRevoke(token)}>
          {t('accessTokens.revoke')}
        </Button>
      ),
    },
  ];

  const onSubmit = async (values: Values) => {
    const token = await create.mutateAsync({
      name: values.name,
      scope: values.scope,
      expires_at: values.expires_at ?? null,
    });
    setCreated(token);
  };

  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
          {t('accessTokens.title')}
        </Typography.Title>
      }
      extra={
        <Button icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>
          {t('accessTokens.create')}
        </Button>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('accessTokens.intro')}
        </Typography.Paragraph>
        <PageState query={tokens}>
          {(rows) =>
            // No empty table: on a phone its sideways-scrolling box would hold nothing to focus.
            rows.length === 0 ? (
              <Typography.Text type="secondary">{t('accessTokens.empty')}</Typography.Text>
            ) : (
              <Table<AccessToken>
                rowKey="id"
                columns={columns}
                dataSource={rows}
                pagination={false}
                scroll={{ x: 640 }}
              />
            )
          }
        </PageState>
      </Space>
      <FormModal<Values>
        open={creating}
        title={t('accessTokens.create')}
        initialValues={{ name: '', scope: 'read', expires_at: null }}
        onSubmit={onSubmit}
        onClose={() => setCreating(false)}
      >
        <Form.Item
          name="name"
          label={t('accessTokens.name')}
          extra={t('accessTokens.nameHelp')}
          rules={[{ required: true, whitespace: true, message: t('accessTokens.nameRequired') }]}
        >
          <Input maxLength={ACCESS_TOKEN_NAME_MAX} />
        </Form.Item>
        <Form.Item name="scope" label={t('accessTokens.scope')}>
          <Radio.Group
            options={[
              { value: 'read', label: t('accessTokens.scopeRead') },
              { value: 'write', label: t('accessTokens.scopeWrite') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="expires_at"
          label={t('accessTokens.expiresAt')}
          extra={t('accessTokens.expiresHelp')}
        >
          <DateTimePicker style={{ width: '100%' }} />
        </Form.Item>
      </FormModal>
      <Modal
        open={created !== null}
        title={t('accessTokens.createdTitle')}
        onCancel={() => setCreated(null)}
        footer={
          <Button type="primary" onClick={() => setCreated(null)}>
            {t('accessTokens.done')}
          </Button>
        }
        destroyOnHidden
      >
        {created ? (
          <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
            <Alert type="warning" showIcon title={t('accessTokens.shownOnce')} />
            <Flex gap="small">
              <Input readOnly value={created.token} aria-label={t('accessTokens.secret')} />
              <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy(created.token)}>
                {t('accessTokens.copy')}
              </Button>
            </Flex>
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {t('accessTokens.usage')}
            </Typography.Paragraph>
          </Space>
        ) : null}
      </Modal>
    </Card>
  );
}
