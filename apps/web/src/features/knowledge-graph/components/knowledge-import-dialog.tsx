import { UploadOutlined } from '@ant-design/icons';
import type {
  ImportedKnowledgeNode,
  KnowledgeImportResult,
} from '@lectern/contracts/knowledge-graph/knowledge-import.contract';
import {
  Alert,
  Button,
  Checkbox,
  Flex,
  Modal,
  Radio,
  Select,
  Typography,
  Upload,
  type UploadFile,
} from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/http-client.ts';
import { uploadFile } from '../../uploads/public/upload-file.ts';
import { useTeachingCourses } from '../../courses/public/list-teaching-courses.ts';
import { aiParseKnowledgeOutline } from '../api/ai-parse-knowledge-outline.ts';
import { useImportKnowledgeNodes, type KnowledgeImportInput } from '../api/import-knowledge-nodes.ts';
import { useParseKnowledgeDocx } from '../api/parse-knowledge-docx.ts';
import { KnowledgeImportPreview } from './knowledge-import-preview.tsx';

type Mode = 'file' | 'course' | 'ai';

const isWord = (name: string) => /\.docx$/i.test(name);
const isExcel = (name: string) => /\.xlsx$/i.test(name);

/** The server's message and, under it, its messages per field (an outline too deep, a file too large). */
function ImportError({ error }: { error: unknown }) {
  const { t } = useTranslation('knowledge-graph');
  if (!error) return null;
  const details = isApiError(error) ? Object.values(error.errors).flat() : [];
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={isApiError(error) ? error.message : t('importer.failed')}
      description={
        details.length > 0 ? (
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {details.map((message, index) => (
              <li key={index}>{message}</li>
            ))}
          </ul>
        ) : undefined
      }
    />
  );
}

/**
 * The teaching team's import (spec 001 section 7 "Import"): an Excel or Word outline (a Word outline is parsed
 * and shown before anything is saved), another course's graph, or an outline the AI reads from a document
 * (streamed as it is written, then shown). What was chosen stays in the dialog when the server refuses it.
 */
export function KnowledgeImportDialog({
  courseId,
  open,
  onClose,
}: {
  courseId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('knowledge-graph');
  const [mode, setMode] = useState<Mode>('file');
  const [file, setFile] = useState<UploadFile | null>(null);
  const [tree, setTree] = useState<ImportedKnowledgeNode[] | null>(null);
  const [sourceCourse, setSourceCourse] = useState<number | null>(null);
  const [withReferences, setWithReferences] = useState(true);
  const [aiFile, setAiFile] = useState<UploadFile | null>(null);
  const [aiText, setAiText] = useState('');
  const [aiRunning, setAiRunning] = useState(false);
  const [aiError, setAiError] = useState<unknown>(null);
  const [result, setResult] = useState<KnowledgeImportResult | null>(null);
  const abort = useRef<AbortController | null>(null);
  const parse = useParseKnowledgeDocx();
  const importNodes = useImportKnowledgeNodes(courseId);
  const courses = useTeachingCourses(open && mode === 'course');
  const sources = (courses.data ?? []).filter((c) => c.id !== courseId);

  const raw = file?.originFileObj;
  const chooseFile = (next: UploadFile | null) => {
    setFile(next);
    setTree(null);
    setResult(null);
    importNodes.reset();
    parse.reset();
    const picked = next?.originFileObj;
    if (picked && isWord(picked.name)) {
      parse.mutate(picked, { onSuccess: (parsed) => setTree(parsed.data) });
    }
  };

  const runAi = async (picked: File) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setAiText('');
    setTree(null);
    setAiError(null);
    setResult(null);
    setAiRunning(true);
    try {
      const upload = await uploadFile(picked, { signal: controller.signal });
      const parsed = await aiParseKnowledgeOutline(
        courseId,
        { upload_id: upload.id },
        { signal: controller.signal, onText: setAiText },
      );
      if (parsed) setTree(parsed.data);
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) setAiError(error);
    } finally {
      if (abort.current === controller) setAiRunning(false);
    }
  };

  let input: KnowledgeImportInput | null = null;
  if (mode === 'file' && raw) {
    if (isWord(raw.name) && tree) input = { kind: 'json', body: { data: tree } };
    else if (isExcel(raw.name)) input = { kind: 'file', importType: 'excel', file: raw };
  } else if (mode === 'course' && sourceCourse !== null) {
    input = {
      kind: 'json',
      body: {
        import_type: 'course',
        source_course_id: sourceCourse,
        import_refer_resource: withReferences,
      },
    };
  } else if (mode === 'ai' && tree) {
    input = { kind: 'json', body: { data: tree } };
  }

  const close = () => {
    abort.current?.abort();
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('importer.title')}
      onCancel={close}
      mask={{ closable: false }}
      destroyOnHidden
      afterClose={() => {
        setMode('file');
        chooseFile(null);
        setAiFile(null);
        setAiText('');
        setAiError(null);
        setSourceCourse(null);
      }}
      width={720}
      footer={
        <Flex justify="flex-end" gap={8} wrap>
          <Button onClick={close}>{result ? t('importer.close') : t('importer.cancel')}</Button>
          {result ? null : (
            <Button
              type="primary"
              disabled={input === null}
              loading={importNodes.isPending}
              onClick={() => {
                if (input) importNodes.mutate(input, { onSuccess: setResult });
              }}
            >
              {t('importer.import')}
            </Button>
          )}
        </Flex>
      }
    >
      <Flex vertical gap={16}>
        <Radio.Group
          optionType="button"
          aria-label={t('importer.source')}
          value={mode}
          onChange={(event) => {
            setMode(event.target.value as Mode);
            setTree(null);
            setResult(null);
            importNodes.reset();
          }}
          options={[
            { value: 'file', label: t('importer.modes.file') },
            { value: 'course', label: t('importer.modes.course') },
            { value: 'ai', label: t('importer.modes.ai') },
          ]}
          style={{ display: 'flex', flexWrap: 'wrap', rowGap: 8 }}
        />

        {mode === 'file' ? (
          <Flex vertical gap={8}>
            <Typography.Title level={3} style={{ fontSize: 15, margin: 0 }}>
              {t('importer.formatHeading')}
            </Typography.Title>
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              <li>{t('importer.excelFormat')}</li>
              <li>{t('importer.wordFormat')}</li>
            </ul>
            <Upload
              accept=".xlsx,.docx"
              maxCount={1}
              fileList={file ? [file] : []}
              beforeUpload={() => false}
              onChange={({ fileList }) => chooseFile(fileList.at(-1) ?? null)}
            >
              <Button icon={<UploadOutlined aria-hidden />}>{t('importer.chooseOutline')}</Button>
            </Upload>
            {raw && isExcel(raw.name) ? (
              <Typography.Text type="secondary">{t('importer.excelNoPreview')}</Typography.Text>
            ) : null}
            {raw && !isExcel(raw.name) && !isWord(raw.name) ? (
              <Alert type="warning" showIcon title={t('importer.wrongType')} />
            ) : null}
            {parse.isPending ? <Typography.Text>{t('importer.parsing')}</Typography.Text> : null}
            <ImportError error={parse.error} />
          </Flex>
        ) : null}

        {mode === 'course' ? (
          <Flex vertical gap={8}>
            <label htmlFor="knowledge-import-source">{t('importer.sourceCourse')}</label>
            <Select
              id="knowledge-import-source"
              showSearch={{ optionFilterProp: 'label' }}
              loading={courses.isPending}
              value={sourceCourse ?? undefined}
              placeholder={t('importer.sourceCoursePlaceholder')}
              onChange={(value: number) => {
                setSourceCourse(value);
                setResult(null);
                importNodes.reset();
              }}
              options={sources.map((c) => ({ value: c.id, label: c.display_name || c.name }))}
              notFoundContent={courses.isPending ? null : t('importer.noSourceCourses')}
            />
            <ImportError error={courses.error} />
            <Checkbox checked={withReferences} onChange={(event) => setWithReferences(event.target.checked)}>
              {t('importer.withReferences')}
            </Checkbox>
            <Typography.Text type="secondary">{t('importer.withReferencesHelp')}</Typography.Text>
          </Flex>
        ) : null}

        {mode === 'ai' ? (
          <Flex vertical gap={8}>
            <Typography.Text>{t('importer.aiHelp')}</Typography.Text>
            <Upload
              accept=".docx,.pdf,.txt"
              maxCount={1}
              fileList={aiFile ? [aiFile] : []}
              beforeUpload={() => false}
              disabled={aiRunning}
              onChange={({ fileList }) => {
                const next = fileList.at(-1) ?? null;
                setAiFile(next);
                if (next?.originFileObj) void runAi(next.originFileObj);
              }}
            >
              <Button icon={<UploadOutlined aria-hidden />}>{t('importer.chooseDocument')}</Button>
            </Upload>
            {aiRunning || aiText ? (
              <section aria-label={t('importer.aiProgress')}>
                <Typography.Text role="status">
                  {aiRunning
                    ? t('importer.aiReading', { count: aiText.length })
                    : t('importer.aiDone', { count: aiText.length })}
                </Typography.Text>
                <pre
                  style={{
                    maxHeight: 160,
                    overflow: 'auto',
                    whiteSpace: 'pre-wrap',
                    margin: '4px 0 0',
                    fontSize: 13,
                  }}
                >
                  {aiText}
                </pre>
              </section>
            ) : null}
            <ImportError error={aiError} />
          </Flex>
        ) : null}

        {tree && !result ? <KnowledgeImportPreview tree={tree} /> : null}
        <ImportError error={importNodes.error} />
        {result ? (
          <Alert
            type="success"
            showIcon
            role="status"
            title={t('importer.done', { count: result.created_count })}
            description={t('importer.doneDetail', {
              relations: result.relation_count,
              references: result.reference_count,
              questions: result.question_link_count,
            })}
          />
        ) : null}
      </Flex>
    </Modal>
  );
}
