import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSerializerCompiler, responseJsonSchema } from './serialization.ts';

const Schema = z.object({
  id: z.number().int(),
  title: z.string(),
  end_time: z.string().nullable(),
  module: z.object({ id: z.number(), name: z.string() }).nullable(),
  status: z.enum(['notStarted', 'inProgress', 'expired']),
  tags: z.array(z.string()),
  data: z.record(z.string(), z.unknown()),
  note: z.string().optional(),
});

const compile = (checkResponses: boolean) =>
  createSerializerCompiler({ checkResponses })({
    schema: Schema,
    method: 'GET',
    url: '/x',
    httpStatus: '200',
  } as Parameters<ReturnType<typeof createSerializerCompiler>>[0]);

const value = {
  id: 7,
  title: '第一章 "引言"',
  end_time: null,
  module: null,
  status: 'inProgress' as const,
  tags: ['a'],
  data: { nested: { deep: [1, 'two', null] } },
};

describe('response serialization', () => {
  it('writes nullable fields as the nullable keyword, not an anyOf that needs a validator', () => {
    const json = responseJsonSchema(Schema) as { properties: Record<string, Record<string, unknown>> };
    expect(json.properties.end_time).toMatchObject({ type: ['string', 'null'] });
    expect(json.properties.module).not.toHaveProperty('anyOf');
    expect(json.properties.module).toMatchObject({ type: 'object', nullable: true });
  });

  for (const checkResponses of [true, false]) {
    describe(checkResponses ? 'checked (development, tests)' : 'unchecked (production)', () => {
      const serialize = compile(checkResponses);

      it('writes the same JSON as JSON.stringify for a valid value, nulls and free-form data included', () => {
        expect(JSON.parse(serialize(value))).toEqual(value);
        expect(JSON.parse(serialize({ ...value, end_time: '2026-01-01T00:00:00.000Z' })).end_time).toBe(
          '2026-01-01T00:00:00.000Z',
        );
      });

      it('never writes a field the contract does not have', () => {
        const out = JSON.parse(
          serialize({ ...value, password_hash: 'secret', module: { id: 1, name: 'M', x: 1 } }),
        );
        expect(out).not.toHaveProperty('password_hash');
        expect(out.module).toEqual({ id: 1, name: 'M' });
      });

      it('refuses a value that lacks a required field', () => {
        const { title: _title, ...withoutTitle } = value;
        expect(() => serialize(withoutTitle)).toThrow();
      });
    });
  }

  it('in development also refuses a value of the wrong type, as a response serialization error', () => {
    const serialize = compile(true);
    let thrown: unknown;
    try {
      serialize({ ...value, status: 'archived' });
    } catch (error) {
      thrown = error;
    }
    expect(isResponseSerializationError(thrown)).toBe(true);
  });
});
