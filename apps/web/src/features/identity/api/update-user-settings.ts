import {
  UserSettingsSchema,
  type UpdateUserSettingsRequest,
  type UserSettings,
} from '@lectern/contracts/identity/user-settings.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { currentUserQueryKey } from '../public/get-current-user.ts';

export function updateUserSettings(body: UpdateUserSettingsRequest): Promise<UserSettings> {
  return request('/api/user/settings', { method: 'PUT', body, schema: UserSettingsSchema });
}

export function useUpdateUserSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserSettings,
    // Refetching the current user applies the new zone to every date on screen.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
