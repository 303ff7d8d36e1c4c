import type { Rubric } from '@lectern/contracts/rubrics/rubric.schemas';

/** A stored rubric as `GET /api/rubrics/{id}` answers it: two criteria, total 15.5. */
export function makeRubric(overrides: Partial<Rubric> = {}): Rubric {
  return {
    id: 41,
    name: 'Essay rubric',
    conditions: [
      {
        name: 'Argument',
        description: 'A clear thesis, supported',
        levels: [
          { score: 10, description: 'Excellent' },
          { score: 6, description: 'Pass' },
        ],
      },
      {
        name: 'Style',
        description: 'Readable prose',
        levels: [
          { score: 2.5, description: 'Plain' },
          { score: 5.5, description: 'Fluent' },
        ],
      },
    ],
    total: 15.5,
    created_by: { id: 7, name: 'Li Wei' },
    engage_number: 0,
    can_edit: true,
    created_at: '2026-03-01T08:00:00.000Z',
    updated_at: '2026-03-02T08:00:00.000Z',
    ...overrides,
  };
}
