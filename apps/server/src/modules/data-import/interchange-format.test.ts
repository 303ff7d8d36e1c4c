import { describe, expect, it } from 'vitest';
import { detectInterchangeFormat } from './interchange-format.ts';

const MOODLE = `<?xml version="1.0" encoding="UTF-8"?>
<!-- exported by Moodle -->
<quiz>
  <question type="truefalse"><name><text>Q</text></name></question>
</quiz>`;

const GIFT = `// exported from Moodle
::Q1:: 2 + 2 = ? {=4 ~3 ~5}

::Q2:: The earth is flat. {F}
`;

const GIFT_WITHOUT_TITLES = 'Who wrote Hamlet? {=Shakespeare}\n\nThe sun is a star. {TRUE}\n';

const AIKEN = `Is 7 prime?
A. Yes
B. No
ANSWER: A

Which is a fruit?
A) Carrot
B) Apple
ANSWER: B
`;

describe('detectInterchangeFormat', () => {
  it('recognises Moodle XML by its <quiz> root, whatever the file is called', () => {
    expect(detectInterchangeFormat('questions.xml', MOODLE)).toBe('moodle_xml');
    expect(detectInterchangeFormat('export.txt', MOODLE.replace(/^<\?xml[^>]*>\n/, ''))).toBe('moodle_xml');
  });

  it('recognises GIFT by titles and answer blocks, with or without titles', () => {
    expect(detectInterchangeFormat('quiz.gift.txt', GIFT)).toBe('gift');
    expect(detectInterchangeFormat('questions.txt', GIFT_WITHOUT_TITLES)).toBe('gift');
  });

  it('recognises Aiken by options followed by an ANSWER line, even in a file named .gift', () => {
    expect(detectInterchangeFormat('aiken.txt', AIKEN)).toBe('aiken');
    expect(detectInterchangeFormat('wrongly-named.gift', AIKEN)).toBe('aiken');
  });

  it('recognises essay-only and category-only GIFT files, and Aiken options with no space', () => {
    expect(detectInterchangeFormat('essays.txt', 'Describe your week. {}\n\nWhat did you learn?{}')).toBe(
      'gift',
    );
    expect(detectInterchangeFormat('empty.txt', '$CATEGORY: $course$/Unit 1\n')).toBe('gift');
    expect(detectInterchangeFormat('quiz.txt', '2 + 3 =\nA)4\nB)5\nANSWER: B\n')).toBe('aiken');
  });

  it('uses the name only to break a tie', () => {
    const both = 'Is 7 prime? {T}\n\nIs 8 prime?\nA. Yes\nB. No\nANSWER: B\n';
    expect(detectInterchangeFormat('mixed.gift', both)).toBe('gift');
    expect(detectInterchangeFormat('mixed-aiken.txt', both)).toBe('aiken');
  });

  it('refuses text that is none of them', () => {
    expect(detectInterchangeFormat('notes.txt', 'just some notes, no questions at all')).toBeNull();
    expect(detectInterchangeFormat('code.txt', 'function f() { return x; }\nconst o = { a: 1 };')).toBeNull();
    expect(
      detectInterchangeFormat('page.xml', '<?xml version="1.0"?><html><body>{=a}</body></html>'),
    ).toBeNull();
    expect(
      detectInterchangeFormat(
        'paper.txt',
        '1. [Single choice] Capital of France?\nA. Paris\nB. Lyon\nAnswer: A',
      ),
    ).toBeNull();
  });
});
