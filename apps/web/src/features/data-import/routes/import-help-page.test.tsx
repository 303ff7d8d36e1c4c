import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { ClassroomImportHelpPage, ExamImportHelpPage, LibraryImportHelpPage } from './import-help-page.tsx';

function renderHelp(path: string) {
  return renderRoutes(
    [
      { path: '/course/exam-subjects-import-help', element: <ExamImportHelpPage /> },
      { path: '/course/classroom-subjects-import-help', element: <ClassroomImportHelpPage /> },
      { path: '/course/library-subjects-import-help', element: <LibraryImportHelpPage /> },
    ],
    path,
  );
}

const example = (name: string) => screen.getByLabelText(name).textContent ?? '';

describe('import help pages', { timeout: 60_000 }, () => {
  it('shows the parser vocabulary in the page language, with a worked example per type', async () => {
    await i18n.changeLanguage('zh-CN');
    renderHelp('/course/exam-subjects-import-help?mode=word&show_knowledge_node=true');

    expect(await screen.findByRole('heading', { name: '向测试导入题目' })).toBeTruthy();
    expect(screen.getByText('单选题 / 单选 / 单项选择题')).toBeTruthy();
    expect(screen.getByText('正确 / 对 / √ / ✓ / 是')).toBeTruthy();
    expect(screen.getByText('易 / 简单 / 容易')).toBeTruthy();
    const single = example('单选题');
    expect(single).toContain('1. [单选题] 哪种数据结构是后进先出的？');
    expect(single).toContain('答案：B');
    expect(single).toContain('分值：2');
    expect(single).toContain('难度：易');
    expect(single).toContain('知识点：栈；线性结构');
    expect(example('填空题')).toContain('答案：100|一百；0');
    // Partial credit and numeric ranges, in the parser's own words.
    expect(document.body.textContent).toContain('选项得分：  部分得分：');
    expect(document.body.textContent).toContain('3.14±0.01');
    expect(example('综合题')).toContain('(2) [填空题] 学生人数增长了 ____%。');
    expect(screen.getByRole('heading', { name: '知识点' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /简体中文模板/ }).getAttribute('href')).toBe(
      '/static/data_import_templates/exam-with-knowledge-node-zh-cn.docx',
    );
    expect(screen.getByRole('link', { name: /英文模板/ }).getAttribute('href')).toBe(
      '/static/data_import_templates/exam-with-knowledge-node-en-us.docx',
    );
  });

  it('leaves the knowledge points out when show_knowledge_node=false', async () => {
    await i18n.changeLanguage('en-US');
    renderHelp('/course/library-subjects-import-help?mode=word&show_knowledge_node=false');

    expect(
      await screen.findByRole('heading', { name: 'Importing questions into a question library' }),
    ).toBeTruthy();
    expect(example('Single choice')).toContain('Answer: B');
    expect(screen.queryByRole('heading', { name: 'Knowledge points' })).toBeNull();
    expect(document.body.textContent).not.toContain('Knowledge points:');
    expect(screen.getByRole('link', { name: /Template in English/ }).getAttribute('href')).toBe(
      '/static/data_import_templates/library-en-us.docx',
    );
    // Libraries have no points limit.
    const limits = screen.getByRole('region', { name: 'Limits' });
    expect(within(limits).queryByText(/points/)).toBeNull();
  });

  it('shows classroom exams only the stand-alone types and their points rule', async () => {
    await i18n.changeLanguage('en-US');
    renderHelp('/course/classroom-subjects-import-help?mode=word&show_knowledge_node=true');

    expect(
      await screen.findByRole('heading', { name: 'Importing questions into a classroom exam' }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'True or false' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Analysis' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Cloze' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Knowledge points' })).toBeNull();
    const limits = screen.getByRole('region', { name: 'Limits' });
    expect(within(limits).getByText(/at most its total points \(100 unless/)).toBeTruthy();
    expect(within(limits).getByText(/stand-alone questions only/)).toBeTruthy();
  });
});
