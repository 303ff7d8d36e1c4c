import { MEETING_VENDOR_KEYS } from '@lectern/contracts/meetings/meeting-vendor-settings.schemas';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageState } from '../../../shared/components/page-state.tsx';
import { useCurrentUser } from '../../identity/public/get-current-user.ts';
import { useMeetingVendorSettings } from '../api/get-meeting-vendor-settings.ts';
import { VendorSettingsForm } from '../components/vendor-settings-form.tsx';

/**
 * The organisation's meeting vendors (`/admin/meeting-vendors`, under the administration pages'
 * navigation): one card per vendor, each saved on its own.
 */
export function MeetingVendorSettingsPage() {
  const { t } = useTranslation('meetings');
  const { data: me } = useCurrentUser();
  const orgId = me?.org_id ?? 0;
  const settings = useMeetingVendorSettings(orgId);

  return (
    <Flex vertical gap="middle" style={{ maxWidth: 880 }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('vendorSettings.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('vendorSettings.intro')}
      </Typography.Paragraph>
      <PageState query={settings}>
        {(data) => (
          <Flex vertical gap="middle">
            {MEETING_VENDOR_KEYS.map((vendor) => (
              // Keyed by the save time, so a saved card starts again from what the server stored.
              <VendorSettingsForm
                key={`${vendor}-${data[vendor].updated_at ?? 'unsaved'}`}
                orgId={orgId}
                vendor={vendor}
                settings={data[vendor]}
              />
            ))}
          </Flex>
        )}
      </PageState>
    </Flex>
  );
}
