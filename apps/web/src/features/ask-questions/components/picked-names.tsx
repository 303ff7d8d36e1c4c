import type { AskQuestionPick } from '@lectern/contracts/ask-questions/ask-questions.schemas';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The drawn students, or the drawn group with its members; `large` for the projector. */
export function PickedNames({ pick, large = false }: { pick: AskQuestionPick | null; large?: boolean }) {
  const { t } = useTranslation('ask-questions');
  if (!pick) return <Typography.Text type="secondary">{t('list.noPick')}</Typography.Text>;
  const size = large ? 'min(9vw, 4.5rem)' : undefined;
  return (
    <Flex vertical gap={large ? 16 : 4} align={large ? 'center' : 'flex-start'}>
      {pick.students.length > 0 ? (
        <Flex component="ul" wrap gap={large ? 32 : 8} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {pick.students.map((s) => (
            <li key={s.id} style={{ fontSize: size, fontWeight: large ? 700 : 600 }}>
              {s.name}
            </li>
          ))}
        </Flex>
      ) : null}
      {pick.groups.map((g) => (
        <div key={g.id} style={{ textAlign: large ? 'center' : 'start' }}>
          <div style={{ fontSize: size, fontWeight: 700 }}>{g.name}</div>
          <div style={{ fontSize: large ? 'min(5vw, 2rem)' : undefined }}>
            {g.members.map((m) => m.name).join(t('list.separator'))}
          </div>
        </div>
      ))}
    </Flex>
  );
}
