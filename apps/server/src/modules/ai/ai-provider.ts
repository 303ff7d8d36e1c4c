import OpenAI, { APIConnectionTimeoutError, APIError, toFile } from 'openai';
import type { FastifyBaseLogger } from 'fastify';
import type { AiFeature } from '@lectern/contracts/ai/ai.schemas';
import type { AiConfig } from '../../config.ts';
import { AppError } from '../../platform/errors.ts';

export type ChatMessage = Readonly<{ role: 'system' | 'user' | 'assistant'; content: string }>;

/** What the provider reports a call used; credits are debited from this, never from our own estimate. */
export type AiUsage = Readonly<{ promptTokens: number; completionTokens: number }>;

/** One stretch of recognised speech, in seconds from the start of the audio. */
export type TranscriptSegment = Readonly<{ start: number; end: number; text: string }>;

export type AiProvider = Readonly<{
  available: boolean;
  /**
   * Speech to text through the provider's `/audio/transcriptions` (OpenAI's Whisper API, which compatible
   * servers such as vLLM, LocalAI and faster-whisper-server also speak), with segment timings.
   */
  transcribe(
    audio: Buffer,
    fileName: string,
    signal?: AbortSignal,
  ): Promise<{ segments: TranscriptSegment[]; duration: number }>;
  /**
   * Yields the model's text as it arrives and returns the usage from the stream's last chunk. Throws an
   * AppError when no model is configured, the provider refuses (429), times out or breaks off, or reports no
   * usage: in every such case nothing may be debited.
   */
  stream(
    feature: AiFeature,
    messages: readonly ChatMessage[],
    signal?: AbortSignal,
  ): AsyncGenerator<string, AiUsage>;
}>;

export const aiUnavailable = () => new AppError('service_unavailable', 'ai.unavailable');

/** The official client against any OpenAI-compatible chat-completions endpoint (decision 0017). */
export function createAiProvider(config: AiConfig, log: FastifyBaseLogger): AiProvider {
  const provider = config.provider;
  // Retries would multiply a student's wait and the provider's bill; a failed call is reported instead.
  const client = provider
    ? new OpenAI({
        baseURL: provider.baseUrl,
        apiKey: provider.apiKey,
        maxRetries: 0,
        timeout: config.timeoutMs,
      })
    : undefined;

  async function* stream(
    feature: AiFeature,
    messages: readonly ChatMessage[],
    signal?: AbortSignal,
  ): AsyncGenerator<string, AiUsage> {
    if (!provider || !client) throw aiUnavailable();
    const model = provider.models[feature];
    // The client's own timeout covers only the wait for headers; this one also covers a stream that stalls.
    const deadline = AbortSignal.timeout(config.timeoutMs);
    const started = performance.now();
    let firstTokenMs: number | null = null;
    let usage: AiUsage | null = null;
    try {
      const chunks = await client.chat.completions.create(
        { model, messages: [...messages], stream: true, stream_options: { include_usage: true } },
        { signal: signal ? AbortSignal.any([signal, deadline]) : deadline },
      );
      for await (const chunk of chunks) {
        const delta = chunk.choices[0]?.delta?.content;
        if (delta) {
          firstTokenMs ??= performance.now() - started;
          yield delta;
        }
        if (chunk.usage) {
          usage = {
            promptTokens: chunk.usage.prompt_tokens,
            completionTokens: chunk.usage.completion_tokens,
          };
        }
      }
    } catch (error) {
      const failure = classify(error, deadline.aborted);
      log.warn(
        { ai: { feature, model, ms: Math.round(performance.now() - started), failure: failure.detail } },
        'ai call failed',
      );
      throw failure;
    }
    const ms = Math.round(performance.now() - started);
    if (!usage) {
      log.warn({ ai: { feature, model, ms } }, 'ai call reported no usage');
      throw new AppError('service_unavailable', 'ai.providerFailed');
    }
    // Tokens and timings only: prompts hold student work and outputs are suggestions about it.
    log.info(
      {
        ai: {
          feature,
          model,
          ms,
          firstTokenMs: firstTokenMs === null ? null : Math.round(firstTokenMs),
          ...usage,
        },
      },
      'ai call',
    );
    return usage;
  }

  async function transcribe(audio: Buffer, fileName: string, signal?: AbortSignal) {
    if (!provider || !client) throw aiUnavailable();
    const deadline = AbortSignal.timeout(config.timeoutMs);
    const started = performance.now();
    try {
      const result = await client.audio.transcriptions.create(
        {
          file: await toFile(audio, fileName),
          model: provider.transcriptionModel,
          response_format: 'verbose_json',
          timestamp_granularities: ['segment'],
        },
        { signal: signal ? AbortSignal.any([signal, deadline]) : deadline },
      );
      const segments = (result.segments ?? []).map((s) => ({ start: s.start, end: s.end, text: s.text }));
      const duration = result.duration ?? segments.at(-1)?.end ?? 0;
      log.info(
        {
          ai: {
            feature: 'transcription',
            model: provider.transcriptionModel,
            ms: Math.round(performance.now() - started),
            duration,
            segments: segments.length,
          },
        },
        'ai transcription',
      );
      return { segments, duration };
    } catch (error) {
      const failure = classify(error, deadline.aborted);
      log.warn(
        {
          ai: {
            feature: 'transcription',
            ms: Math.round(performance.now() - started),
            failure: failure.detail,
          },
        },
        'ai transcription failed',
      );
      throw failure;
    }
  }

  return { available: provider !== undefined, stream, transcribe };
}

function classify(error: unknown, timedOut: boolean): AppError {
  if (error instanceof AppError) return error;
  if (timedOut || error instanceof APIConnectionTimeoutError)
    return new AppError('service_unavailable', 'ai.providerTimeout');
  if (error instanceof APIError && error.status === 429)
    return new AppError('rate_limited', 'ai.providerBusy');
  return new AppError('service_unavailable', 'ai.providerFailed');
}
