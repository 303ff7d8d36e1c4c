import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { LIMITS } from '@lectern/contracts/identity/identity.limits';
import { USER_CSV_COLUMNS, type ImportUsersResponse } from '@lectern/contracts/identity/identity.schemas';
import { Alert, Button, Modal, Space, Table, Typography, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/http-client.ts';
import { useImportUsers } from '../api/import-users.ts';
import { csvLine, downloadCsv } from './csv-download.ts';

export interface RowError {
  line: number;
  field: string;
  message: string;
}

/** The server reports bad rows as `rows.<line>.<field>`; everything else is about the file as a whole. */
export function splitImportErrors(errors: Record<string, string[]>): { rows: RowError[]; file: string[] } {
  const rows: RowError[] = [];
  const file: string[] = [];
  for (const [path, messages] of Object.entries(errors)) {
    const match = /^rows\.(\d+)\.(.+)$/.exec(path);
    for (const message of messages) {
      if (match) rows.push({ line: Number(match[1]), field: match[2] ?? '', message });
      else file.push(message);
    }
  }
  rows.sort((a, b) => a.line - b.line || a.field.localeCompare(b.field));
  return { rows, file };
}

/** The CSV column is called `role`; the server validates it as `org_role`. */
function columnName(field: string): string {
  return field === 'org_role' ? 'role' : field;
}

export interface ImportUsersModalProps {
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}

export function ImportUsersModal({ open, onClose, afterClose }: ImportUsersModalProps) {
  const { t } = useTranslation('identity');
  const importUsers = useImportUsers();
  const [file, setFile] = useState<UploadFile | null>(null);
  const [result, setResult] = useState<ImportUsersResponse | null>(null);

  const error = importUsers.error;
  const { rows, file: fileErrors } = isApiError(error)
    ? splitImportErrors(error.errors)
    : { rows: [], file: [] };

  const downloadTemplate = () => downloadCsv('users-template.csv', [csvLine(USER_CSV_COLUMNS)]);

  const downloadPasswords = (passwords: ImportUsersResponse['initial_passwords']) =>
    downloadCsv('initial-passwords.csv', [
      csvLine(['user_no', 'password']),
      ...passwords.map((p) => csvLine([p.user_no, p.password])),
    ]);

  const submit = () => {
    const chosen = file?.originFileObj;
    if (!chosen) return;
    importUsers.mutate(chosen, {
      onSuccess: (response) => {
        setResult(response);
        setFile(null);
      },
    });
  };

  const footer = result
    ? [
        <Button key="done" type="primary" onClick={onClose}>
          {t('shared:actions.done')}
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={onClose}>
          {t('shared:actions.cancel')}
        </Button>,
        <Button key="import" type="primary" onClick={submit} disabled={!file} loading={importUsers.isPending}>
          {t('users.import.submit')}
        </Button>,
      ];

  return (
    <Modal
      open={open}
      title={t('users.import.title')}
      onCancel={onClose}
      afterClose={afterClose}
      footer={footer}
      destroyOnHidden
      mask={{ closable: false }}
      width={640}
    >
      {result ? (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Alert
            type="success"
            showIcon
            title={t('users.import.success', { created: result.created, updated: result.updated })}
          />
          {result.initial_passwords.length > 0 ? (
            <>
              <Alert type="warning" showIcon title={t('users.import.passwordsOnce')} />
              <Table
                size="small"
                rowKey="user_no"
                dataSource={result.initial_passwords}
                pagination={result.initial_passwords.length > 10 ? { pageSize: 10 } : false}
                columns={[
                  { title: t('users.fields.userNo'), dataIndex: 'user_no' },
                  {
                    title: t('users.import.initialPassword'),
                    dataIndex: 'password',
                    render: (password: string) => (
                      <Typography.Text code copyable>
                        {password}
                      </Typography.Text>
                    ),
                  },
                ]}
              />
              <Button
                icon={<DownloadOutlined aria-hidden />}
                onClick={() => downloadPasswords(result.initial_passwords)}
              >
                {t('users.import.downloadPasswords')}
              </Button>
            </>
          ) : null}
        </Space>
      ) : (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            {t('users.import.help', { columns: USER_CSV_COLUMNS.join(', '), max: LIMITS.csvMaxRows })}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {t('users.import.columnsHelp')}
          </Typography.Paragraph>
          <Button
            type="link"
            icon={<DownloadOutlined aria-hidden />}
            onClick={downloadTemplate}
            style={{ padding: 0 }}
          >
            {t('users.import.downloadTemplate')}
          </Button>
          <Upload
            accept=".csv,text/csv"
            maxCount={1}
            fileList={file ? [file] : []}
            beforeUpload={() => false}
            onChange={({ fileList }) => {
              setFile(fileList.at(-1) ?? null);
              importUsers.reset();
            }}
          >
            <Button icon={<UploadOutlined aria-hidden />}>{t('users.import.chooseFile')}</Button>
          </Upload>
          {error ? (
            <Alert
              type="error"
              showIcon
              role="alert"
              title={isApiError(error) ? error.message : t('shared:errors.unexpected')}
              description={
                rows.length > 0 || fileErrors.length > 0 ? (
                  <ul
                    aria-label={t('users.import.errorListLabel')}
                    style={{ maxHeight: 240, overflowY: 'auto', margin: 0, paddingLeft: 20 }}
                  >
                    {fileErrors.map((message, index) => (
                      <li key={`file-${index}`}>{message}</li>
                    ))}
                    {rows.map((row, index) => (
                      <li key={`${row.line}-${row.field}-${index}`}>
                        {t('users.import.rowError', {
                          line: row.line,
                          field: columnName(row.field),
                          message: row.message,
                        })}
                      </li>
                    ))}
                  </ul>
                ) : undefined
              }
            />
          ) : null}
        </Space>
      )}
    </Modal>
  );
}
