import { describe, expect, it } from 'vitest';
import { convertDocxToHtml } from './docx-to-html.converter.ts';
import { formatNumber } from './docx-numbering.ts';
import {
  buildDocx,
  listDefinition,
  listInstance,
  numbered,
  paragraph,
  type DocxParts,
} from './fixtures/docx-builder.fixture.ts';

async function lines(parts: DocxParts): Promise<string[]> {
  const { html } = await convertDocxToHtml(await buildDocx(parts), {
    storeImage: () => Promise.reject(new Error('no pictures here')),
  });
  return [...html.matchAll(/<(p|li)>(.*?)<\/\1>/g)].map((match) => `${match[1]}:${match[2]}`);
}

describe('list numbers written into the text', () => {
  it('shows the numbers of a question list and of option lists as Word does', async () => {
    const result = await lines({
      body: [
        numbered('中国的首都是？', 1),
        numbered('上海', 2),
        numbered('北京', 2),
        paragraph('答案：B'),
        numbered('第二题', 1),
        numbered('对', 3),
        numbered('错', 3),
      ].join(''),
      numbering: [
        listDefinition(0, [{ format: 'decimal', text: '%1.' }]),
        listDefinition(1, [{ format: 'upperLetter', text: '%1.' }]),
        listInstance(1, 0),
        listInstance(2, 1),
        // Word restarts the options of the next question with a new instance overriding the start.
        listInstance(3, 1, { 0: 1 }),
      ].join(''),
    });
    expect(result).toEqual([
      'p:1. 中国的首都是？',
      'p:A. 上海',
      'p:B. 北京',
      'p:答案：B',
      'p:2. 第二题',
      'p:A. 对',
      'p:B. 错',
    ]);
  });

  it('continues a list across instances of one definition, as Word does', async () => {
    const result = await lines({
      body: [numbered('a', 1), numbered('b', 1), numbered('c', 2), numbered('d', 1)].join(''),
      numbering: [
        listDefinition(0, [{ format: 'decimal', text: '%1.' }]),
        listInstance(1, 0),
        listInstance(2, 0),
      ].join(''),
    });
    expect(result).toEqual(['p:1. a', 'p:2. b', 'p:3. c', 'p:4. d']);
  });

  it('writes parenthesised, Chinese and lower-case labels, and starts where the level starts', async () => {
    const result = await lines({
      body: [numbered('单选题', 1), numbered('材料', 2), numbered('first', 3), numbered('second', 3)].join(
        '',
      ),
      numbering: [
        listDefinition(0, [{ format: 'chineseCounting', text: '%1、' }]),
        listDefinition(1, [{ format: 'decimal', text: '(%1)' }]),
        listDefinition(2, [{ format: 'lowerLetter', text: '%1)', start: 3 }]),
        listInstance(1, 0),
        listInstance(2, 1),
        listInstance(3, 2),
      ].join(''),
    });
    expect(result).toEqual(['p:一、 单选题', 'p:(1) 材料', 'p:c) first', 'p:d) second']);
  });

  it('restarts a deeper level after a shallower one and joins levels in one label', async () => {
    const result = await lines({
      body: [
        numbered('Part', 1, 0),
        numbered('q', 1, 1),
        numbered('q', 1, 1),
        numbered('Part', 1, 0),
        numbered('q', 1, 1),
      ].join(''),
      numbering: [
        listDefinition(0, [
          { format: 'upperRoman', text: '%1.' },
          { format: 'decimal', text: '%1.%2' },
        ]),
        listInstance(1, 0),
      ].join(''),
    });
    expect(result).toEqual(['p:I. Part', 'p:I.1 q', 'p:I.2 q', 'p:II. Part', 'p:II.1 q']);
  });

  it('numbers paragraphs whose style carries the numbering, through the styles it is based on', async () => {
    const result = await lines({
      body: [
        paragraph('Question', '<w:pStyle w:val="QuestionList"/>'),
        paragraph('Question', '<w:pStyle w:val="QuestionChild"/>'),
        paragraph('Not numbered', '<w:pStyle w:val="QuestionChild"/><w:numPr><w:numId w:val="0"/></w:numPr>'),
        paragraph('Plain'),
      ].join(''),
      numbering: [listDefinition(0, [{ format: 'decimal', text: '%1.' }]), listInstance(5, 0)].join(''),
      styles: [
        '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>',
        '<w:style w:type="paragraph" w:styleId="QuestionList"><w:name w:val="Question List"/><w:basedOn w:val="Normal"/><w:pPr><w:numPr><w:numId w:val="5"/></w:numPr></w:pPr></w:style>',
        '<w:style w:type="paragraph" w:styleId="QuestionChild"><w:name w:val="Question Child"/><w:basedOn w:val="QuestionList"/></w:style>',
      ].join(''),
    });
    expect(result).toEqual(['p:1. Question', 'p:2. Question', 'p:Not numbered', 'p:Plain']);
  });

  it('leaves bulleted lists as list items without a label', async () => {
    const result = await lines({
      body: [numbered('one', 1), numbered('two', 1)].join(''),
      numbering: [listDefinition(0, [{ format: 'bullet', text: '' }]), listInstance(1, 0)].join(''),
    });
    expect(result).toEqual(['li:one', 'li:two']);
  });

  it('reads only the current properties of a paragraph whose numbering was changed with tracking', async () => {
    const changed =
      '<w:p><w:pPr><w:pStyle w:val="Normal"/><w:pPrChange w:id="1" w:author="T"><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr></w:pPrChange></w:pPr><w:r><w:t>was numbered</w:t></w:r></w:p>';
    const result = await lines({
      body: numbered('numbered', 1) + changed + numbered('numbered', 1),
      numbering: [listDefinition(0, [{ format: 'decimal', text: '%1.' }]), listInstance(1, 0)].join(''),
    });
    expect(result).toEqual(['p:1. numbered', 'p:was numbered', 'p:2. numbered']);
  });

  it('counts a text box once, though Word stores it twice', async () => {
    const box = (choice: boolean) =>
      `<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr><w:r><w:t>${choice ? 'modern' : 'fallback'}</w:t></w:r></w:p>`;
    const body =
      numbered('before', 1) +
      `<w:p><w:r><mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"><mc:Choice Requires="wps"><w:drawing><w:txbxContent>${box(true)}</w:txbxContent></w:drawing></mc:Choice><mc:Fallback><w:pict><v:shape xmlns:v="urn:schemas-microsoft-com:vml"><v:textbox><w:txbxContent>${box(false)}</w:txbxContent></v:textbox></v:shape></w:pict></mc:Fallback></mc:AlternateContent></w:r></w:p>` +
      numbered('after', 1);
    const result = await lines({
      body,
      numbering: [listDefinition(0, [{ format: 'decimal', text: '%1.' }]), listInstance(1, 0)].join(''),
    });
    expect(result).toContain('p:2. fallback');
    expect(result).toContain('p:3. after');
  });
});

describe('formatNumber', () => {
  it.each([
    [4, 'decimal', '4'],
    [7, 'decimalZero', '07'],
    [28, 'upperLetter', 'BB'],
    [3, 'lowerLetter', 'c'],
    [14, 'upperRoman', 'XIV'],
    [9, 'lowerRoman', 'ix'],
    [2, 'ordinal', '2nd'],
    [12, 'decimalFullWidth', '１２'],
    [3, 'decimalEnclosedCircle', '③'],
    [2, 'decimalEnclosedParen', '⑵'],
    [10, 'chineseCounting', '十'],
    [13, 'chineseCounting', '十三'],
    [40, 'chineseCountingThousand', '四十'],
    [105, 'chineseCountingThousand', '一百零五'],
    [12, 'chineseLegalSimplified', '壹拾贰'],
    [20, 'ideographDigital', '二〇'],
    [3, 'ideographTraditional', '丙'],
    [5, 'hex', '5'],
  ])('%i in %s is %s', (value, format, expected) => {
    expect(formatNumber(value, format)).toBe(expected);
  });
});
