import { describe, expect, it } from 'vitest';
import { makeActivity } from '../test/fixtures.ts';
import {
  buildActivityData,
  dataFieldsFor,
  formValuesFromActivity,
  isWebUrl,
  takesAttachments,
  toCreateRequest,
  toUpdateRequest,
} from './activity-form.rules.ts';

describe('type-specific fields', () => {
  it('follows the activity type', () => {
    expect(dataFieldsFor('page')).toEqual(['content']);
    expect(dataFieldsFor('web_link')).toEqual(['url', 'description']);
    expect(dataFieldsFor('tencent_meeting')).toEqual(['meeting_code', 'join_url', 'description']);
    expect(dataFieldsFor('homework')).toEqual(['description']);
    expect(dataFieldsFor(undefined)).toEqual([]);
    expect(['material', 'online_video', 'homework'].every(takesAttachments)).toBe(true);
    expect(takesAttachments('page')).toBe(false);
  });

  it('accepts only http and https addresses', () => {
    expect(isWebUrl('https://example.edu/a')).toBe(true);
    expect(isWebUrl('javascript:alert(1)')).toBe(false);
    expect(isWebUrl('not a url')).toBe(false);
  });

  it('keeps stored data the form does not edit and leaves blank inputs out', () => {
    expect(
      buildActivityData(
        'tencent_meeting',
        { meeting_code: ' 123 ', join_url: '', description: 'Bring questions' },
        { meeting_id: 'm-1', join_url: 'https://old.example', host_user_id: 7 },
      ),
    ).toEqual({ meeting_id: 'm-1', host_user_id: 7, meeting_code: '123', description: 'Bring questions' });
  });
});

describe('requests', () => {
  it('builds a snake_case create body', () => {
    expect(
      toCreateRequest({
        module_id: 11,
        syllabus_id: undefined,
        type: 'material',
        title: '  Slides ',
        start_time: '2026-03-01T08:00:00.000Z',
        end_time: null,
        published: true,
        data: { description: 'Week one' },
        uploads: [{ upload_id: 9, name: 'a.pdf', size: 10 }],
        completion: { key: 'none', value: null },
      }),
    ).toEqual({
      type: 'material',
      module_id: 11,
      syllabus_id: null,
      title: 'Slides',
      start_time: '2026-03-01T08:00:00.000Z',
      end_time: null,
      published: true,
      data: { description: 'Week one' },
      uploads: [9],
      completion_criterion_key: 'none',
      completion_criterion_value: null,
    });
  });

  it('leaves the criterion to the server default until the user chooses one', () => {
    const body = toCreateRequest({ module_id: 11, type: 'page', title: 'P', data: { content: '<p>x</p>' } });
    expect(body).not.toHaveProperty('completion_criterion_key');
    expect(body).not.toHaveProperty('uploads');
  });

  it('round-trips an existing activity without the type', () => {
    const activity = makeActivity({
      type: 'homework',
      data: { description: 'Essay', max_score: 100 },
      completion_criterion_key: 'score',
      completion_criterion_value: 70,
      uploads: [],
    });
    const body = toUpdateRequest(formValuesFromActivity(activity), activity);
    expect(body).not.toHaveProperty('type');
    expect(body).toMatchObject({
      module_id: 11,
      data: { description: 'Essay', max_score: 100 },
      completion_criterion_key: 'score',
      completion_criterion_value: 70,
      uploads: [],
    });
  });
});
