/**
 * Bloom's six cognitive levels (spec 001 sections 3 and 9), lowest first, each with the colour the graph,
 * the tree and the tags draw it in (white text on it passes WCAG AA). Without zod: tags on first-load
 * pages read it (decision 0014).
 */
export const BLOOM_LEVELS = ['remember', 'understand', 'apply', 'analyze', 'evaluate', 'create'] as const;
export type BloomLevel = (typeof BLOOM_LEVELS)[number];

export const BLOOM_LEVEL_COLORS: Readonly<Record<BloomLevel, string>> = {
  remember: '#1d39c4',
  understand: '#006d75',
  apply: '#237804',
  analyze: '#ad4e00',
  evaluate: '#c41d7f',
  create: '#531dab',
};

export function isBloomLevel(value: string): value is BloomLevel {
  return (BLOOM_LEVELS as readonly string[]).includes(value);
}
