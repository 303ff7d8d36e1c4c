import { App, Button, Flex, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopyLibToQuestionnaire } from '../api/copy-lib-to-questionnaire.ts';
import { useQuestionnaireLibs } from '../api/get-questionnaire-libs.ts';

/**
 * For the teaching team: the questionnaire's questions come from a questionnaire library, copied in
 * (spec 000 section 7). The server refuses once someone has answered; its message is shown.
 */
export function QuestionnaireLibraryCopy({ questionnaireId }: { questionnaireId: number }) {
  const { t } = useTranslation('questionnaires');
  const { message } = App.useApp();
  const libs = useQuestionnaireLibs(true);
  const copy = useCopyLibToQuestionnaire(questionnaireId);
  const [libId, setLibId] = useState<number | undefined>(undefined);
  const options = (libs.data?.subject_libs ?? []).map((lib) => ({
    value: lib.id,
    label: t('copy.libOption', { title: lib.title, count: lib.subjects_count }),
  }));
  const run = () => {
    if (libId === undefined) return;
    copy.mutate(libId, {
      onSuccess: (copied) => {
        setLibId(undefined);
        void message.success(t('copy.done', { count: copied.length }));
      },
      onError: (error) => void message.error(error.message),
    });
  };
  return (
    <section aria-labelledby="questionnaire-copy-title">
      <Typography.Title id="questionnaire-copy-title" level={3} style={{ fontSize: 16 }}>
        {t('copy.title')}
      </Typography.Title>
      <Flex gap={8} wrap>
        <Select<number>
          aria-label={t('copy.lib')}
          placeholder={t('copy.lib')}
          loading={libs.isLoading}
          options={options}
          value={libId}
          onChange={setLibId}
          notFoundContent={t('copy.noLibs')}
          style={{ minWidth: 240, flex: 1 }}
        />
        <Button type="primary" onClick={run} loading={copy.isPending} disabled={libId === undefined}>
          {t('copy.submit')}
        </Button>
      </Flex>
    </section>
  );
}
