import type {
  UpdateUserSettingsRequest,
  UserSettings,
} from '@lectern/contracts/identity/user-settings.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { orgAdminRepository } from './org-admin.repository.ts';

export function userSettingsService(ctx: AppContext) {
  const repo = orgAdminRepository(ctx.db);
  return {
    /** A user edits only their own settings: the actor is the subject, so no further policy applies. */
    async update(actor: Actor, input: UpdateUserSettingsRequest): Promise<UserSettings> {
      const row = await repo.updateUserSettings(actor.userId, {
        ...(input.time_zone !== undefined ? { timeZone: input.time_zone } : {}),
        ...(input.mobile_phone !== undefined ? { mobilePhone: input.mobile_phone } : {}),
      });
      return { time_zone: row.timeZone, mobile_phone: row.mobilePhone };
    },
  };
}
