import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  hasImportContent,
  IMPORT_LIMITS,
  importSaveBlocker,
  type IdentifyImportResponse,
  type ImportBelong,
  type ImportExamType,
} from '@lectern/contracts/data-import/data-import.schemas';
import { SUBJECT_LIMITS } from '@lectern/contracts/exams/subject.schemas';
import { formatBytes } from '@lectern/contracts/uploads/upload-rules';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Flex, Modal, Progress, Radio, Result, Row, Typography } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/http-client.ts';
import { useRefreshAiCredit } from '../../../shared/hooks/use-ai-credit.ts';
import { paperPointsQueryOptions } from '../../exams/public/paper-points.ts';
import { formatPoints } from '../../exams/public/subject-labels.ts';
import { uploadFile } from '../../uploads/public/upload-file.ts';
import { aiConvertImport } from '../api/ai-convert-import.ts';
import { useConvertImport } from '../api/convert-import.ts';
import { useIdentifyImport } from '../api/identify-import.ts';
import type { ImportTarget } from '../api/import-target.ts';
import { CategorySaveError, hasCategories, useSaveByCategory } from '../api/save-by-category.ts';
import {
  BatchSaveError,
  useSaveImportedSubjects,
  type BatchProgress,
} from '../api/save-imported-subjects.ts';
import { AiImportButton, questionTextHtml } from '../components/ai-import-button.tsx';
import { ImportFileDrop } from '../components/import-file-drop.tsx';
import {
  acceptAttribute,
  fileProblem,
  parseImportMode,
  type ImportMode,
} from '../components/import-file-rules.ts';
import { ImportGuide } from '../components/import-guide.tsx';
import { returnPath } from '../components/import-paths.ts';
import { ImportPreview } from '../components/import-preview.tsx';
import { RawEditor, type LoadedContent } from '../components/raw-editor.tsx';
import { useSimulatedProgress } from '../components/simulated-progress.ts';
import { useLeaveGuard } from '../components/use-leave-guard.tsx';

/** `/exam/:id/subjects/import?mode=word|moodle` (`is_makeup_exam=1` for the make-up paper). */
export function ExamSubjectsImportPage() {
  return <SubjectsImportRoute belong="exam" />;
}

/** `/course/classroom-exam/:id/subjects/import?mode=…`. */
export function ClassroomSubjectsImportPage() {
  return <SubjectsImportRoute belong="classroom" />;
}

/** `/subject-lib/:id/import?mode=…`. */
export function LibrarySubjectsImportPage() {
  return <SubjectsImportRoute belong="library" />;
}

function parseRouteId(value: string | undefined): number | undefined {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

function SubjectsImportRoute({ belong }: { belong: ImportBelong }) {
  const { t } = useTranslation('data-import');
  const id = parseRouteId(useParams().id);
  const [params] = useSearchParams();
  const mode = parseImportMode(params.get('mode'));
  const makeup = params.get('is_makeup_exam');
  if (id === undefined) return <Result status="404" title={t('page.notFound')} />;
  const target: ImportTarget = {
    belong,
    id,
    isMakeup: belong === 'exam' && (makeup === '1' || makeup === 'true'),
  };
  // A new target or mode is a new import: nothing of the previous one carries over.
  return <SubjectsImport key={`${belong}-${id}-${mode}-${target.isMakeup}`} target={target} mode={mode} />;
}

/** The server's sentence, then any further reasons it gave (the one field that failed, say). */
function errorText(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  const details = [...new Set(Object.values(error.errors).flat())].filter((line) => line !== error.message);
  return [error.message, ...details].join('\n');
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Why save is disabled, in words (spec 000 section 5), or null when it is not. */
function saveBlockReason(
  t: TFunction<'data-import'>,
  blocker: ReturnType<typeof importSaveBlocker>,
  result: IdentifyImportResponse | null,
  remainingPoints: number | null,
): string | null {
  switch (blocker) {
    case 'empty':
      return t('save.blockedEmpty');
    case 'errors':
      return t('save.blockedErrors', { count: result?.error_count ?? 0 });
    case 'points':
      return t('save.blockedPoints', {
        total: formatPoints(result?.total_point ?? 0),
        remaining: formatPoints(remainingPoints ?? 0),
      });
    case null:
      return null;
  }
}

const EMPTY: LoadedContent = { html: '', version: 0 };

/**
 * Spec 000 screen 3: the raw editor on the left (the converted document, editable), the identify button in
 * the middle, and the preview of the identified questions with their errors, and save, on the right.
 */
function SubjectsImport({ target, mode }: { target: ImportTarget; mode: ImportMode }) {
  const { t } = useTranslation('data-import');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const editorLabelId = useId();
  const editorHintId = useId();
  const dropzone = useRef<HTMLDivElement>(null);
  // Each upload or identify gets a number; an answer to an older one (after a reset) is ignored.
  const generation = useRef(0);
  const uploadAbort = useRef<AbortController | null>(null);

  const [loaded, setLoaded] = useState<LoadedContent>(EMPTY);
  const [raw, setRaw] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [convertWarnings, setConvertWarnings] = useState<string[]>([]);
  const [result, setResult] = useState<IdentifyImportResponse | null>(null);
  const [identifiedContent, setIdentifiedContent] = useState<string | null>(null);
  const [examType, setExamType] = useState<ImportExamType>('standard');
  const [uploading, setUploading] = useState(false);
  // The file the AI import is reading (its text streams into the editor meanwhile), and its failure in words.
  const [aiFile, setAiFile] = useState<string | null>(null);
  const [aiHint, setAiHint] = useState<string | null>(null);
  const refreshAiCredit = useRefreshAiCredit();
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const progress = useSimulatedProgress();
  const convert = useConvertImport();
  const identify = useIdentifyImport();
  const [saveProgress, setSaveProgress] = useState<BatchProgress | null>(null);
  const saveAllHere = useSaveImportedSubjects(target, setSaveProgress);
  const saveSplit = useSaveByCategory(target.id, setSaveProgress);
  // A library import of a file with categories may create one library per category (default: all here).
  const [perCategory, setPerCategory] = useState(false);
  const splitting =
    target.belong === 'library' && perCategory && result !== null && hasCategories(result.subjects);
  const save = splitting ? saveSplit : saveAllHere;
  // The exams feature's own cache entry: libraries have no points limit, so nothing is asked for them.
  const paperPoints = useQuery({
    ...paperPointsQueryOptions({
      kind: target.belong === 'exam' ? 'exam' : 'classroom',
      id: target.id,
      isMakeup: target.isMakeup,
    }),
    enabled: target.belong !== 'library',
  });

  useEffect(() => {
    const pending = uploadAbort;
    // A file still being sent when the user leaves is of no use to anyone.
    return () => pending.current?.abort();
  }, []);

  const contentPresent = hasImportContent(raw);
  const busy = uploading || convert.isPending || identify.isPending || save.isPending;
  const guard = useLeaveGuard(!saved && (contentPresent || result !== null));

  // Once the exam's total is changed on this page, the points left follow it; until then they are the
  // identify answer's (the same count, taken when the questions were identified).
  const [savedTotal, setSavedTotal] = useState<number | null>(null);
  const freeFromPaper =
    paperPoints.data && savedTotal !== null ? Math.max(0, savedTotal - paperPoints.data.points) : null;
  const remainingPoints =
    target.belong === 'library'
      ? null
      : (freeFromPaper ??
        result?.remaining_points ??
        (paperPoints.data ? Math.max(0, paperPoints.data.total_points - paperPoints.data.points) : null));
  const examPoints =
    target.belong !== 'library' && paperPoints.data
      ? {
          activityId: target.id,
          total: savedTotal ?? paperPoints.data.total_points,
          used: paperPoints.data.points,
          onSaved: setSavedTotal,
        }
      : undefined;

  /** A previewed question's points changed by hand: what is saved is the preview, so it changes there. */
  function changePoint(index: number, point: number) {
    setResult((previous) => {
      if (!previous) return previous;
      const subjects = previous.subjects.map((s, i) => (i === index ? { ...s, point } : s));
      const total = Math.round(subjects.reduce((sum, s) => sum + s.point, 0) * 10) / 10;
      return { ...previous, subjects, total_point: total };
    });
  }
  const blocker = result ? importSaveBlocker(result.subjects, remainingPoints) : 'empty';

  function load(html: string) {
    setRaw(html);
    setLoaded((previous) => ({ html, version: previous.version + 1 }));
  }

  function resetAll() {
    generation.current += 1;
    uploadAbort.current?.abort();
    uploadAbort.current = null;
    progress.reset();
    load('');
    setResult(null);
    setIdentifiedContent(null);
    setFileName(null);
    setConvertWarnings([]);
    setUploading(false);
    setAiFile(null);
    setAiHint(null);
  }

  /** Spec 000 section 8: a failed parse resets the preview and offers to import again. */
  function fail(error: unknown) {
    progress.reset();
    setResult(null);
    setIdentifiedContent(null);
    setFailure(errorText(error, t('failure.unknown')));
  }

  function showResult(identified: IdentifyImportResponse, content: string) {
    setResult(identified);
    setIdentifiedContent(content);
    progress.finish();
    if (identified.error_count === 0) {
      void message.success(t('identify.success', { count: identified.subjects.length }));
    } else {
      void message.warning(
        t('identify.withErrors', { count: identified.subjects.length, errors: identified.error_count }),
      );
    }
  }

  function identifyBody(content: string, type: ImportExamType) {
    return {
      belong: target.belong,
      belong_id: target.id,
      content,
      exam_type: target.belong === 'exam' ? type : undefined,
      is_makeup_exam: target.isMakeup || undefined,
    };
  }

  async function importFile(file: File) {
    const problem = fileProblem(file, mode);
    if (problem) {
      void message.error(
        t(`upload.${problem}`, {
          types: acceptAttribute(mode),
          size: formatBytes(IMPORT_LIMITS.fileMaxBytes),
        }),
      );
      return;
    }
    const run = ++generation.current;
    const abort = new AbortController();
    uploadAbort.current?.abort();
    uploadAbort.current = abort;
    setFileName(file.name);
    setResult(null);
    setIdentifiedContent(null);
    setConvertWarnings([]);
    setUploading(true);
    progress.start();
    try {
      const upload = await uploadFile(file, { signal: abort.signal });
      if (run !== generation.current) return;
      const converted = await convert.mutateAsync({
        upload_id: upload.id,
        belong: target.belong,
        belong_id: target.id,
      });
      if (run !== generation.current) return;
      load(converted.content);
      setConvertWarnings(converted.warnings);
      const identified = await identify.mutateAsync(identifyBody(converted.content, examType));
      if (run !== generation.current) return;
      showResult(identified, converted.content);
    } catch (error) {
      if (run !== generation.current || isAbort(error)) return;
      fail(error);
    } finally {
      if (run === generation.current) setUploading(false);
    }
  }

  /** Spec 000 sections 4, 8: the model's question text streams into the editor, which then opens for edits. */
  async function aiImportFile(file: File) {
    const run = ++generation.current;
    const abort = new AbortController();
    uploadAbort.current?.abort();
    uploadAbort.current = abort;
    setFileName(file.name);
    setResult(null);
    setIdentifiedContent(null);
    setConvertWarnings([]);
    setAiHint(null);
    setAiFile(file.name);
    setUploading(true);
    try {
      const upload = await uploadFile(file, { signal: abort.signal });
      if (run !== generation.current) return;
      const text = await aiConvertImport(
        { upload_id: upload.id, belong: target.belong, belong_id: target.id },
        {
          signal: abort.signal,
          onText: (sofar) => {
            if (run === generation.current) load(questionTextHtml(sofar));
          },
        },
      );
      if (run !== generation.current) return;
      load(questionTextHtml(text));
      void message.success(t('ai.done'));
    } catch (error) {
      if (run !== generation.current || isAbort(error)) return;
      void message.error(t('ai.failed'));
      if (isApiError(error)) setAiHint(errorText(error, t('ai.failed')));
    } finally {
      if (run === generation.current) {
        setUploading(false);
        setAiFile(null);
      }
      void refreshAiCredit();
    }
  }

  async function runIdentify(type: ImportExamType = examType) {
    const run = ++generation.current;
    const content = raw;
    progress.start();
    try {
      const identified = await identify.mutateAsync(identifyBody(content, type));
      if (run !== generation.current) return;
      showResult(identified, content);
    } catch (error) {
      if (run !== generation.current) return;
      fail(error);
    }
  }

  function changeExamType(type: ImportExamType) {
    setExamType(type);
    // The paper format decides which sub-questions are kept, so a shown preview is identified again.
    if (result && contentPresent && !busy) void runIdentify(type);
  }

  async function saveAll() {
    if (!result || blocker !== null || busy) return;
    try {
      await save.mutateAsync(result.subjects);
    } catch (error) {
      const stopped = error instanceof BatchSaveError || error instanceof CategorySaveError ? error : null;
      const cause = stopped ? stopped.cause : error;
      if (stopped && stopped.saved > 0) {
        // The batches before the failure are stored: they leave the preview, so saving again stores the rest once.
        const rest =
          stopped instanceof CategorySaveError ? stopped.rest : result.subjects.slice(stopped.saved);
        setResult({
          ...result,
          subjects: rest,
          total_point: Math.round(rest.reduce((sum, s) => sum + s.point, 0) * 10) / 10,
        });
        void message.error(
          `${t('save.partlySaved', { saved: stopped.saved, total: result.subjects.length })} ${errorText(cause, t('save.failed'))}`,
        );
      } else {
        void message.error(errorText(cause, t('save.failed')));
      }
      setSaveProgress(null);
      return;
    }
    setSaved(true);
    guard.allowNextNavigation();
    void message.success(t('save.success', { count: result.subjects.length }));
    void navigate(returnPath(target));
  }

  function reimport() {
    setFailure(null);
    resetAll();
    dropzone.current?.querySelector<HTMLInputElement>('input[type="file"]')?.click();
  }

  const saveReason = busy && result ? t('save.busy') : saveBlockReason(t, blocker, result, remainingPoints);
  const stale = result !== null && identifiedContent !== null && identifiedContent !== raw;

  return (
    <Flex vertical gap={16}>
      <Link to={returnPath(target)}>
        <ArrowLeftOutlined aria-hidden /> {t(`page.back.${target.belong}`)}
      </Link>
      <Card>
        <Flex vertical gap={12}>
          <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
            {t(mode === 'word' ? 'page.titleWord' : 'page.titleMoodle')}
          </Typography.Title>
          <Typography.Text type="secondary">{t(`page.into.${target.belong}`)}</Typography.Text>
          <ImportGuide
            target={target}
            remainingPoints={remainingPoints}
            totalPoints={paperPoints.data?.total_points ?? SUBJECT_LIMITS.examTotalPoints}
            examType={examType}
            onExamTypeChange={changeExamType}
            disabled={busy}
          />
          <ImportFileDrop
            mode={mode}
            onFile={(file) => void importFile(file)}
            disabled={busy}
            zoneRef={dropzone}
            fileName={fileName}
            percent={progress.percent}
            warnings={convertWarnings}
          />
          <Flex gap={8} align="center" wrap>
            <AiImportButton
              onFile={(file) => void aiImportFile(file)}
              disabled={busy}
              loading={aiFile !== null}
            />
            {aiFile !== null && (
              <Typography.Text type="secondary" role="status">
                {t('ai.streaming', { name: aiFile })}
              </Typography.Text>
            )}
          </Flex>
        </Flex>
      </Card>
      <Row gutter={[16, 16]} align="top">
        <Col xs={24} lg={11}>
          <Card
            title={<span id={editorLabelId}>{t('editor.label')}</span>}
            styles={{ body: { paddingTop: 12 } }}
          >
            <Typography.Paragraph id={editorHintId} type="secondary">
              {t('editor.description')}
            </Typography.Paragraph>
            {aiHint !== null && (
              <Typography.Paragraph type="danger" role="alert" style={{ whiteSpace: 'pre-line' }}>
                {aiHint}
              </Typography.Paragraph>
            )}
            <RawEditor
              loaded={loaded}
              onChange={setRaw}
              labelId={editorLabelId}
              describedById={editorHintId}
              placeholder={t('editor.placeholder')}
              empty={!contentPresent}
              disabled={uploading}
            />
          </Card>
        </Col>
        <Col xs={24} lg={2}>
          <Flex justify="center" align="center" style={{ height: '100%', paddingTop: 48 }}>
            <Button
              type="primary"
              disabled={!contentPresent || busy}
              loading={identify.isPending}
              onClick={() => void runIdentify()}
            >
              {t('identify.button')}
            </Button>
          </Flex>
        </Col>
        <Col xs={24} lg={11}>
          <Card
            title={t('preview.label')}
            extra={
              <Button
                type="primary"
                disabled={blocker !== null || busy}
                loading={save.isPending}
                onClick={() => void saveAll()}
              >
                {t('save.button')}
              </Button>
            }
          >
            <Flex vertical gap={12}>
              {save.isPending && saveProgress && saveProgress.total > 0 && (
                <Progress
                  percent={Math.round((saveProgress.saved / saveProgress.total) * 100)}
                  format={() => t('save.progress', saveProgress)}
                  aria-label={t('save.progress', saveProgress)}
                />
              )}
              {target.belong === 'library' && result && hasCategories(result.subjects) && (
                <Radio.Group
                  aria-label={t('save.categoryChoice')}
                  value={perCategory ? 'per_category' : 'here'}
                  disabled={busy}
                  onChange={(event) => setPerCategory(event.target.value === 'per_category')}
                  options={[
                    { value: 'here', label: t('save.allHere') },
                    { value: 'per_category', label: t('save.perCategory') },
                  ]}
                  style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
                />
              )}
              {saveReason && (
                <Typography.Text type={blocker === 'empty' ? 'secondary' : 'danger'} role="note">
                  {saveReason}
                </Typography.Text>
              )}
              {stale && <Alert type="info" showIcon title={t('identify.stale')} />}
              {result ? (
                <ImportPreview
                  result={result}
                  remainingPoints={remainingPoints}
                  onPointChange={busy ? undefined : changePoint}
                  exam={examPoints}
                />
              ) : (
                <Typography.Text type="secondary">{t('preview.empty')}</Typography.Text>
              )}
            </Flex>
          </Card>
        </Col>
      </Row>
      <Modal
        open={failure !== null}
        destroyOnHidden
        title={t('failure.title')}
        onCancel={() => setFailure(null)}
        footer={[
          <Button key="close" onClick={() => setFailure(null)}>
            {t('failure.close')}
          </Button>,
          <Button key="reimport" type="primary" onClick={reimport}>
            {t('failure.reimport')}
          </Button>,
        ]}
      >
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{failure}</Typography.Paragraph>
      </Modal>
      {guard.dialog}
    </Flex>
  );
}
