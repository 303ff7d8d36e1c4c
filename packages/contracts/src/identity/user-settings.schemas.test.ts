import { describe, expect, it } from 'vitest';
import { UpdateUserSettingsRequestSchema } from './user-settings.schemas.ts';

describe('UpdateUserSettingsRequestSchema', () => {
  it('takes IANA zones and UTC, and null to follow the browser', () => {
    for (const time_zone of ['Asia/Shanghai', 'America/New_York', 'UTC', null]) {
      expect(UpdateUserSettingsRequestSchema.safeParse({ time_zone }).success).toBe(true);
    }
  });

  it('refuses zones that do not exist', () => {
    const parsed = UpdateUserSettingsRequestSchema.safeParse({ time_zone: 'Mars/Olympus_Mons' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('identity.timeZoneUnknown');
  });

  it('takes 6 to 20 digits with an optional leading +', () => {
    for (const mobile_phone of ['123456', '+8613800138000', '12345678901234567890']) {
      expect(UpdateUserSettingsRequestSchema.safeParse({ mobile_phone }).success).toBe(true);
    }
    for (const mobile_phone of ['12345', '123456789012345678901', '138 0013 8000', '++123456', '12a456']) {
      expect(UpdateUserSettingsRequestSchema.safeParse({ mobile_phone }).success).toBe(false);
    }
  });
});
