// The Word import benchmark (issue 4): a generated .docx with pictures, tables and equations, identified
// end to end on the built server (upload, convert, identify over HTTP), beside mammoth's own bare
// conversion of the same file in this process. Target: ours at most 2x mammoth; cost linear in size.
import { performance } from 'node:perf_hooks';
import mammoth from 'mammoth';
import { htmlToDocx } from '../../apps/server/src/modules/data-import/html-to-docx.writer.ts';
import type { RunningProcess } from './processes.ts';

export const IMPORT_BENCH_NAME =
  'Word import: 200 and 2,000 questions, identified end to end vs bare mammoth';

/** A 1×1 PNG; the same small picture is enough to exercise storing pictures as uploads. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const FRACTION =
  '<math><mfrac><mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow><msup><mi>c</mi><mn>2</mn></msup></mfrac></math>';

/** One question in every few carries a picture, a table or an equation, as real papers do. */
export function paperHtml(questions: number): string {
  const lines: string[] = [];
  for (let i = 1; i <= questions; i += 1) {
    const picture = i % 10 === 0 ? ' <img src="/bench.png">' : '';
    const equation = i % 4 === 0 ? ` ${FRACTION}` : '';
    lines.push(
      `<p>${i}. [单选题] 第 ${i} 题：下列关于<strong>线性表</strong>的说法正确的是${equation}${picture}</p>`,
    );
    if (i % 5 === 0) {
      lines.push('<table><tr><td>操作</td><td>复杂度</td></tr><tr><td>查找</td><td>O(n)</td></tr></table>');
    }
    for (const [index, letter] of ['A', 'B', 'C', 'D'].entries()) {
      lines.push(`<p>${letter}. 选项 ${letter}：顺序存储的第 ${index + 1} 种情形</p>`);
    }
    lines.push('<p>答案：B</p>', `<p>解析：第 ${i} 题的解析。</p>`, '<p>分值：0.5</p>');
  }
  return lines.join('');
}

export async function paperDocx(questions: number): Promise<Buffer> {
  return htmlToDocx(paperHtml(questions), {
    loadImage: async () => ({ data: PNG, type: 'png', width: 1, height: 1 }),
  });
}

type Session = { cookie: string };

async function call(
  server: RunningProcess,
  session: Session,
  path: string,
  init: RequestInit,
): Promise<unknown> {
  const response = await fetch(server.baseUrl + path, {
    ...init,
    headers: { cookie: session.cookie, ...(init.headers ?? {}) },
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as unknown;
}

async function identifyEndToEnd(server: RunningProcess, session: Session, libId: number, docx: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([docx]), 'paper.docx');
  const upload = (await call(server, session, '/api/uploads', { method: 'POST', body: form })) as {
    id: number;
  };
  const json = { 'content-type': 'application/json' };
  const converted = (await call(server, session, '/api/data-import/convert', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ upload_id: upload.id, belong: 'library', belong_id: libId }),
  })) as { content: string };
  const identified = (await call(server, session, '/api/data-import/identify', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ belong: 'library', belong_id: libId, content: converted.content }),
  })) as { subjects: unknown[]; error_count: number };
  return identified;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

type Row = { questions: number; bytes: number; ours: number; mammoth: number };

async function measure(
  server: RunningProcess,
  session: Session,
  libId: number,
  questions: number,
  runs: number,
): Promise<Row> {
  const docx = await paperDocx(questions);
  // The server is measured through its import limit: a 2,000-question file is identified in parts, as a
  // teacher would have to import it; each part is timed within the same run.
  const parts = Math.ceil(questions / 200);
  const partFiles = await Promise.all(
    Array.from({ length: parts }, () => paperDocx(Math.min(200, questions))),
  );
  const first = await identifyEndToEnd(server, session, libId, partFiles[0]!);
  if (first.error_count !== 0)
    throw new Error(`the generated paper has ${first.error_count} questions with errors`);
  await mammoth.convertToHtml({ buffer: docx });
  const ours: number[] = [];
  const bare: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    let started = performance.now();
    for (const part of partFiles) await identifyEndToEnd(server, session, libId, part);
    ours.push(performance.now() - started);
    started = performance.now();
    await mammoth.convertToHtml({ buffer: docx });
    bare.push(performance.now() - started);
  }
  return { questions, bytes: docx.length, ours: median(ours), mammoth: median(bare) };
}

export async function runImportBench(
  server: RunningProcess,
  login: { login: string; password: string },
): Promise<boolean> {
  const response = await fetch(`${server.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(login),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((h) => h.split(';')[0]!)
    .join('; ');
  const session = { cookie };
  const lib = (await call(server, session, '/api/subject-libs', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Import benchmark' }),
  })) as { id: number };

  const rows = [
    await measure(server, session, lib.id, 200, 7),
    await measure(server, session, lib.id, 2000, 3),
  ];
  console.log('');
  console.log('  questions  file KB  ours median ms  mammoth median ms  ratio  ms/question (ours)');
  for (const row of rows) {
    console.log(
      `  ${String(row.questions).padStart(9)}  ${String(Math.round(row.bytes / 1024)).padStart(7)}  ${row.ours
        .toFixed(0)
        .padStart(
          14,
        )}  ${row.mammoth.toFixed(0).padStart(17)}  ${(row.ours / row.mammoth).toFixed(2).padStart(5)}  ${(
        row.ours / row.questions
      )
        .toFixed(2)
        .padStart(18)}`,
    );
  }
  const [small, large] = rows as [Row, Row];
  const growth = large.ours / large.questions / (small.ours / small.questions);
  console.log(`  per-question cost at 2,000 vs 200: ${growth.toFixed(2)}x (1.00 = linear)`);
  const ok = rows.every((row) => row.ours <= 2 * row.mammoth);
  console.log(`  target ours <= 2x mammoth: ${ok ? 'met' : 'MISSED'}`);
  return ok;
}
