import {
  PlayerVisitResponseSchema,
  type PlayerVisitResponse,
} from '@lectern/contracts/lecture-live/lecture-live.schemas';
import { request } from '../../../shared/api/http-client.ts';

/** `POST /api/lecture-live/schedule/{id}/player-visits`: the player's 10-second beat while playing. */
export function sendPlayerVisit(id: number, mode: 'live' | 'replay'): Promise<PlayerVisitResponse> {
  return request(`/api/lecture-live/schedule/${id}/player-visits`, {
    method: 'POST',
    body: { clientType: 'web', mode },
    schema: PlayerVisitResponseSchema,
  });
}
