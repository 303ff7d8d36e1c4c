import { eq } from 'drizzle-orm';
import type { MeetingVendorKey } from '@lectern/contracts/meetings/meeting-vendor-settings.schemas';
import { orgMeetingVendorSettings } from '../../db/schema/meetings.ts';
import type { Database, Executor } from '../../platform/database.ts';

export type VendorSettingsRow = typeof orgMeetingVendorSettings.$inferSelect;

/** An organisation's stored meeting vendor settings, one row per vendor it saved. */
export function meetingVendorSettingsRepository(db: Database) {
  return {
    async listForOrg(orgId: number, tx: Executor = db): Promise<VendorSettingsRow[]> {
      return tx.select().from(orgMeetingVendorSettings).where(eq(orgMeetingVendorSettings.orgId, orgId));
    },

    async save(
      row: {
        orgId: number;
        vendor: MeetingVendorKey;
        enabled: boolean;
        settings: Record<string, unknown>;
        secretsEncrypted: Record<string, string>;
        updatedBy: number;
      },
      tx: Executor = db,
    ): Promise<void> {
      const updatedAt = new Date();
      await tx
        .insert(orgMeetingVendorSettings)
        .values({ ...row, updatedAt })
        .onConflictDoUpdate({
          target: [orgMeetingVendorSettings.orgId, orgMeetingVendorSettings.vendor],
          set: {
            enabled: row.enabled,
            settings: row.settings,
            secretsEncrypted: row.secretsEncrypted,
            updatedBy: row.updatedBy,
            updatedAt,
          },
        });
    },
  };
}
