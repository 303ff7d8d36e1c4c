import { ReloadOutlined } from '@ant-design/icons';
import { App, Alert, Button, Flex, Modal, Result, Spin, Tag, Typography } from 'antd';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { isApiError } from '../../../shared/api/http-client.ts';
import { currentLocale } from '../../../shared/i18n/i18n.ts';
import {
  openPdfEditor,
  SourceFetchError,
  type OpenPdfEditor,
  type PdfEditorSession,
} from './pdf-editor-engine.ts';
import { PDF_COLORS, PdfEditorToolbar, type PresetStamp } from './pdf-editor-toolbar.tsx';
import {
  hasUnsavedChanges,
  initialEditorState,
  markedFileName,
  nextZoom,
  pdfEditorReducer,
  type PdfEditorQuery,
  type PdfTool,
} from './pdf-editor.rules.ts';

export type PdfEditorProps = {
  query: PdfEditorQuery;
  /**
   * Keeps the marked copy (a new file: the original is never written), or null when there is nowhere to
   * keep it or the user may not mark: the editor then only previews.
   */
  saveCopy: ((file: File) => Promise<void>) | null;
  onClose(): void;
  /** pdf.js by default; tests stand in for it. */
  openEditor?: OpenPdfEditor;
};

type Opening = { attempt: number } & (
  { session: PdfEditorSession } | { error: 'notFound' | 'loadFailed' } | { loading: true }
);

const STAMP_TEXT: Record<PresetStamp, (t: (key: string) => string) => string> = {
  check: () => '✓',
  cross: () => '✗',
  good: (t) => t('pdfEditor.stampText.good'),
};

/**
 * The annotation editor (spec 000 section 2, /pdf/editor): opens a PDF or a picture in preview, and for a
 * marker switches to edit, where pdf.js's editor layer draws, highlights, types and stamps. Saving makes
 * a new PDF with the annotations embedded and any rotation applied, handed to `saveCopy`.
 */
export function PdfEditor({ query, saveCopy, onClose, openEditor = openPdfEditor }: PdfEditorProps) {
  const { t } = useTranslation('homework');
  const { message } = App.useApp();
  const [state, dispatch] = useReducer(pdfEditorReducer, query.rotation, initialEditorState);
  const [attempt, setAttempt] = useState(0);
  const [opening, setOpening] = useState<Opening>({ attempt: 0, loading: true });
  const [confirmClose, setConfirmClose] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<HTMLDivElement>(null);
  const leaving = useRef(false);
  const session = opening.attempt === attempt && 'session' in opening ? opening.session : null;
  const unsaved = hasUnsavedChanges(state);
  const name = query.fileName || t('pdfEditor.untitled');

  useEffect(() => {
    const container = containerRef.current;
    const viewer = viewerRef.current;
    if (!query.sourceUrl || !container || !viewer) return;
    let cancelled = false;
    let opened: PdfEditorSession | undefined;
    const abort = new AbortController();
    openEditor({
      signal: abort.signal,
      locale: currentLocale(),
      container,
      viewer,
      url: query.sourceUrl,
      kind: query.kind,
      rotation: query.rotation,
      events: {
        onPage: (page) => dispatch({ type: 'paged', page }),
        onScale: (scale) => dispatch({ type: 'scaled', scale }),
        onHistory: ({ canUndo, canRedo }) => dispatch({ type: 'history', canUndo, canRedo }),
        onAnnotationsChanged: () => dispatch({ type: 'annotationsChanged' }),
        onTool: (tool) => dispatch({ type: 'tool', tool }),
      },
    }).then(
      (result) => {
        opened = result;
        if (cancelled) {
          result.destroy();
          return;
        }
        dispatch({ type: 'loaded', pageCount: result.pageCount });
        setOpening({ attempt, session: result });
      },
      (error: unknown) => {
        if (cancelled) return;
        const gone = error instanceof SourceFetchError && [403, 404, 410].includes(error.status);
        setOpening({ attempt, error: gone ? 'notFound' : 'loadFailed' });
      },
    );
    return () => {
      cancelled = true;
      abort.abort();
      opened?.destroy();
    };
  }, [attempt, openEditor, query.sourceUrl, query.kind, query.rotation]);

  // The browser's own warning on reload, closing the tab or an outside address.
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  // Links inside the app (the top bar) ask first too.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved &&
      !leaving.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  const chooseTool = useCallback(
    (tool: PdfTool) => {
      if (!session || state.mode !== 'edit') return;
      dispatch({ type: 'tool', tool });
      void session.setTool(tool).then(() => {
        // Each tool starts with the options shown in the toolbar.
        if (tool === 'ink') session.setInk(state.ink);
        if (tool === 'text') session.setText(state.text);
        if (tool === 'highlight') session.setHighlight(state.highlight.color);
      });
    },
    [session, state.mode, state.ink, state.text, state.highlight.color],
  );

  const save = async () => {
    if (!session || !saveCopy) return;
    dispatch({ type: 'saveStarted' });
    const fileName = markedFileName(query.fileName, t('pdfEditor.markedSuffix'));
    try {
      const bytes = await session.save(state.rotation);
      await saveCopy(new File([bytes as BlobPart], fileName, { type: 'application/pdf' }));
      dispatch({ type: 'saveFinished', saved: true });
      void message.success(t('pdfEditor.saved', { name: fileName }));
    } catch (error) {
      dispatch({ type: 'saveFinished', saved: false });
      void message.error(isApiError(error) ? error.message : t('pdfEditor.saveFailed'));
    }
  };

  const close = () => {
    if (unsaved) {
      setConfirmClose(true);
      return;
    }
    leaving.current = true;
    onClose();
  };

  const failure = !query.sourceUrl
    ? t('pdfEditor.noSource')
    : opening.attempt === attempt && 'error' in opening
      ? t(`pdfEditor.${opening.error}`)
      : null;
  const loading = Boolean(query.sourceUrl) && !session && !failure;

  return (
    <Flex vertical gap={8} style={{ height: 'calc(100vh - 96px)', minHeight: 420 }}>
      <Flex align="center" gap={8} wrap>
        <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }} ellipsis>
          {t('pdfEditor.title', { name })}
        </Typography.Title>
        <Tag color={state.mode === 'edit' ? 'processing' : 'default'}>
          {t(state.mode === 'edit' ? 'pdfEditor.editing' : 'pdfEditor.preview')}
        </Tag>
      </Flex>
      <PdfEditorToolbar
        state={state}
        canEdit={saveCopy !== null && session !== null}
        onEdit={() => dispatch({ type: 'edit' })}
        onTool={chooseTool}
        onInk={(params) => {
          const action = { type: 'ink', ...params } as const;
          dispatch(action);
          // pdf.js gets the options as the toolbar keeps them (within their limits).
          session?.setInk(pdfEditorReducer(state, action).ink);
        }}
        onText={(params) => {
          const action = { type: 'text', ...params } as const;
          dispatch(action);
          session?.setText(pdfEditorReducer(state, action).text);
        }}
        onHighlight={(color) => {
          dispatch({ type: 'highlight', color });
          session?.setHighlight(color);
        }}
        onStamp={(stamp) => {
          if (!session || state.mode !== 'edit') return;
          dispatch({ type: 'tool', tool: 'stamp' });
          const spec =
            stamp === 'picture' ? 'picture' : { text: STAMP_TEXT[stamp](t), color: PDF_COLORS.red };
          void session.addStamp(spec).catch(() => void message.error(t('pdfEditor.saveFailed')));
        }}
        onRotate={(by) => {
          dispatch({ type: 'rotate', by });
          session?.setRotation((((state.rotation + by) % 360) + 360) % 360);
        }}
        onZoom={(zoom) => session?.setScale(zoom === 'fit' ? 'page-width' : nextZoom(state.scale, zoom))}
        onPage={(page) => session?.goToPage(page)}
        onUndo={() => session?.undo()}
        onRedo={() => session?.redo()}
        onSave={() => void save()}
        onClose={close}
      />
      {state.mode === 'preview' && session ? (
        <Typography.Text type="secondary">
          {saveCopy ? t('pdfEditor.previewHint') : t('pdfEditor.viewOnlyHint')}
        </Typography.Text>
      ) : null}
      {failure ? (
        <Result
          status="warning"
          title={t('pdfEditor.loadFailedTitle')}
          subTitle={failure}
          extra={
            query.sourceUrl ? (
              <Button icon={<ReloadOutlined aria-hidden />} onClick={() => setAttempt((n) => n + 1)}>
                {t('pdfEditor.retry')}
              </Button>
            ) : null
          }
        />
      ) : null}
      {loading ? (
        <Alert type="info" showIcon icon={<Spin size="small" />} title={t('pdfEditor.loading')} />
      ) : null}
      <div
        role="region"
        aria-label={
          session ? t('pdfEditor.document', { name, page: state.page, count: state.pageCount }) : name
        }
        style={{
          position: 'relative',
          flex: 1,
          minHeight: 0,
          display: failure ? 'none' : 'block',
          background: 'rgba(0, 0, 0, 0.06)',
          borderRadius: 8,
        }}
      >
        {/* pdf.js requires an absolutely positioned scrolling box whose first child is the viewer. */}
        <div
          ref={containerRef}
          className="lectern-pdf-editor"
          style={{ position: 'absolute', inset: 0, overflow: 'auto' }}
        >
          <div ref={viewerRef} className="pdfViewer" />
        </div>
      </div>
      <Modal
        open={confirmClose || blocker.state === 'blocked'}
        destroyOnHidden
        title={t('pdfEditor.unsavedTitle')}
        okText={t('pdfEditor.discard')}
        cancelText={t('pdfEditor.keepEditing')}
        okButtonProps={{ danger: true }}
        onOk={() => {
          leaving.current = true;
          if (blocker.state === 'blocked') blocker.proceed();
          else {
            setConfirmClose(false);
            onClose();
          }
        }}
        onCancel={() => {
          setConfirmClose(false);
          if (blocker.state === 'blocked') blocker.reset();
        }}
      >
        {t('pdfEditor.unsavedContent')}
      </Modal>
    </Flex>
  );
}
