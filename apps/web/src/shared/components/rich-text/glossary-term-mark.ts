import { Mark } from '@tiptap/core';

/**
 * The vocabulary item's mark: the selected words are a term of the course's vocabulary. Stored as `<dfn>`,
 * the element HTML has for a term being defined, with no attributes for the sanitiser to weigh.
 */
export const GlossaryTermMark = Mark.create({
  name: 'glossaryTerm',
  parseHTML() {
    return [{ tag: 'dfn' }];
  },
  renderHTML() {
    return ['dfn', 0];
  },
});
