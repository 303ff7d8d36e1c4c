import type { ImportBelong } from '@lectern/contracts/data-import/data-import.schemas';
import { buildUrl } from '../../../shared/api/http-client.ts';
import { makeupQuery, type ImportTarget } from '../api/import-target.ts';
import type { ImportMode } from './import-file-rules.ts';

/** The import page of a target: `/exam/{id}/subjects/import?mode=word`, … */
export function importPagePath(target: ImportTarget, mode: ImportMode): string {
  const base =
    target.belong === 'exam'
      ? `/exam/${target.id}/subjects/import`
      : target.belong === 'classroom'
        ? `/course/classroom-exam/${target.id}/subjects/import`
        : `/subject-lib/${target.id}/import`;
  return buildUrl(base, { mode, ...makeupQuery(target) });
}

/** Spec 000 section 2: where the user lands after importing. */
export function returnPath(target: Pick<ImportTarget, 'belong' | 'id'>): string {
  switch (target.belong) {
    case 'exam':
      return `/exam/${target.id}/subjects`;
    case 'classroom':
      return `/course/classroom-exam/${target.id}/subjects`;
    case 'library':
      return `/subject-lib/${target.id}/edit`;
  }
}

/** Classroom exams have no knowledge-node part in their help page or templates (spec 000 section 2). */
export function offersKnowledgeNodes(belong: ImportBelong): boolean {
  return belong !== 'classroom';
}

/** Spec 000 section 2: the help pages take mode=word; exam and library also show_knowledge_node. */
export function helpPagePath(belong: ImportBelong, showKnowledgeNode: boolean): string {
  return buildUrl(`/course/${belong}-subjects-import-help`, {
    mode: 'word',
    show_knowledge_node: offersKnowledgeNodes(belong) ? String(showKnowledgeNode) : undefined,
  });
}
