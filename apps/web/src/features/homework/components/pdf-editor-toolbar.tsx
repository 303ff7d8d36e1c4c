import {
  CloseOutlined,
  ColumnWidthOutlined,
  EditOutlined,
  FontSizeOutlined,
  FormOutlined,
  HighlightOutlined,
  LeftOutlined,
  RedoOutlined,
  RightOutlined,
  RotateLeftOutlined,
  RotateRightOutlined,
  SafetyCertificateOutlined,
  SaveOutlined,
  SelectOutlined,
  UndoOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Button, Divider, Dropdown, Flex, Input, InputNumber, Select, Tooltip, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { canSave, INK_THICKNESS, TEXT_SIZE, type PdfEditorState, type PdfTool } from './pdf-editor.rules.ts';

export const PDF_COLORS = {
  red: '#e53935',
  blue: '#1e66f5',
  green: '#2e7d32',
  black: '#000000',
  orange: '#fb8c00',
} as const;

/** pdf.js's own highlight colours (the editor layer only accepts these). */
export const HIGHLIGHT_COLORS = {
  yellow: '#FFFF98',
  green: '#53FFBC',
  blue: '#80EBFF',
  pink: '#FFCBE6',
  red: '#FF4F5F',
} as const;

export const PRESET_STAMPS = ['check', 'cross', 'good'] as const;
export type PresetStamp = (typeof PRESET_STAMPS)[number];

export type PdfEditorToolbarProps = {
  state: PdfEditorState;
  /** The user may mark this file (a save target exists): edit is offered. */
  canEdit: boolean;
  onEdit(): void;
  onTool(tool: PdfTool): void;
  onInk(params: { color?: string; thickness?: number }): void;
  onText(params: { color?: string; size?: number }): void;
  onHighlight(color: string): void;
  onStamp(stamp: PresetStamp | 'picture'): void;
  onRotate(by: 90 | -90): void;
  onZoom(zoom: 1 | -1 | 'fit'): void;
  onPage(page: number): void;
  onUndo(): void;
  onRedo(): void;
  onSave(): void;
  onClose(): void;
};

function IconButton({
  label,
  icon,
  onClick,
  disabled,
  pressed,
  primary,
  loading,
  children,
}: {
  label: string;
  icon: ReactNode;
  onClick(): void;
  disabled?: boolean;
  pressed?: boolean;
  primary?: boolean;
  loading?: boolean;
  children?: ReactNode;
}) {
  return (
    <Tooltip title={label}>
      <Button
        aria-label={label}
        aria-pressed={pressed}
        type={pressed || primary ? 'primary' : 'default'}
        icon={icon}
        onClick={onClick}
        disabled={disabled}
        loading={loading}
      >
        {children}
      </Button>
    </Tooltip>
  );
}

function ColorSelect({
  label,
  value,
  colors,
  onChange,
}: {
  label: string;
  value: string;
  colors: Record<string, string>;
  onChange(color: string): void;
}) {
  const { t } = useTranslation('homework');
  return (
    <Select
      aria-label={label}
      size="middle"
      style={{ width: 110 }}
      value={value}
      onChange={onChange}
      options={Object.entries(colors).map(([name, color]) => ({
        value: color,
        label: (
          <Flex align="center" gap={6}>
            <span
              aria-hidden
              style={{ width: 12, height: 12, borderRadius: 2, background: color, border: '1px solid #0002' }}
            />
            {t(`pdfEditor.colors.${name}`)}
          </Flex>
        ),
      }))}
    />
  );
}

function PageInput({
  page,
  pageCount,
  onPage,
}: {
  page: number;
  pageCount: number;
  onPage(n: number): void;
}) {
  const { t } = useTranslation('homework');
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    const next = Number(draft);
    setDraft(null);
    if (Number.isInteger(next) && next >= 1 && next <= pageCount) onPage(next);
  };
  return (
    <Flex align="center" gap={4}>
      <Input
        aria-label={t('pdfEditor.pageNumber')}
        inputMode="numeric"
        style={{ width: 52, textAlign: 'center' }}
        value={draft ?? (pageCount ? String(page) : '')}
        disabled={!pageCount}
        onChange={(event) => setDraft(event.target.value)}
        onPressEnter={commit}
        onBlur={commit}
      />
      <Typography.Text type="secondary">{t('pdfEditor.ofPages', { count: pageCount })}</Typography.Text>
    </Flex>
  );
}

/**
 * The editor's toolbar. In preview it offers viewing only (rotate, zoom, pages) and the way into edit;
 * in edit the tools and their options, undo and save. Every button is named for assistive technology.
 */
export function PdfEditorToolbar(props: PdfEditorToolbarProps) {
  const { state, canEdit } = props;
  const { t } = useTranslation('homework');
  const editing = state.mode === 'edit';
  const ready = state.pageCount > 0;
  const tool = (name: PdfTool, icon: ReactNode) => (
    <IconButton
      key={name}
      label={t(`pdfEditor.tools.${name}`)}
      icon={icon}
      pressed={state.tool === name}
      disabled={state.saving}
      onClick={() => props.onTool(name)}
    />
  );

  return (
    <Flex role="toolbar" aria-label={t('pdfEditor.toolbar')} wrap align="center" gap={6}>
      {editing ? (
        <>
          {tool('none', <SelectOutlined aria-hidden />)}
          {tool('ink', <EditOutlined aria-hidden />)}
          {tool('highlight', <HighlightOutlined aria-hidden />)}
          {tool('text', <FontSizeOutlined aria-hidden />)}
          <Dropdown
            trigger={['click']}
            disabled={state.saving}
            menu={{
              items: [...PRESET_STAMPS, 'picture' as const].map((stamp) => ({
                key: stamp,
                label: t(`pdfEditor.stamps.${stamp}`),
              })),
              onClick: ({ key }) => props.onStamp(key as PresetStamp | 'picture'),
            }}
          >
            <Tooltip title={t('pdfEditor.tools.stamp')}>
              <Button
                aria-label={t('pdfEditor.tools.stamp')}
                aria-haspopup="menu"
                type={state.tool === 'stamp' ? 'primary' : 'default'}
                icon={<SafetyCertificateOutlined aria-hidden />}
                disabled={state.saving}
              />
            </Tooltip>
          </Dropdown>
          {state.tool === 'ink' ? (
            <>
              <ColorSelect
                label={t('pdfEditor.color')}
                value={state.ink.color}
                colors={PDF_COLORS}
                onChange={(color) => props.onInk({ color })}
              />
              <InputNumber
                aria-label={t('pdfEditor.thickness')}
                min={INK_THICKNESS.min}
                max={INK_THICKNESS.max}
                style={{ width: 72 }}
                value={state.ink.thickness}
                onChange={(value) => value !== null && props.onInk({ thickness: value })}
              />
            </>
          ) : null}
          {state.tool === 'text' ? (
            <>
              <ColorSelect
                label={t('pdfEditor.color')}
                value={state.text.color}
                colors={PDF_COLORS}
                onChange={(color) => props.onText({ color })}
              />
              <InputNumber
                aria-label={t('pdfEditor.textSize')}
                min={TEXT_SIZE.min}
                max={TEXT_SIZE.max}
                style={{ width: 72 }}
                value={state.text.size}
                onChange={(value) => value !== null && props.onText({ size: value })}
              />
            </>
          ) : null}
          {state.tool === 'highlight' ? (
            <ColorSelect
              label={t('pdfEditor.color')}
              value={state.highlight.color}
              colors={HIGHLIGHT_COLORS}
              onChange={props.onHighlight}
            />
          ) : null}
          <Divider orientation="vertical" />
          <IconButton
            label={t('pdfEditor.undo')}
            icon={<UndoOutlined aria-hidden />}
            disabled={!state.canUndo || state.saving}
            onClick={props.onUndo}
          />
          <IconButton
            label={t('pdfEditor.redo')}
            icon={<RedoOutlined aria-hidden />}
            disabled={!state.canRedo || state.saving}
            onClick={props.onRedo}
          />
        </>
      ) : canEdit ? (
        <Button type="primary" icon={<FormOutlined aria-hidden />} disabled={!ready} onClick={props.onEdit}>
          {t('pdfEditor.edit')}
        </Button>
      ) : null}
      <Divider orientation="vertical" />
      <IconButton
        label={t('pdfEditor.rotateLeft')}
        icon={<RotateLeftOutlined aria-hidden />}
        disabled={!ready || state.saving}
        onClick={() => props.onRotate(-90)}
      />
      <IconButton
        label={t('pdfEditor.rotateRight')}
        icon={<RotateRightOutlined aria-hidden />}
        disabled={!ready || state.saving}
        onClick={() => props.onRotate(90)}
      />
      <IconButton
        label={t('pdfEditor.zoomOut')}
        icon={<ZoomOutOutlined aria-hidden />}
        disabled={!ready}
        onClick={() => props.onZoom(-1)}
      />
      <Typography.Text aria-live="polite" style={{ minWidth: 44, textAlign: 'center' }}>
        <span className="sr-only" style={visuallyHidden}>
          {t('pdfEditor.zoomLevel', { percent: Math.round(state.scale * 100) })}
        </span>
        <span aria-hidden>{Math.round(state.scale * 100)}%</span>
      </Typography.Text>
      <IconButton
        label={t('pdfEditor.zoomIn')}
        icon={<ZoomInOutlined aria-hidden />}
        disabled={!ready}
        onClick={() => props.onZoom(1)}
      />
      <IconButton
        label={t('pdfEditor.fitWidth')}
        icon={<ColumnWidthOutlined aria-hidden />}
        disabled={!ready}
        onClick={() => props.onZoom('fit')}
      />
      <Divider orientation="vertical" />
      <IconButton
        label={t('pdfEditor.previous')}
        icon={<LeftOutlined aria-hidden />}
        disabled={!ready || state.page <= 1}
        onClick={() => props.onPage(state.page - 1)}
      />
      <PageInput page={state.page} pageCount={state.pageCount} onPage={props.onPage} />
      <IconButton
        label={t('pdfEditor.next')}
        icon={<RightOutlined aria-hidden />}
        disabled={!ready || state.page >= state.pageCount}
        onClick={() => props.onPage(state.page + 1)}
      />
      <Flex gap={6} style={{ marginInlineStart: 'auto' }}>
        {editing ? (
          <Button
            type="primary"
            icon={<SaveOutlined aria-hidden />}
            disabled={!canSave(state)}
            loading={state.saving}
            onClick={props.onSave}
          >
            {t('pdfEditor.save')}
          </Button>
        ) : null}
        <Button icon={<CloseOutlined aria-hidden />} onClick={props.onClose} disabled={state.saving}>
          {t('pdfEditor.close')}
        </Button>
      </Flex>
    </Flex>
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
