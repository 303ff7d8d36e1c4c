import type { UserCredit } from '@lectern/contracts/ai/ai.schemas';
import { App, Button, Flex, Progress, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/components/form-modal.tsx';
import { useAllocateUserCredit } from '../api/allocate-user-credit.ts';
import { useUserCredits } from '../api/list-user-credits.ts';
import { AssignedCreditField, PagedCreditList, useListParams } from './paged-credit-list.tsx';

/** Instructors' and administrators' credits, with allocation from the organisation's credit. */
export function UserCreditsTable() {
  const { t } = useTranslation('ai');
  const { message } = App.useApp();
  const list = useListParams();
  const users = useUserCredits(list.query);
  const allocate = useAllocateUserCredit();
  const [editing, setEditing] = useState<UserCredit | null>(null);

  const columns: TableColumnsType<UserCredit> = [
    { title: t('users.userNo'), dataIndex: 'userNo', width: 120 },
    { title: t('users.userName'), dataIndex: 'userName', width: 140 },
    { title: t('users.department'), dataIndex: 'department', width: 140 },
    {
      title: t('users.role'),
      dataIndex: 'role',
      width: 110,
      render: (role: UserCredit['role']) => t(`users.roles.${role}`),
    },
    { title: t('users.assigned'), dataIndex: 'creditAssigned', width: 100 },
    { title: t('users.used'), dataIndex: 'creditUsed', width: 100 },
    {
      title: t('users.remaining'),
      dataIndex: 'creditRemaining',
      width: 130,
      render: (remaining: number, user) => (
        <Flex gap="small" align="center">
          {remaining}
          {user.isLowAirCredit && user.creditAssigned > 0 ? (
            <Tag color="warning">{t('users.low')}</Tag>
          ) : null}
        </Flex>
      ),
    },
    {
      title: t('users.usedPercent'),
      dataIndex: 'creditUsedPercent',
      width: 150,
      render: (percent: number, user) => (
        <Progress
          percent={percent}
          size="small"
          aria-label={t('users.usedPercentOf', { name: user.userName })}
        />
      ),
    },
    {
      title: t('users.actions'),
      key: 'actions',
      width: 110,
      fixed: 'right',
      render: (_, user) => (
        <Button
          type="link"
          onClick={() => setEditing(user)}
          aria-label={t('users.allocateTitle', { name: user.userName })}
        >
          {t('users.allocate')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PagedCreditList<UserCredit>
        list={list}
        result={users}
        columns={columns}
        rowKey="userId"
        scrollX={1100}
        searchPlaceholder={t('list.userSearchPlaceholder')}
        tableLabel={t('users.tableLabel')}
      />
      {editing ? (
        <FormModal<{ assigned: number }>
          open
          title={t('users.allocateTitle', { name: editing.userName })}
          initialValues={{ assigned: editing.creditAssigned }}
          onClose={() => setEditing(null)}
          onSubmit={async (values) => {
            await allocate.mutateAsync({ userId: editing.userId, assigned: values.assigned });
            void message.success(t('users.allocated'));
          }}
        >
          <AssignedCreditField />
        </FormModal>
      ) : null}
    </>
  );
}
