import { RobotOutlined } from '@ant-design/icons';
import { GENERATE_RUBRIC_LOCALES, type GeneratedRubric } from '@lectern/contracts/rubrics/rubric.schemas';
import { Alert, App, Button, Form, Input, Modal, Select } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/http-client.ts';
import { AiCreditTip } from '../../../shared/components/ai-credit-tip.tsx';
import {
  hasAiCredit,
  useAiStatus,
  useMyAiCredit,
  useRefreshAiCredit,
} from '../../../shared/hooks/use-ai-credit.ts';
import { generateRubric } from '../api/generate-rubric.ts';

/** Spec 001 section 9: the rubric generate dialog is 600 wide. */
const GENERATE_WIDTH = 600;

export interface RubricGenerateProps {
  /** The assignment description to start from (HTML or text); the teacher may change it. */
  content?: string;
  /** Generating for a homework: the server reads its description and bills its course. */
  homeworkId?: number;
  /** Replaces the editor's draft with the generated rubric. */
  onApply: (draft: GeneratedRubric) => void;
}

/** Description HTML as the text a teacher reads and edits in the dialog. */
function textOf(html: string): string {
  if (!/<[a-z]/i.test(html)) return html;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const br of Array.from(doc.querySelectorAll('br'))) br.replaceWith('\n');
  for (const block of Array.from(doc.querySelectorAll('p, li, div, h1, h2, h3, h4, h5, h6'))) {
    block.append('\n');
  }
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}

/**
 * The AI generate button of the rubric editor and its dialog (spec 001 section 5). Hidden when no model is
 * configured; disabled without remaining credits. Closing the dialog while a generation runs asks first,
 * and cancels it (an aborted call costs nothing).
 */
export function RubricGenerate({ content = '', homeworkId, onApply }: RubricGenerateProps) {
  const { t } = useTranslation('rubrics');
  const { t: tShared } = useTranslation('shared');
  const { message, modal } = App.useApp();
  const status = useAiStatus();
  const credit = useMyAiCredit();
  const refreshCredit = useRefreshAiCredit();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [locale, setLocale] = useState<(typeof GENERATE_RUBRIC_LOCALES)[number]>('');
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  if (status.data?.available !== true) return null;
  const noCredit = !hasAiCredit(credit.data);

  const start = () => {
    setText(textOf(content));
    setError(null);
    setOpen(true);
  };

  const close = () => {
    if (!running) {
      setOpen(false);
      return;
    }
    modal.confirm({
      title: t('generate.closeConfirm'),
      okText: t('generate.closeConfirmOk'),
      cancelText: t('generate.closeConfirmCancel'),
      onOk: () => {
        controller.current?.abort();
        setOpen(false);
      },
    });
  };

  const run = async () => {
    const abort = new AbortController();
    controller.current = abort;
    setRunning(true);
    setError(null);
    try {
      const draft = await generateRubric(
        { content: text, locale, ...(homeworkId === undefined ? {} : { homework_id: homeworkId }) },
        abort.signal,
      );
      onApply(draft);
      setOpen(false);
      void message.success(t('generate.applied'));
    } catch (failure) {
      if (abort.signal.aborted) return;
      void message.error(t('generate.failed'));
      setError(isApiError(failure) ? failure.message : tShared('errors.unexpected'));
    } finally {
      setRunning(false);
      controller.current = null;
      void refreshCredit();
    }
  };

  return (
    <>
      <Button icon={<RobotOutlined aria-hidden />} disabled={noCredit} onClick={start}>
        {t('generate.button')}
      </Button>
      <Modal
        open={open}
        width={GENERATE_WIDTH}
        title={t('generate.title')}
        onCancel={close}
        mask={{ closable: false }}
        destroyOnHidden
        footer={[
          <Button key="cancel" onClick={close}>
            {tShared('actions.cancel')}
          </Button>,
          <Button
            key="generate"
            type="primary"
            loading={running}
            disabled={noCredit || !text.trim()}
            onClick={() => void run()}
          >
            {t('generate.submit')}
          </Button>,
        ]}
      >
        <AiCreditTip compact />
        <Form layout="vertical" style={{ marginTop: 12 }}>
          <Form.Item label={t('generate.content')} htmlFor="rubric-generate-content">
            <Input.TextArea
              id="rubric-generate-content"
              value={text}
              onChange={(event) => setText(event.target.value)}
              autoSize={{ minRows: 5, maxRows: 12 }}
              placeholder={t('generate.contentPlaceholder')}
              disabled={running}
            />
          </Form.Item>
          <Form.Item label={t('generate.locale')} htmlFor="rubric-generate-locale">
            <Select
              id="rubric-generate-locale"
              value={locale}
              onChange={setLocale}
              disabled={running}
              options={GENERATE_RUBRIC_LOCALES.map((value) => ({
                value,
                label: t(`generate.locales.${value === '' ? 'auto' : value}`),
              }))}
            />
          </Form.Item>
        </Form>
        {running ? <Alert type="info" showIcon title={t('generate.running')} /> : null}
        {error ? <Alert type="error" showIcon title={error} /> : null}
      </Modal>
    </>
  );
}
