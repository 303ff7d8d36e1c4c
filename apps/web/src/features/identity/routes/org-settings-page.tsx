import { Flex, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageState } from '../../../shared/components/page-state.tsx';
import { useAlertPopup } from '../api/get-alert-popup.ts';
import { useLiveRecordSettings } from '../api/get-live-record-settings.ts';
import { useOrgSettings } from '../api/get-org-settings.ts';
import { AdminNav } from '../components/admin-nav.tsx';
import { AlertPopupForm } from '../components/alert-popup-form.tsx';
import { LiveRecordSettingsForm } from '../components/live-record-settings-form.tsx';
import { OrgFeaturesForm } from '../components/org-features-form.tsx';
import { PortalLogoCard } from '../components/portal-logo-card.tsx';
import { useCurrentUser } from '../public/get-current-user.ts';

/** /admin/organisation: feature switches, the portal logo, the notice shown after sign-in and live recordings. */
export function OrgSettingsPage() {
  const { t } = useTranslation('identity');
  const { data: me } = useCurrentUser();
  const orgId = me?.org_id ?? 0;
  const features = useOrgSettings(orgId);
  const popup = useAlertPopup(me?.org_id);
  const liveRecord = useLiveRecordSettings(orgId);

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <AdminNav />
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('orgSettings.title')}
      </Typography.Title>
      <Flex vertical gap="middle" style={{ maxWidth: 880 }}>
        <PageState query={features}>{(data) => <OrgFeaturesForm orgId={orgId} features={data} />}</PageState>
        <PortalLogoCard orgId={orgId} />
        <PageState query={popup}>{(data) => <AlertPopupForm orgId={orgId} popup={data} />}</PageState>
        <PageState query={liveRecord}>
          {(data) => <LiveRecordSettingsForm orgId={orgId} settings={data} />}
        </PageState>
      </Flex>
    </Space>
  );
}
