import type { IElementEvent } from '@antv/g6';
import { BLOOM_LEVEL_COLORS, type BloomLevel } from '@lectern/contracts/knowledge-graph/bloom-levels';
import { Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface CanvasNode {
  id: number;
  name: string;
  parentId: number | null;
  bloomLevel: BloomLevel | null;
}

export interface CanvasRelation {
  id: number;
  source: number;
  target: number;
  directed: boolean;
}

export interface KnowledgeGraphCanvasProps {
  nodes: readonly CanvasNode[];
  relations: readonly CanvasRelation[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  height?: number;
}

/** Nodes without a Bloom level. */
const PLAIN_NODE_COLOR = '#595959';

interface GraphHandle {
  destroy(): void;
  resize(): void;
  setElementState(states: Record<string, string[]>, animation?: boolean): Promise<void>;
  focusElement(id: string): Promise<void>;
  readonly destroyed: boolean;
}

/** jsdom and very old browsers have no 2D canvas; the tree beside the graph carries everything then. */
function canDrawCanvas(): boolean {
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

/**
 * The graph drawn by G6: parent-child links as thin grey lines, relations as coloured edges (arrows when
 * directed), nodes in their Bloom colour. G6 and its canvas renderer are a large download that only this
 * page needs, so they are imported when the graph mounts (a chunk of their own). The graph is a picture of
 * the tree beside it, which is what keyboards and screen readers use.
 */
export function KnowledgeGraphCanvas({
  nodes,
  relations,
  selectedId,
  onSelect,
  height = 480,
}: KnowledgeGraphCanvasProps) {
  const { t } = useTranslation('knowledge-graph');
  const element = useRef<HTMLDivElement>(null);
  const graph = useRef<GraphHandle | null>(null);
  const selectRef = useRef(onSelect);
  useEffect(() => {
    selectRef.current = onSelect;
  }, [onSelect]);
  const [state, setState] = useState<'loading' | 'ready' | 'unavailable'>(() =>
    canDrawCanvas() ? 'loading' : 'unavailable',
  );
  const drawable = state !== 'unavailable';

  useEffect(() => {
    if (!drawable) return;
    let disposed = false;
    let observer: ResizeObserver | null = null;
    void (async () => {
      const { Graph } = await import('@antv/g6');
      const container = element.current;
      if (disposed || !container) return;
      const instance = new Graph({
        container,
        autoFit: 'view',
        animation: false,
        data: {
          nodes: nodes.map((node) => ({
            id: String(node.id),
            data: { name: node.name, bloom: node.bloomLevel },
          })),
          edges: [
            ...nodes
              .filter((node) => node.parentId !== null)
              .map((node) => ({
                id: `tree-${node.id}`,
                source: String(node.parentId),
                target: String(node.id),
                data: { kind: 'tree' },
              })),
            ...relations.map((relation) => ({
              id: `relation-${relation.id}`,
              source: String(relation.source),
              target: String(relation.target),
              data: { kind: 'relation', directed: relation.directed },
            })),
          ],
        },
        node: {
          type: 'circle',
          style: {
            size: 28,
            fill: (datum) => {
              const bloom = datum.data?.bloom as BloomLevel | null | undefined;
              return bloom ? BLOOM_LEVEL_COLORS[bloom] : PLAIN_NODE_COLOR;
            },
            labelText: (datum) => String(datum.data?.name ?? ''),
            labelPlacement: 'bottom',
            labelMaxWidth: 160,
          },
          state: { selected: { lineWidth: 4, stroke: '#000000' } },
        },
        edge: {
          type: 'line',
          style: {
            stroke: (datum) => (datum.data?.kind === 'relation' ? '#1677ff' : '#bfbfbf'),
            lineDash: (datum) => (datum.data?.kind === 'relation' ? [6, 4] : []),
            endArrow: (datum) => datum.data?.kind === 'relation' && datum.data.directed === true,
          },
        },
        layout: { type: 'd3-force', link: { distance: 90 }, collide: { radius: 40 } },
        behaviors: ['drag-canvas', 'zoom-canvas', 'drag-element'],
      });
      instance.on<IElementEvent>('node:click', (event) => {
        const id = Number(event.target.id);
        if (Number.isInteger(id)) selectRef.current(id);
      });
      await instance.render();
      if (disposed) {
        instance.destroy();
        return;
      }
      graph.current = instance as unknown as GraphHandle;
      observer = new ResizeObserver(() => instance.resize());
      observer.observe(container);
      setState('ready');
    })().catch(() => {
      if (!disposed) setState('unavailable');
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      graph.current?.destroy();
      graph.current = null;
    };
  }, [drawable, nodes, relations]);

  useEffect(() => {
    const instance = graph.current;
    if (state !== 'ready' || !instance || instance.destroyed) return;
    const states: Record<string, string[]> = {};
    for (const node of nodes) states[String(node.id)] = node.id === selectedId ? ['selected'] : [];
    void instance.setElementState(states, false);
    if (selectedId !== null) void instance.focusElement(String(selectedId));
  }, [state, selectedId, nodes]);

  return (
    <figure style={{ margin: 0 }}>
      <figcaption className="sr-only" style={{ position: 'absolute', left: -10000 }}>
        {t('graph.caption')}
      </figcaption>
      {state === 'loading' ? <Typography.Text type="secondary">{t('graph.loading')}</Typography.Text> : null}
      {state === 'unavailable' ? (
        <Typography.Text type="secondary">{t('graph.unavailable')}</Typography.Text>
      ) : null}
      <div
        ref={element}
        role="img"
        aria-label={t('graph.caption')}
        style={{ width: '100%', height: state === 'unavailable' ? 0 : height }}
      />
    </figure>
  );
}
