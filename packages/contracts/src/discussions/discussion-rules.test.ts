import { describe, expect, it } from 'vitest';
import { hasDiscussion, pageTagCount, takesTopics, typedLength } from './discussion-rules.ts';

describe('pageTagCount', () => {
  it('fits (width - 112) / 90 whole tags', () => {
    expect(pageTagCount(112)).toBe(0);
    expect(pageTagCount(201)).toBe(0);
    expect(pageTagCount(202)).toBe(1);
    expect(pageTagCount(400)).toBe(3);
    expect(pageTagCount(1012)).toBe(10);
  });

  it('is never negative, nor NaN', () => {
    expect(pageTagCount(50)).toBe(0);
    expect(pageTagCount(Number.NaN)).toBe(0);
  });
});

describe('discussion activity types', () => {
  it('takes comments on forums, courseware and videos, topics on forums only', () => {
    expect(hasDiscussion('forum')).toBe(true);
    expect(hasDiscussion('material')).toBe(true);
    expect(hasDiscussion('online_video')).toBe(true);
    expect(hasDiscussion('exam')).toBe(false);
    expect(takesTopics('forum')).toBe(true);
    expect(takesTopics('material')).toBe(false);
  });
});

describe('typedLength', () => {
  it('counts a post as typed: tags dropped, each escape one character', () => {
    expect(typedLength('<p>a&lt;b &amp; c</p>')).toBe(7);
    expect(typedLength('line<br>two')).toBe(8);
    expect(typedLength('&#20013;文')).toBe(2);
  });
});
