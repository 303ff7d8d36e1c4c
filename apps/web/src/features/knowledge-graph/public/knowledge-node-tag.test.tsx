import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { KnowledgeNodeTag, type KnowledgeNodeTagProps } from './knowledge-node-tag.tsx';
import {
  KNOWLEDGE_TAG_SIZES,
  knowledgeGraphUrl,
  showsKnowledgeTagTooltip,
  tagOpensGraph,
} from './knowledge-node-tag.rules.ts';

/** jsdom has no layout: every tag measures as wide as this. */
function tagsMeasure(width: number) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, width, 24));
}

function renderTag(props: Partial<KnowledgeNodeTagProps> = {}) {
  return renderRoutes(
    [
      {
        path: '/',
        element: <KnowledgeNodeTag nodeId={12} name="Derivatives" courseId={42} {...props} />,
      },
    ],
    '/',
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('knowledge tag rules', () => {
  it('has the three sizes of spec 001', () => {
    expect(KNOWLEDGE_TAG_SIZES).toEqual(['large', 'medium', 'default']);
  });

  it('offers the tooltip only below 160, 140 and 120 px', () => {
    expect(showsKnowledgeTagTooltip('large', 159)).toBe(true);
    expect(showsKnowledgeTagTooltip('large', 160)).toBe(false);
    expect(showsKnowledgeTagTooltip('medium', 139)).toBe(true);
    expect(showsKnowledgeTagTooltip('medium', 140)).toBe(false);
    expect(showsKnowledgeTagTooltip('default', 119)).toBe(true);
    expect(showsKnowledgeTagTooltip('default', 120)).toBe(false);
  });

  it('links to the graph at the node, only with go-to-graph on and a real course', () => {
    expect(knowledgeGraphUrl(42, 12)).toBe('/course/42/knowledge-graph#node_id=12');
    expect(tagOpensGraph(true, 42)).toBe(true);
    expect(tagOpensGraph(false, 42)).toBe(false);
    expect(tagOpensGraph(true, 0)).toBe(false);
  });
});

describe('KnowledgeNodeTag', () => {
  it('opens the graph at the node in a new window when go-to-graph is on', async () => {
    renderTag({ goToGraph: true });
    const link = await screen.findByRole('link', { name: /Derivatives/ });
    expect(link.getAttribute('href')).toBe('/course/42/knowledge-graph#node_id=12');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('does not link when go-to-graph is off or the course id is 0', async () => {
    const { unmount } = renderTag({ goToGraph: false });
    expect(await screen.findByText('Derivatives')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    unmount();
    renderTag({ goToGraph: true, courseId: 0 });
    expect(await screen.findByText('Derivatives')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('draws each size', async () => {
    for (const size of KNOWLEDGE_TAG_SIZES) {
      const { container, unmount } = renderTag({ size });
      expect(container.querySelector(`[data-size="${size}"]`)).not.toBeNull();
      unmount();
    }
  });

  it('shows the full name in a tooltip (after its delay) when the tag is narrower than its threshold', async () => {
    const user = userEvent.setup();
    tagsMeasure(150);
    renderTag({ size: 'large' });
    await user.hover(await screen.findByText('Derivatives'));
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toBe('Derivatives');
  });

  it('shows no tooltip when the tag is at least as wide as its threshold', async () => {
    const user = userEvent.setup();
    tagsMeasure(150);
    renderTag({ size: 'medium' });
    await user.hover(await screen.findByText('Derivatives'));
    // Longer than the tooltip's 200 ms delay.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('removes through a real button named after the node', async () => {
    const user = userEvent.setup();
    const onRemove = vi.fn();
    renderTag({ onRemove });
    await user.click(await screen.findByRole('button', { name: 'Remove Derivatives' }));
    expect(onRemove).toHaveBeenCalledTimes(1);
  });
});
