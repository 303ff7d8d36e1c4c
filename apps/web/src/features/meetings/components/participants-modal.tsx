import type { Participant } from '@lectern/contracts/meetings/meetings.schemas';
import {
  PARTICIPANTS_PAGER_THRESHOLD,
  PARTICIPANTS_TABLE_MAX_HEIGHT,
} from '@lectern/contracts/meetings/meeting-rules';
import { Button, Flex, Input, Modal, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PARTICIPANTS_PAGE_SIZE, useParticipants } from '../api/list-participants.ts';

/** Who joined an expired meeting: filter by user name, a table, a pager only above 10 rows. */
export function ParticipantsModal({
  activityId,
  open,
  onClose,
}: {
  activityId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('meetings');
  const [draft, setDraft] = useState('');
  const [userName, setUserName] = useState('');
  const [page, setPage] = useState(1);
  const query = useParticipants(activityId, page, userName, open);
  const result = query.data?.result;
  const total = result?.total ?? 0;
  const search = () => {
    setPage(1);
    setUserName(draft.trim());
  };
  return (
    <Modal
      open={open}
      title={t('participants.title')}
      onCancel={onClose}
      width={900}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      <Flex vertical gap={12}>
        <Flex gap={8} wrap>
          <Input
            aria-label={t('participants.userName')}
            placeholder={t('participants.userName')}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onPressEnter={search}
            style={{ maxWidth: 280 }}
          />
          <Button onClick={search}>{t('participants.search')}</Button>
        </Flex>
        <Typography.Text role="status">{t('participants.overview', { count: total })}</Typography.Text>
        <Table<Participant>
          rowKey="user_id"
          size="small"
          loading={query.isFetching}
          dataSource={result?.participants ?? []}
          scroll={{ y: PARTICIPANTS_TABLE_MAX_HEIGHT }}
          columns={[
            { key: 'name', title: t('participants.userName'), dataIndex: 'user_name' },
            { key: 'no', title: t('participants.userNo'), dataIndex: 'user_no' },
          ]}
          pagination={
            total > PARTICIPANTS_PAGER_THRESHOLD
              ? {
                  current: page,
                  pageSize: PARTICIPANTS_PAGE_SIZE,
                  total,
                  onChange: setPage,
                  showSizeChanger: false,
                }
              : false
          }
        />
      </Flex>
    </Modal>
  );
}
