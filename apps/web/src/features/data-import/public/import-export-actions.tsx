import { DownOutlined, ExportOutlined, ImportOutlined } from '@ant-design/icons';
import type { ImportBelong } from '@lectern/contracts/data-import/data-import.schemas';
import { Button, Dropdown, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { exportUrl, type ImportTarget } from '../api/import-target.ts';
import { importPagePath } from '../components/import-paths.ts';

export interface ImportExportActionsProps {
  /** An exam's or classroom exam's activity id, or a library's id. */
  target: { belong: ImportBelong; id: number; isMakeupExam?: boolean };
  /** Importing needs the right to edit; exporting only to read. */
  canImport?: boolean;
}

/**
 * The "Import" and "Export" menus of a question list: import from Word or from Moodle XML / GIFT / Aiken
 * (the import page), export as a Word document in the import format or as Moodle XML (a download).
 */
export function ImportExportActions({ target, canImport = true }: ImportExportActionsProps) {
  const { t } = useTranslation('data-import');
  const ref: ImportTarget = {
    belong: target.belong,
    id: target.id,
    isMakeup: target.belong === 'exam' && target.isMakeupExam === true,
  };
  return (
    <Space wrap>
      <Dropdown
        trigger={['click']}
        disabled={!canImport}
        menu={{
          items: [
            { key: 'word', label: <Link to={importPagePath(ref, 'word')}>{t('actions.importWord')}</Link> },
            {
              key: 'moodle',
              label: <Link to={importPagePath(ref, 'moodle')}>{t('actions.importMoodle')}</Link>,
            },
          ],
        }}
      >
        <Button icon={<ImportOutlined aria-hidden />} disabled={!canImport}>
          <Space size={4}>
            {t('actions.import')}
            <DownOutlined aria-hidden />
          </Space>
        </Button>
      </Dropdown>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            {
              key: 'docx',
              label: (
                <a href={exportUrl(ref, 'docx')} download>
                  {t('actions.exportWord')}
                </a>
              ),
            },
            {
              key: 'moodle_xml',
              label: (
                <a href={exportUrl(ref, 'moodle_xml')} download>
                  {t('actions.exportMoodle')}
                </a>
              ),
            },
          ],
        }}
      >
        <Button icon={<ExportOutlined aria-hidden />}>
          <Space size={4}>
            {t('actions.export')}
            <DownOutlined aria-hidden />
          </Space>
        </Button>
      </Dropdown>
    </Space>
  );
}
