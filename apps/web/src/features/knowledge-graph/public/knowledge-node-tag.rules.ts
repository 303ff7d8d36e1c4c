/** Spec 001 section 5: a knowledge tag is large, medium or default. */
export const KNOWLEDGE_TAG_SIZES = ['large', 'medium', 'default'] as const;
export type KnowledgeTagSize = (typeof KNOWLEDGE_TAG_SIZES)[number];

/** Spec 001 sections 2 and 9: the widths under which a tag shows its tooltip, and the tooltip itself. */
export const KNOWLEDGE_TAG_TOOLTIP_BELOW: Record<KnowledgeTagSize, number> = {
  large: 160,
  medium: 140,
  default: 120,
};
export const KNOWLEDGE_TAG_TOOLTIP_MAX_WIDTH = 224;
export const KNOWLEDGE_TAG_TOOLTIP_DELAY_MS = 200;

/** The tooltip is offered only while the drawn tag is narrower than its size's threshold (spec 001 section 2). */
export function showsKnowledgeTagTooltip(size: KnowledgeTagSize, width: number): boolean {
  return width < KNOWLEDGE_TAG_TOOLTIP_BELOW[size];
}

/** Where a tag opens the graph: the course's graph page, scrolled to the node through the hash. */
export function knowledgeGraphUrl(courseId: number, nodeId?: number): string {
  const base = `/course/${courseId}/knowledge-graph`;
  return nodeId === undefined ? base : `${base}#node_id=${nodeId}`;
}

/** A tag links to the graph only when asked to and inside a real course (id 0 is a course not yet saved). */
export function tagOpensGraph(goToGraph: boolean, courseId: number): boolean {
  return goToGraph && courseId !== 0;
}
