import { LeftOutlined, ReloadOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Result, Spin, Typography } from 'antd';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, request } from '../../../shared/api/http-client.ts';
import {
  loadPdfEngine,
  type PdfDocument,
  type PdfLoadingTask,
  type PdfRenderTask,
} from '../components/pdf-engine.ts';
import { clampPage, fitWidthScale, pageForKey, parsePageInput } from '../components/pdf-viewer.rules.ts';

export type PdfViewerProps = {
  /** Where the PDF is, e.g. an upload reference's preview_url. */
  url: string;
  /** Told the page shown, when the document opens and whenever the reader moves. */
  onPageChange?: (page: number) => void;
  /** The page to open at (1 by default), kept within the document. */
  initialPage?: number;
  /** Told once the document is open, with its number of pages. */
  onDocumentLoad?: (info: { pageCount: number }) => void;
  /** The document's name, for assistive technology. */
  title?: string;
};

/** An open document, or why it did not open (null: no explanation beyond the generic one). */
type Opened = { key: string; document: PdfDocument } | { key: string; error: string | null };

/**
 * Why a document did not open, in the reader's language: a refusal from our server (an Office preview
 * that could not be made, a file gone) carries its own message, which pdf.js does not read.
 */
async function failureMessage(url: string, error: unknown): Promise<string | null> {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status !== 'number' || status < 400) return null;
  try {
    await request(url);
  } catch (refusal) {
    if (isApiError(refusal)) return refusal.message;
  }
  return null;
}

/**
 * An in-page PDF reader: one page at a time, fitted to the width, with previous/next, a page number box
 * and the arrow, Page Up/Down, Home and End keys. pdf.js is downloaded on first use only.
 */
export function PdfViewer({ url, onPageChange, initialPage = 1, onDocumentLoad, title }: PdfViewerProps) {
  const { t } = useTranslation('uploads');
  const [attempt, setAttempt] = useState(0);
  const key = `${attempt}:${url}`;
  const [opened, setOpened] = useState<Opened | null>(null);
  const current = opened?.key === key ? opened : null;
  const document = current && 'document' in current ? current.document : null;
  const pageCount = document?.numPages ?? 0;

  // The page belongs to the document it was chosen in: another document opens at initialPage.
  const [position, setPosition] = useState({ key, page: initialPage });
  const page = clampPage(position.key === key ? position.page : initialPage, pageCount || 1);
  const [draft, setDraft] = useState<string | null>(null);
  const [width, setWidth] = useState(0);
  const [renderError, setRenderError] = useState<{ key: string; page: number } | null>(null);

  const canvasRef = useRef<HTMLCanvasElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const callbacks = useRef({ onPageChange, onDocumentLoad });
  useEffect(() => {
    callbacks.current = { onPageChange, onDocumentLoad };
  });

  useEffect(() => {
    let cancelled = false;
    let task: PdfLoadingTask | undefined;
    loadPdfEngine()
      .then((engine) => {
        if (cancelled) return undefined;
        task = engine.open(url);
        return task.promise;
      })
      .then((opening) => {
        if (cancelled || !opening) return;
        setOpened({ key, document: opening });
        callbacks.current.onDocumentLoad?.({ pageCount: opening.numPages });
      })
      .catch(async (error: unknown) => {
        const message = await failureMessage(url, error);
        if (!cancelled) setOpened({ key, error: message });
      });
    return () => {
      cancelled = true;
      void task?.destroy().catch(() => undefined);
    };
  }, [key, url]);

  useEffect(() => {
    if (document) callbacks.current.onPageChange?.(page);
  }, [document, page]);

  // The frame's width decides the zoom (fit to width); it changes with the window and side panels.
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const observer = new ResizeObserver((entries) => {
      const measured = entries[0]?.contentRect.width ?? 0;
      setWidth((previous) => (Math.abs(previous - measured) >= 1 ? measured : previous));
    });
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!document || !canvas) return;
    let cancelled = false;
    let task: PdfRenderTask | undefined;
    document
      .getPage(page)
      .then((pdfPage) => {
        if (cancelled) return undefined;
        const scale = fitWidthScale(width, pdfPage.getViewport({ scale: 1 }).width);
        task = pdfPage.render({ canvas, scale, pixelRatio: window.devicePixelRatio || 1 });
        return task.promise;
      })
      .catch(() => {
        // A render cancelled by moving on is expected; anything else leaves this page unreadable.
        if (!cancelled) setRenderError({ key, page });
      });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [document, page, width, key]);

  const goTo = (next: number) => {
    setDraft(null);
    setRenderError(null);
    setPosition({ key, page: clampPage(next, pageCount) });
  };

  const commitDraft = () => {
    if (draft === null) return;
    const next = parsePageInput(draft, pageCount);
    if (next === null) setDraft(null);
    else goTo(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = pageForKey(event.key, page, pageCount);
    if (next === null) return;
    event.preventDefault();
    goTo(next);
  };

  const failed = current && 'error' in current ? (current.error ?? t('viewer.loadFailed')) : null;
  const pageFailed = renderError?.key === key && renderError.page === page;

  return (
    <section className="pdf-viewer" aria-label={title ?? t('viewer.label')}>
      <Flex align="center" justify="center" gap={8} wrap style={{ marginBottom: 8 }}>
        <Button
          icon={<LeftOutlined aria-hidden />}
          onClick={() => goTo(page - 1)}
          disabled={!document || page <= 1}
        >
          {t('viewer.previous')}
        </Button>
        <Input
          aria-label={t('viewer.pageNumber')}
          inputMode="numeric"
          style={{ width: 64, textAlign: 'center' }}
          value={draft ?? (document ? String(page) : '')}
          disabled={!document}
          onChange={(event) => setDraft(event.target.value)}
          onPressEnter={commitDraft}
          onBlur={commitDraft}
        />
        <Typography.Text type="secondary">{t('viewer.ofPages', { count: pageCount })}</Typography.Text>
        <Button
          icon={<RightOutlined aria-hidden />}
          iconPlacement="end"
          onClick={() => goTo(page + 1)}
          disabled={!document || page >= pageCount}
        >
          {t('viewer.next')}
        </Button>
      </Flex>
      <div
        ref={frameRef}
        role="group"
        tabIndex={document ? 0 : -1}
        aria-label={document ? t('viewer.pageOf', { page, count: pageCount }) : t('viewer.label')}
        aria-roledescription={t('viewer.roleDescription')}
        onKeyDown={onKeyDown}
        style={{
          position: 'relative',
          overflow: 'auto',
          maxHeight: '75vh',
          minHeight: 240,
          background: 'rgba(0, 0, 0, 0.04)',
          borderRadius: 8,
        }}
      >
        {failed ? (
          <Result
            status="warning"
            title={t('viewer.loadFailedTitle')}
            subTitle={failed}
            extra={
              <Button icon={<ReloadOutlined aria-hidden />} onClick={() => setAttempt((n) => n + 1)}>
                {t('viewer.retry')}
              </Button>
            }
          />
        ) : null}
        {!current ? (
          <Flex justify="center" align="center" style={{ minHeight: 240 }}>
            <Spin description={t('viewer.loading')}>
              <div style={{ width: 120, height: 60 }} />
            </Spin>
          </Flex>
        ) : null}
        {pageFailed ? (
          <Typography.Paragraph type="danger" role="alert" style={{ padding: 16 }}>
            {t('viewer.pageFailed', { page })}
          </Typography.Paragraph>
        ) : null}
        {document ? (
          <canvas
            ref={canvasRef}
            role="img"
            aria-label={t('viewer.pageImage', { page, count: pageCount })}
            style={{ display: pageFailed ? 'none' : 'block', margin: '0 auto' }}
          />
        ) : null}
      </div>
      <span aria-live="polite" className="sr-only" style={visuallyHidden}>
        {document ? t('viewer.pageOf', { page, count: pageCount }) : ''}
      </span>
    </section>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
