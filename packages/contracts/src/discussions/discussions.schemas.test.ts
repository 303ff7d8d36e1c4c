import { describe, expect, it } from 'vitest';
import {
  commentIdsOf,
  CommentsQuerySchema,
  CreateCommentRequestSchema,
  RepliesForCommentsQuerySchema,
  UpdateCommentRequestSchema,
} from './discussions.schemas.ts';

describe('CommentsQuerySchema', () => {
  it('defaults to 10 a page, newest first', () => {
    expect(CommentsQuerySchema.parse({})).toMatchObject({
      page: 1,
      page_size: 10,
      order_key: 'id',
      order: 'desc',
    });
  });

  it('accepts only the page sizes 10, 20, 30 and 50', () => {
    for (const size of ['10', '20', '30', '50']) {
      expect(CommentsQuerySchema.safeParse({ page_size: size }).success).toBe(true);
    }
    for (const size of ['5', '15', '100', 'x']) {
      const result = CommentsQuerySchema.safeParse({ page_size: size });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('discussions.pageSizeInvalid');
    }
  });

  it('accepts the cursors the server hands out and nothing else', () => {
    expect(CommentsQuerySchema.safeParse({ cursor: '123' }).success).toBe(true);
    expect(CommentsQuerySchema.safeParse({ cursor: '4_123' }).success).toBe(true);
    expect(CommentsQuerySchema.safeParse({ cursor: '4_' }).success).toBe(false);
    expect(CommentsQuerySchema.safeParse({ cursor: 'abc' }).success).toBe(false);
  });
});

describe('comment bodies', () => {
  it('requires content with the placeholder message', () => {
    const result = CreateCommentRequestSchema.safeParse({ content: '   ' });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['content'],
      message: 'discussions.contentRequired',
    });
  });

  it('limits questions, and only questions, to 500 characters', () => {
    const long = 'x'.repeat(501);
    expect(
      CreateCommentRequestSchema.safeParse({ content: 'x'.repeat(500), comment_type: 'question' }).success,
    ).toBe(true);
    const question = CreateCommentRequestSchema.safeParse({ content: long, comment_type: 'question' });
    expect(question.error?.issues[0]).toMatchObject({
      path: ['content'],
      message: 'discussions.questionTooLong',
      maximum: 500,
    });
    expect(CreateCommentRequestSchema.safeParse({ content: long }).success).toBe(true);
    // 500 typed characters escaped to HTML by the client still count as 500.
    const escaped = `<p>${'&lt;'.repeat(500)}</p>`;
    expect(CreateCommentRequestSchema.safeParse({ content: escaped, comment_type: 'question' }).success).toBe(
      true,
    );
    expect(UpdateCommentRequestSchema.safeParse({ content: long, comment_type: 'question' }).success).toBe(
      false,
    );
  });
});

describe('RepliesForCommentsQuerySchema', () => {
  it('reads comma lists, repeated ids and comment_ids[]', () => {
    const ids = (query: object) => commentIdsOf(RepliesForCommentsQuerySchema.parse(query));
    expect(ids({ comment_ids: '1, 2' })).toEqual([1, 2]);
    expect(ids({ comment_ids: ['3', '4'] })).toEqual([3, 4]);
    expect(ids({ 'comment_ids[]': ['5', '6'], comment_ids: '5' })).toEqual([5, 6]);
  });

  it('refuses an empty list and non-ids', () => {
    expect(RepliesForCommentsQuerySchema.safeParse({}).success).toBe(false);
    expect(RepliesForCommentsQuerySchema.safeParse({ comment_ids: '1,x' }).success).toBe(false);
  });
});
