import { describe, expect, it } from 'vitest';
import type { SubjectType } from '@lectern/contracts/exams/subject.schemas';
import { readMoodleXml } from './moodle-xml.reader.ts';
import { emptyQuestion, type QuestionModel } from './question-model.ts';

const q = (type: SubjectType, fields: Partial<QuestionModel>): QuestionModel => ({
  ...emptyQuestion(type),
  ...fields,
});

/** Shaped like a Moodle 4 export: category entry, combined feedback, empty per-answer feedback, tags. */
const SAMPLE = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
<!-- question: 0  -->
  <question type="category">
    <category><text>$course$/top/Default for Geography</text></category>
    <info format="moodle_auto_format"><text>The default category</text></info>
  </question>

<!-- question: 101  -->
  <question type="multichoice">
    <name><text>Capital of France</text></name>
    <questiontext format="html">
      <text><![CDATA[<p>What is the capital of <strong>France</strong>?</p><p><img src="@@PLUGINFILE@@/eiffel%20tower.png" alt="Eiffel" width="200"></p>]]></text>
      <file name="eiffel tower.png" path="/" encoding="base64">iVBORw0KGgo=</file>
    </questiontext>
    <generalfeedback format="html"><text><![CDATA[<p>Paris has been the capital since 987.</p>]]></text></generalfeedback>
    <defaultgrade>2.0000000</defaultgrade>
    <penalty>0.3333333</penalty>
    <hidden>0</hidden>
    <single>true</single>
    <shuffleanswers>true</shuffleanswers>
    <answernumbering>abc</answernumbering>
    <correctfeedback format="html"><text>Your answer is correct.</text></correctfeedback>
    <incorrectfeedback format="html"><text>Your answer is incorrect.</text></incorrectfeedback>
    <answer fraction="100" format="html">
      <text><![CDATA[<p>Paris</p>]]></text>
      <feedback format="html"><text></text></feedback>
    </answer>
    <answer fraction="50" format="html">
      <text>&lt;p&gt;Versailles &amp;amp; Paris&lt;/p&gt;</text>
      <feedback format="html"><text></text></feedback>
    </answer>
    <answer fraction="0" format="html">
      <text>Lyon</text>
      <feedback format="html"><text></text></feedback>
    </answer>
    <tags>
      <tag><text>geography</text></tag>
      <tag><text>capitals</text></tag>
    </tags>
  </question>

  <question type="multichoice">
    <name><text>Primes</text></name>
    <questiontext format="html"><text>Which numbers are prime?</text></questiontext>
    <defaultgrade>1</defaultgrade>
    <single>false</single>
    <answer fraction="50"><text>2</text></answer>
    <answer fraction="50"><text>3</text></answer>
    <answer fraction="-100"><text>4</text></answer>
  </question>

  <question type="truefalse">
    <name><text>Water boils</text></name>
    <questiontext format="moodle_auto_format"><text>Water boils at 100 °C at sea level.</text></questiontext>
    <generalfeedback format="moodle_auto_format"><text></text></generalfeedback>
    <defaultgrade>1.0000000</defaultgrade>
    <answer fraction="100" format="moodle_auto_format">
      <text>true</text>
      <feedback format="html"><text>Right, at 1 atm.</text></feedback>
    </answer>
    <answer fraction="0" format="moodle_auto_format">
      <text>false</text>
      <feedback format="html"><text></text></feedback>
    </answer>
  </question>

  <question type="shortanswer">
    <name><text>Author</text></name>
    <questiontext format="html"><text><![CDATA[<p>Who wrote <em>Hamlet</em>?</p>]]></text></questiontext>
    <defaultgrade>1.5</defaultgrade>
    <usecase>1</usecase>
    <answer fraction="100" format="moodle_auto_format"><text>Shakespeare</text></answer>
    <answer fraction="100" format="moodle_auto_format"><text>William Shakespeare</text></answer>
    <answer fraction="50" format="moodle_auto_format"><text>Marlowe</text></answer>
  </question>

  <question type="numerical">
    <name><text>Pi</text></name>
    <questiontext format="html"><text>Pi to two decimals is ____ .</text></questiontext>
    <defaultgrade>1.25</defaultgrade>
    <answer fraction="100"><text>3.14</text><tolerance>0.005</tolerance></answer>
    <answer fraction="0"><text>*</text><tolerance>0</tolerance></answer>
  </question>

  <question type="essay">
    <name><text>Summer</text></name>
    <questiontext format="plain_text"><text>Describe your summer.
Use &lt;200 words.</text></questiontext>
    <defaultgrade>10</defaultgrade>
    <responseformat>editor</responseformat>
    <graderinfo format="html"><text><![CDATA[<p>Mentions a trip.</p>]]></text></graderinfo>
  </question>

  <question type="matching">
    <name><text>Capitals</text></name>
    <questiontext format="html"><text>Match each country with its capital.</text></questiontext>
    <defaultgrade>3</defaultgrade>
    <shuffleanswers>true</shuffleanswers>
    <subquestion format="html"><text><![CDATA[<p>France</p>]]></text><answer><text>Paris</text></answer></subquestion>
    <subquestion format="html"><text>Italy</text><answer><text>Rome</text></answer></subquestion>
    <subquestion format="html"><text>Vatican City</text><answer><text>Rome</text></answer></subquestion>
    <subquestion format="html"><text></text><answer><text>Lisbon &amp; Porto</text></answer></subquestion>
  </question>

  <question type="description">
    <name><text>Intro</text></name>
    <questiontext format="html"><text><![CDATA[<p>Read the following questions carefully.</p>]]></text></questiontext>
    <defaultgrade>0</defaultgrade>
  </question>

  <question type="multianswer">
    <name><text>Cloze geography</text></name>
    <questiontext format="html"><text><![CDATA[<p>The capital of France is {1:SHORTANSWER:=Paris#Yes~%100%paris~*#No} and pi is about {2:NUMERICAL:=3.14:0.01}.</p>]]></text></questiontext>
    <generalfeedback format="html"><text></text></generalfeedback>
  </question>

  <question type="multianswer">
    <name><text>Cloze with a choice</text></name>
    <questiontext format="html"><text><![CDATA[<p>Paris is in {1:MULTICHOICE:=France~Spain}.</p>]]></text></questiontext>
  </question>

  <question type="calculated">
    <name><text>Area of a circle</text></name>
    <questiontext format="html"><text>Radius {r}: area?</text></questiontext>
  </question>

  <question type="ddwtos">
    <questiontext format="html"><text>Drag [[1]] here.</text></questiontext>
  </question>
</quiz>
`;

describe('readMoodleXml', () => {
  it('keeps each question’s name as its note and the category entry it was filed under', () => {
    const { questions } = readMoodleXml(SAMPLE, { locale: 'en-US' });
    expect(questions[0]?.note).toBe('Capital of France');
    expect(questions.map((question) => question.note)).toContain('Primes');
    expect(new Set(questions.map((question) => question.category))).toEqual(
      new Set(['$course$/top/Default for Geography']),
    );
    const two = `<quiz>
  <question type="truefalse"><name><text>Before</text></name><questiontext><text>One?</text></questiontext>
    <answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer></question>
  <question type="category"><category><text>$course$/top/Unit 1/Part b</text></category></question>
  <question type="truefalse"><name><text>After</text></name><questiontext><text>Two?</text></questiontext>
    <answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer></question>
</quiz>`;
    expect(readMoodleXml(two, { locale: 'en-US' }).questions.map((q) => [q.note, q.category])).toEqual([
      ['Before', null],
      ['After', '$course$/top/Unit 1/Part b'],
    ]);
  });

  it('reads every supported Moodle question type into the question model', () => {
    const { questions } = readMoodleXml(SAMPLE, { locale: 'en-US' });
    // Each question's notes, name and category are checked below.
    expect(questions.map((question) => ({ ...question, notes: [], note: null, category: null }))).toEqual([
      q('single_selection', {
        // The picture the file carries travels inline; the convert step stores it as an upload.
        description:
          '<p>What is the capital of <strong>France</strong>?</p><p><img src="data:image/png;base64,iVBORw0KGgo=" alt="Eiffel" width="200"></p>',
        point: 2,
        // A near miss worth 50% keeps its share as a weight.
        options: [
          { content: '<p>Paris</p>', is_answer: true, weight: 1 },
          { content: '<p>Versailles &amp; Paris</p>', is_answer: false, weight: 0.5 },
          { content: 'Lyon', is_answer: false, weight: 0 },
        ],
        answer_explanation: '<p>Paris has been the capital since 987.</p>',
        knowledge_node_names: ['geography', 'capitals'],
      }),
      q('multiple_selection', {
        description: 'Which numbers are prime?',
        point: 1,
        // Several answers: Moodle's fractions are how it grades them, kept as weights.
        options: [
          { content: '2', is_answer: true, weight: 0.5 },
          { content: '3', is_answer: true, weight: 0.5 },
          { content: '4', is_answer: false, weight: -1 },
        ],
      }),
      q('true_or_false', {
        description: 'Water boils at 100 °C at sea level.',
        point: 1,
        options: [
          { content: 'True', is_answer: true },
          { content: 'False', is_answer: false },
        ],
      }),
      q('fill_in_blank', {
        description: '<p>Who wrote <em>Hamlet</em>? ____</p>',
        point: 1.5,
        blanks: [{ answers: ['Shakespeare', 'William Shakespeare'] }],
        settings: { case_sensitive: true },
      }),
      q('fill_in_blank', {
        description: 'Pi to two decimals is ____ .',
        point: 1.3,
        blanks: [{ answers: ['3.14±0.005'] }],
      }),
      q('short_answer', {
        description: 'Describe your summer.<br>Use &lt;200 words.',
        point: 10,
        answer: '<p>Mentions a trip.</p>',
      }),
      q('matching', {
        description: 'Match each country with its capital.',
        point: 3,
        options: [
          { content: 'Paris', is_answer: false },
          { content: 'Rome', is_answer: false },
          { content: 'Lisbon &amp; Porto', is_answer: false },
        ],
        pairs: [
          { content: '<p>France</p>', option_index: 0 },
          { content: 'Italy', option_index: 1 },
          { content: 'Vatican City', option_index: 1 },
        ],
      }),
      q('paragraph_desc', { description: '<p>Read the following questions carefully.</p>' }),
      q('fill_in_blank', {
        description: '<p>The capital of France is ____ and pi is about ____.</p>',
        blanks: [{ answers: ['Paris', 'paris'] }, { answers: ['3.14±0.01'] }],
      }),
      // Embedded choices only: a cloze of single choices, one per gap, worth the gap's weight.
      q('cloze', {
        description: '<p>Paris is in (1)____.</p>',
        point: 1,
        sub_subjects: [
          q('single_selection', {
            description: '(1)',
            point: 1,
            options: [
              { content: 'France', is_answer: true },
              { content: 'Spain', is_answer: false },
            ],
          }),
        ],
      }),
    ]);
  });

  it('names the questions it cannot import, and notes on each question what it lost', () => {
    const { questions, warnings } = readMoodleXml(SAMPLE, { locale: 'en-US' });
    expect(warnings).toEqual([
      '"Area of a circle" is not imported: the Moodle question type "calculated" is not supported.',
      '"question 12" is not imported: the Moodle question type "ddwtos" is not supported.',
    ]);
    const partial = (name: string, answers: string) =>
      `"${name}": answers worth partial credit are not imported: ${answers}. A blank accepts only fully correct answers, so these score nothing after import.`;
    const feedback = (name: string) => `Feedback on individual answers is not imported (${name}).`;
    expect(
      questions.flatMap((question, index) => (question.notes.length > 0 ? [[index, question.notes]] : [])),
    ).toEqual([
      [2, [feedback('Water boils')]],
      [3, [partial('Author', 'Marlowe (50%)')]],
      [8, [feedback('Cloze geography')]],
    ]);
  });

  it('keeps a cloze gap’s near miss as a weight and says which blank answers worth part of the points are dropped', () => {
    const xml = `<quiz><question type="multianswer"><name><text>Gaps</text></name>
<questiontext format="html"><text><![CDATA[<p>{1:MULTICHOICE:=Paris~%50%Versailles~Lyon} {1:SHORTANSWER:=blue~%50%blu}</p>]]></text></questiontext></question></quiz>`;
    const { questions } = readMoodleXml(xml, { locale: 'en-US' });
    const [question] = questions;
    expect(question?.sub_subjects.map((sub) => [sub.options, sub.blanks])).toEqual([
      [
        [
          { content: 'Paris', is_answer: true, weight: 1 },
          { content: 'Versailles', is_answer: false, weight: 0.5 },
          { content: 'Lyon', is_answer: false, weight: 0 },
        ],
        [],
      ],
      [[], [{ answers: ['blue'] }]],
    ]);
    expect(question?.notes).toEqual([
      '"Gaps": answers worth partial credit are not imported: blu (50%). A blank accepts only fully correct answers, so these score nothing after import.',
    ]);
  });

  it('uses the true/false words and placeholders of the reader’s language', () => {
    const { questions } = readMoodleXml(SAMPLE, { locale: 'zh-TW' });
    const { questions: linked } = readMoodleXml(
      '<quiz><question type="essay"><name><text>E</text></name><questiontext format="html"><text><![CDATA[<img src="@@PLUGINFILE@@/eiffel%20tower.png">]]></text></questiontext></question></quiz>',
      { locale: 'zh-TW' },
    );
    // A picture the file names but does not carry stays a visible placeholder.
    expect(linked[0]?.description).toContain('[圖片：eiffel tower.png]');
    expect(linked[0]?.notes).toEqual([
      '檔案中嵌入的圖片沒有匯入，已在原位置顯示為「[圖片：檔名]」，請匯入後重新插入圖片',
    ]);
    expect(questions[2]?.options).toEqual([
      { content: '正確', is_answer: true },
      { content: '錯誤', is_answer: false },
    ]);
  });

  it('never expands entities a DOCTYPE declares', () => {
    const xml = `<?xml version="1.0"?>
<!DOCTYPE quiz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;">]>
<quiz><question type="essay"><name><text>E</text></name>
<questiontext format="plain_text"><text>Say &lol2; &#233;</text></questiontext></question></quiz>`;
    const { questions } = readMoodleXml(xml, { locale: 'en-US' });
    expect(questions.map((question) => question.description)).toEqual(['Say &amp;lol2; é']);
  });

  it('reports a damaged file with its line, and an XML file that is no quiz', () => {
    const damaged =
      '<?xml version="1.0"?>\n<quiz>\n<question type="essay"><name><text>x</name>\n</question></quiz>';
    expect(readMoodleXml(damaged, { locale: 'en-US' })).toEqual({
      questions: [],
      warnings: ['This Moodle XML file cannot be read (error near line 3); the file may be damaged.'],
    });
    expect(readMoodleXml('<html><body/></html>', { locale: 'en-US' }).warnings).toEqual([
      'This is not a Moodle XML question file: its outer element should be <quiz>.',
    ]);
  });

  it('keeps Moodle 1.9 pictures (<image> with <image_base64>) after the question text', () => {
    const xml = `<quiz><question type="essay"><name><text>Old</text></name>
<questiontext format="html"><text>What is shown?</text></questiontext>
<image>flag.png</image><image_base64>iVBORw0KGgo=</image_base64></question></quiz>`;
    const { questions, warnings } = readMoodleXml(xml, { locale: 'en-US' });
    expect(questions[0]?.description).toBe(
      'What is shown?<p><img src="data:image/png;base64,iVBORw0KGgo=" alt="flag.png"></p>',
    );
    expect(warnings).toEqual([]);
  });

  it('refuses a question whose answers say nothing correct', () => {
    const xml = `<quiz><question type="shortanswer"><name><text>Empty</text></name>
<questiontext format="html"><text>Name a colour.</text></questiontext>
<answer fraction="50"><text>grey</text></answer></question></quiz>`;
    expect(readMoodleXml(xml, { locale: 'en-US' })).toEqual({
      questions: [],
      warnings: ['"Empty" is not imported: its answers cannot be read.'],
    });
  });
});
