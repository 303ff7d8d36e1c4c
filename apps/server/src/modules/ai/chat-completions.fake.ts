import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeMode = 'normal' | 'broken' | 'rate_limited' | 'timeout' | 'malformed';

export type FakeChatCompletions = {
  /** The base URL to give the client (AI_BASE_URL). */
  url: string;
  mode: FakeMode;
  /** The text the model "answers" in normal mode, streamed in a few deltas. */
  answer: string;
  usage: { prompt_tokens: number; completion_tokens: number };
  /** What `/audio/transcriptions` recognises (verbose_json segments) and the audio's length in seconds. */
  transcript: { segments: { start: number; end: number; text: string }[]; duration: number };
  /** Each transcription request: the model asked for and the bytes of the uploaded file. */
  transcriptions: { model: string; responseFormat: string; fileBytes: number }[];
  /** Every request body received, in order. */
  requests: { model: string; messages: { role: string; content: string }[]; stream_options?: unknown }[];
  close(): Promise<void>;
};

/**
 * A local stand-in for an OpenAI-compatible chat-completions endpoint speaking its streaming protocol:
 * server-sent `data: {chunk}` lines, usage in a final chunk without choices, then `data: [DONE]`. The
 * modes give the failures a real provider has, so the real `openai` client path is what tests exercise.
 */
export async function startFakeChatCompletions(): Promise<FakeChatCompletions> {
  const hanging = new Set<ServerResponse>();
  const fake: FakeChatCompletions = {
    url: '',
    mode: 'normal',
    answer: '{"ok":true}',
    usage: { prompt_tokens: 1200, completion_tokens: 300 },
    transcript: {
      segments: [
        { start: 0, end: 2.5, text: 'Welcome to the lecture.' },
        { start: 2.5, end: 5, text: 'Today: linked lists.' },
      ],
      duration: 5,
    },
    transcriptions: [],
    requests: [],
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    const raw: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      raw.push(chunk);
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      if (req.method === 'POST' && req.url?.endsWith('/audio/transcriptions')) {
        transcribe(Buffer.concat(raw), String(req.headers['content-type'] ?? ''), res);
        return;
      }
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404).end();
        return;
      }
      fake.requests.push(JSON.parse(body) as FakeChatCompletions['requests'][number]);
      const mode = fake.mode;
      if (mode === 'rate_limited') {
        res.writeHead(429, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'Rate limit reached', type: 'rate_limit_error' } }));
        return;
      }
      if (mode === 'timeout') {
        hanging.add(res);
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const chunk = (delta: object, extra: object = {}) =>
        `data: ${JSON.stringify({
          id: 'chatcmpl-fake',
          object: 'chat.completion.chunk',
          created: Math.floor(Date.now() / 1000),
          model: 'fake-model',
          choices: [{ index: 0, delta, finish_reason: null }],
          ...extra,
        })}\n\n`;
      const text = mode === 'malformed' ? 'Sure! Here is the rubric: {criteria: [oops' : fake.answer;
      const pieces = text.match(/[\s\S]{1,4}/g) ?? [];
      res.write(chunk({ role: 'assistant', content: '' }));
      if (mode === 'broken') {
        res.write(chunk({ content: pieces[0] ?? 'x' }));
        // Half a chunk, then the connection drops: what a provider restart or a proxy cut looks like.
        res.write('data: {"id":"chatcmpl-fake","choi');
        setTimeout(() => res.destroy(), 5);
        return;
      }
      for (const piece of pieces) res.write(chunk({ content: piece }));
      res.write(
        `data: ${JSON.stringify({
          id: 'chatcmpl-fake',
          object: 'chat.completion.chunk',
          created: Math.floor(Date.now() / 1000),
          model: 'fake-model',
          choices: [],
          usage: { ...fake.usage, total_tokens: fake.usage.prompt_tokens + fake.usage.completion_tokens },
        })}\n\n`,
      );
      res.end('data: [DONE]\n\n');
    });
  });
  /** OpenAI's Whisper API: a multipart form (file, model, response_format) answered with verbose JSON. */
  function transcribe(payload: Buffer, contentType: string, res: ServerResponse): void {
    const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
    const fields = new Map<string, Buffer>();
    if (boundary) {
      const marker = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
      let at = payload.indexOf(marker);
      while (at >= 0) {
        const next = payload.indexOf(marker, at + marker.length);
        if (next < 0) break;
        const part = payload.subarray(at + marker.length + 2, next - 2);
        const split = part.indexOf('\r\n\r\n');
        const name = /name="([^"]+)"/.exec(part.subarray(0, split).toString('utf8'))?.[1];
        if (name) fields.set(name, part.subarray(split + 4));
        at = next;
      }
    }
    const file = fields.get('file');
    const model = fields.get('model');
    if (!file || file.length === 0 || !model) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ error: { message: 'file and model are required', type: 'invalid_request_error' } }),
      );
      return;
    }
    fake.transcriptions.push({
      model: model.toString('utf8'),
      responseFormat: fields.get('response_format')?.toString('utf8') ?? 'json',
      fileBytes: file.length,
    });
    if (fake.mode === 'rate_limited') {
      res.writeHead(429, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'Rate limit reached', type: 'rate_limit_error' } }));
      return;
    }
    const { segments, duration } = fake.transcript;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        task: 'transcribe',
        language: 'english',
        duration,
        text: segments.map((s) => s.text).join(' '),
        segments: segments.map((s, id) => ({ id, seek: 0, tokens: [], temperature: 0, ...s })),
      }),
    );
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}
