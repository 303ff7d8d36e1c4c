import {
  DOWNLOAD_PRINT_TYPES,
  type DownloadPrintType,
} from '@lectern/contracts/course-services/download-print-permissions.schemas';
import { App, Card, Flex, Switch, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDownloadPrintPermission } from '../api/download-print-permission.ts';
import { useSaveDownloadPrintPermission } from '../api/save-download-print-permission.ts';

function PermissionSwitch({ courseId, type }: { courseId: number; type: DownloadPrintType }) {
  const { t } = useTranslation('course-services');
  const { message } = App.useApp();
  const labelId = useId();
  const permission = useDownloadPrintPermission(courseId, type);
  const save = useSaveDownloadPrintPermission(courseId);
  return (
    <Flex justify="space-between" align="center" gap={16}>
      <Flex vertical>
        <Typography.Text id={labelId}>{t(`downloadPrint.${type}.label`)}</Typography.Text>
        <Typography.Text type="secondary">{t(`downloadPrint.${type}.hint`)}</Typography.Text>
      </Flex>
      <Switch
        aria-labelledby={labelId}
        checked={permission.data?.allow_students ?? false}
        disabled={!permission.data}
        loading={permission.isPending || save.isPending}
        onChange={(allow) =>
          save.mutate(
            { type, allow_students: allow },
            {
              onSuccess: () => void message.success(t('downloadPrint.saved')),
              onError: (error) => void message.error(error.message),
            },
          )
        }
      />
    </Flex>
  );
}

/**
 * Whether the course's students may download or print its files (the teaching team always may). The
 * server refuses students' downloads when off; printing is a setting file viewers read
 * (`GET /api/courses/{id}/download-print-permissions?type=print`).
 */
export function DownloadPrintSettings({ courseId }: { courseId: number }) {
  const { t } = useTranslation('course-services');
  return (
    <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('downloadPrint.title')}</h2>} size="small">
      <Flex vertical gap={16}>
        {DOWNLOAD_PRINT_TYPES.map((type) => (
          <PermissionSwitch key={type} courseId={courseId} type={type} />
        ))}
      </Flex>
    </Card>
  );
}
