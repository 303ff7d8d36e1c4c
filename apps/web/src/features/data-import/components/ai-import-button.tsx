import { RobotOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { hasAiCredit, useAiStatus, useMyAiCredit } from '../../../shared/hooks/use-ai-credit.ts';

/** Files whose text the AI import reads (the server checks the same). */
export const AI_IMPORT_ACCEPT = '.docx,.pdf,.txt';

/** Plain question text as the raw editor's HTML: one paragraph a line, which identify reads as lines. */
export function questionTextHtml(text: string): string {
  return text
    .replace(/\r/g, '')
    .split('\n')
    .map((line) => {
      const escaped = line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
      return escaped ? `<p>${escaped}</p>` : '<p><br></p>';
    })
    .join('');
}

export interface AiImportButtonProps {
  onFile: (file: File) => void;
  disabled: boolean;
  loading: boolean;
}

/**
 * "AI import" (spec 000 section 5): offered only when a model is configured and the user may spend AI
 * credits (their balance loads; students are refused it), disabled without credit left.
 */
export function AiImportButton({ onFile, disabled, loading }: AiImportButtonProps) {
  const { t } = useTranslation('data-import');
  const status = useAiStatus();
  const credit = useMyAiCredit();
  const input = useRef<HTMLInputElement>(null);
  if (status.data?.available !== true || credit.isError) return null;
  const noCredit = credit.isSuccess && !hasAiCredit(credit.data);
  const button = (
    <Button
      icon={<RobotOutlined aria-hidden />}
      disabled={disabled || !hasAiCredit(credit.data)}
      loading={loading}
      onClick={() => input.current?.click()}
    >
      {t('ai.button')}
    </Button>
  );
  return (
    <>
      {noCredit ? <Tooltip title={t('ai.noCredit')}>{button}</Tooltip> : button}
      <input
        ref={input}
        type="file"
        accept={AI_IMPORT_ACCEPT}
        hidden
        aria-label={t('ai.chooseFile')}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
