import type { Rollcall } from '@lectern/contracts/rollcalls/rollcalls.schemas';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const STATUS_COLOR = { not_started: 'default', in_progress: 'processing', finished: 'default' } as const;

/** The kind and state of a roll call, as two tags. */
export function RollcallTags({ rollcall }: { rollcall: Pick<Rollcall, 'type' | 'status'> }) {
  const { t } = useTranslation('rollcalls');
  return (
    <>
      <Tag>{t(`type.${rollcall.type}`)}</Tag>
      <Tag color={STATUS_COLOR[rollcall.status]}>{t(`status.${rollcall.status}`)}</Tag>
    </>
  );
}
