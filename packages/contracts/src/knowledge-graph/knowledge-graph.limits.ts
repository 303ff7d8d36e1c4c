/** Limits of the knowledge graph (issue 17); the server enforces them, the web shows them. */
export const KNOWLEDGE_GRAPH_LIMITS = {
  nameMax: 100,
  descriptionMax: 2000,
  nodeKeyMax: 64,
  /** Live nodes of one course (issue 17 plans for 500; room to grow, a bound against runaway imports). */
  nodesPerCourse: 2000,
  /** Ids in one bulk call (bulk delete, references, related-media). */
  bulkMax: 500,
  objectiveMax: 500,
  objectivesPerCourse: 200,
  fragmentTitleMax: 200,
  chapterIdMax: 64,
  captureTitleMax: 200,
  captureNoteMax: 2000,
} as const;
