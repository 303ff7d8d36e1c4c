import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../identity/public/get-current-user.ts';
import { useCreateOrgAnnouncement } from '../api/create-org-announcement.ts';
import { useOrgAnnouncements } from '../api/list-org-announcements.ts';
import { AnnouncementsPanel } from '../components/announcements-panel.tsx';

/**
 * The organisation's announcements: every member reads them (/announcements); administrators also post,
 * edit and schedule them (the same page under administration).
 */
export function OrgAnnouncementsPage() {
  const { t } = useTranslation('announcements');
  const { data: viewer } = useCurrentUser();
  const announcements = useOrgAnnouncements();
  const create = useCreateOrgAnnouncement();
  return (
    <AnnouncementsPanel
      title={t('page.orgTitle')}
      headingLevel={1}
      query={announcements}
      create={viewer?.org_role === 'admin' ? create.mutateAsync : undefined}
    />
  );
}
