import type { Config } from '../../config.ts';

/** What an external checker answers about one submitted file. */
export type ThirdPartyResult = {
  status: 'pending' | 'done' | 'failed';
  /** 0-100 once done. */
  similarity: number | null;
  report_url: string | null;
};

/**
 * An external duplicate checker (a commercial plagiarism service): submit a file, poll until it is done,
 * then show its similarity and link to its report. Each service gets an adapter behind this interface.
 */
export interface ThirdPartyChecker {
  readonly name: string;
  /** Sends one file; the checker's id for it. */
  submit(
    file: { name: string; bytes: Buffer },
    meta: { homework_id: number; submission_id: number; submitter: string },
  ): Promise<string>;
  poll(externalId: string): Promise<ThirdPartyResult>;
}

const TIMEOUT_MS = 30_000;

/**
 * The generic HTTP JSON protocol (decision 0010):
 * - `POST {url}/submissions` with `{ file_name, content_base64, meta }` → `{ id }`
 * - `GET {url}/submissions/{id}` → `{ status: pending|done|failed, similarity, report_url }`
 * with `Authorization: Bearer {token}` when a token is configured.
 */
export function httpJsonChecker(options: {
  url: string;
  token?: string | undefined;
  name: string;
}): ThirdPartyChecker {
  const base = options.url.replace(/\/+$/, '');
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
  };

  async function call(path: string, init: RequestInit): Promise<Record<string, unknown>> {
    const response = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!response.ok) throw new Error(`${options.name} answered ${response.status}`);
    const body: unknown = await response.json();
    if (!body || typeof body !== 'object') throw new Error(`${options.name} answered without a JSON object`);
    return body as Record<string, unknown>;
  }

  return {
    name: options.name,
    async submit(file, meta) {
      const body = await call('/submissions', {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ file_name: file.name, content_base64: file.bytes.toString('base64'), meta }),
      });
      const id = body.id;
      if (typeof id !== 'string' && typeof id !== 'number') throw new Error(`${options.name} gave no id`);
      return String(id);
    },
    async poll(externalId) {
      const body = await call(`/submissions/${encodeURIComponent(externalId)}`, { method: 'GET', headers });
      const status = body.status === 'done' || body.status === 'failed' ? body.status : 'pending';
      const similarity =
        typeof body.similarity === 'number' ? Math.min(Math.max(body.similarity, 0), 100) : null;
      const report =
        typeof body.report_url === 'string' && /^https?:\/\//.test(body.report_url) ? body.report_url : null;
      return { status, similarity, report_url: report };
    },
  };
}

/** The configured checker, or null when none is (the default). */
export function thirdPartyCheckerOf(config: Config): ThirdPartyChecker | null {
  const provider = config.duplicateCheckProvider;
  return provider ? httpJsonChecker(provider) : null;
}
