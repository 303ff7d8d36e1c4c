import { IdParamsSchema } from '@lectern/contracts/common/primitives.schemas';
import {
  MeetingVendorSettingsSchema,
  UpdateMeetingVendorSettingsRequestSchema,
} from '@lectern/contracts/meetings/meeting-vendor-settings.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { meetingVendorSettingsService } from './meeting-vendor-settings.service.ts';

const tags = ['meetings'];

/**
 * An organisation's meeting vendor credentials (Tencent Meeting, Lark, CalDAV, BigBlueButton), edited by
 * its administrators. The spec names no path for it; it sits beside the other `/api/orgs/{id}/…` settings.
 */
export function registerMeetingVendorSettingsRoutes(app: Api, ctx: AppContext): void {
  const settings = meetingVendorSettingsService(ctx);

  app.get(
    '/api/orgs/:id/meeting-vendor-settings',
    {
      config: { access: 'org_admin' },
      schema: {
        tags,
        description: 'Each vendor’s settings and where they come from; secrets only as `<field>_set`.',
        params: IdParamsSchema,
        response: { 200: MeetingVendorSettingsSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return settings.get(actorOf(request), request.params.id);
    },
  );

  app.put(
    '/api/orgs/:id/meeting-vendor-settings',
    {
      config: { access: 'org_admin' },
      schema: {
        tags,
        description:
          'Saves the vendors in the body (each replaces the organisation’s settings of that vendor; a ' +
          'secret left empty keeps the stored one). A vendor the organisation never saved uses the ' +
          'server’s environment.',
        params: IdParamsSchema,
        body: UpdateMeetingVendorSettingsRequestSchema,
        response: { 200: MeetingVendorSettingsSchema },
      },
    },
    async (request) => settings.update(actorOf(request), request.params.id, request.body),
  );
}
