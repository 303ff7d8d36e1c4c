import {
  hasImportErrors,
  type IdentifyImportResponse,
  type ImportedSubject,
  type ImportedSubSubject,
} from '@lectern/contracts/data-import/data-import.schemas';
import type { Upload } from '@lectern/contracts/uploads/upload.schemas';

/** One identified sub-question as `POST /api/data-import/identify` answers it: a true-or-false, no errors. */
export function makeImportedSubSubject(overrides: Partial<ImportedSubSubject> = {}): ImportedSubSubject {
  return {
    type: 'true_or_false',
    description: '<p>Sure?</p>',
    point: 1,
    sort: 0,
    difficulty_level: 0,
    options: [
      { sort: 0, content: 'True', is_answer: true },
      { sort: 1, content: 'False', is_answer: false },
    ],
    answer: 'True',
    answer_explanation: null,
    blanks: [],
    settings: {},
    knowledge_node_names: [],
    note: null,
    errors: [],
    warnings: [],
    number: '1',
    line: 2,
    ...overrides,
  };
}

/** One identified question: a single choice with B correct, 4 points, no errors, unless overridden. */
export function makeImportedSubject(overrides: Partial<ImportedSubject> = {}): ImportedSubject {
  return {
    type: 'single_selection',
    description: '<p>What is the capital of France?</p>',
    point: 4,
    sort: 1,
    difficulty_level: 3,
    options: [
      { sort: 0, content: 'Berlin', is_answer: false },
      { sort: 1, content: 'Paris', is_answer: true },
    ],
    answer: 'B',
    answer_explanation: '<p>Paris is the capital.</p>',
    blanks: [],
    settings: {},
    knowledge_node_names: ['Geography'],
    note: null,
    errors: [],
    warnings: [],
    number: '1',
    line: 1,
    category: null,
    sub_subjects: [],
    ...overrides,
  };
}

/** The identify answer for these questions, its totals computed as the server computes them. */
export function makeIdentifyResponse(
  subjects: ImportedSubject[],
  overrides: Partial<IdentifyImportResponse> = {},
): IdentifyImportResponse {
  return {
    subjects,
    total_point: subjects.reduce((sum, s) => sum + s.point, 0),
    error_count: subjects.filter((s) => hasImportErrors(s)).length,
    remaining_points: 80,
    warnings: [],
    ...overrides,
  };
}

/** A stored file as `POST /api/uploads` answers it. */
export function makeUpload(overrides: Partial<Upload> = {}): Upload {
  return {
    id: 55,
    name: 'paper.docx',
    size: 2048,
    type: 'document',
    mime_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    status: 'ready',
    deleted: false,
    allow_download: true,
    created_at: '2026-03-01T08:00:00.000Z',
    created_by: { id: 7, name: 'Li Wei' },
    ...overrides,
  };
}
