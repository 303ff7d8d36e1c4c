import { CloseOutlined } from '@ant-design/icons';
import { BLOOM_LEVEL_COLORS, type BloomLevel } from '@lectern/contracts/knowledge-graph/bloom-levels';
import { Tag, Tooltip } from 'antd';
import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import {
  KNOWLEDGE_TAG_TOOLTIP_DELAY_MS,
  KNOWLEDGE_TAG_TOOLTIP_MAX_WIDTH,
  knowledgeGraphUrl,
  showsKnowledgeTagTooltip,
  tagOpensGraph,
  type KnowledgeTagSize,
} from './knowledge-node-tag.rules.ts';

export interface KnowledgeNodeTagProps {
  nodeId: number;
  name: string;
  bloomLevel?: BloomLevel | null;
  size?: KnowledgeTagSize;
  /** The course the node belongs to; 0 while the course is not saved yet (the tag then never links). */
  courseId: number;
  /** Opens the course's graph at this node in a new window. */
  goToGraph?: boolean;
  /** Shows a remove button; the caller decides what removing means (the picker saves at once). */
  onRemove?: () => void;
}

const SIZE_STYLE: Record<KnowledgeTagSize, CSSProperties> = {
  large: { fontSize: 14, lineHeight: '30px', paddingInline: 12 },
  medium: { fontSize: 13, lineHeight: '26px', paddingInline: 10 },
  default: { fontSize: 12, lineHeight: '20px', paddingInline: 7 },
};

/** A knowledge node as a tag (spec 001 section 2), in its Bloom level's colour when it has one. */
export function KnowledgeNodeTag({
  nodeId,
  name,
  bloomLevel,
  size = 'default',
  courseId,
  goToGraph = false,
  onRemove,
}: KnowledgeNodeTagProps) {
  const { t } = useTranslation('knowledge-graph');
  const element = useRef<HTMLSpanElement>(null);
  const [width, setWidth] = useState<number | null>(null);

  // The tooltip depends on the drawn width, which only the browser knows (and which changes with the text).
  useLayoutEffect(() => {
    const node = element.current;
    if (!node) return;
    const measure = () => setWidth(node.getBoundingClientRect().width);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [name, size]);

  const color = bloomLevel ? BLOOM_LEVEL_COLORS[bloomLevel] : undefined;
  const label = tagOpensGraph(goToGraph, courseId) ? (
    <a
      href={knowledgeGraphUrl(courseId, nodeId)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('tag.openInGraph', { name })}
      style={{ color: 'inherit' }}
    >
      {name}
    </a>
  ) : (
    name
  );

  const tag = (
    <Tag
      ref={element}
      data-size={size}
      style={{
        ...SIZE_STYLE[size],
        maxWidth: '100%',
        marginInlineEnd: 0,
        ...(color ? { borderColor: color, borderInlineStartWidth: 4 } : {}),
      }}
    >
      <span
        style={{
          display: 'inline-block',
          maxWidth: KNOWLEDGE_TAG_TOOLTIP_MAX_WIDTH,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          verticalAlign: 'bottom',
        }}
      >
        {label}
      </span>
      {onRemove ? (
        // A real button (antd's close icon is a bare span that a keyboard cannot reach).
        <button
          type="button"
          onClick={onRemove}
          aria-label={t('tag.remove', { name })}
          style={{
            marginInlineStart: 4,
            padding: 0,
            border: 0,
            background: 'none',
            cursor: 'pointer',
            color: 'inherit',
          }}
        >
          <CloseOutlined aria-hidden />
        </button>
      ) : null}
    </Tag>
  );

  if (width === null || !showsKnowledgeTagTooltip(size, width)) return tag;
  return (
    <Tooltip
      title={name}
      mouseEnterDelay={KNOWLEDGE_TAG_TOOLTIP_DELAY_MS / 1000}
      styles={{ container: { maxWidth: KNOWLEDGE_TAG_TOOLTIP_MAX_WIDTH } }}
    >
      {tag}
    </Tooltip>
  );
}
