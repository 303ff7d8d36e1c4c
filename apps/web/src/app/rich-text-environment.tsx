import type * as OrgAdminSchemas from '@lectern/contracts/identity/org-admin.schemas';
import { useQuery } from '@tanstack/react-query';
import { use, type ReactNode } from 'react';
import { CourseContext } from '../features/courses/public/course-context.ts';
import { currentUserQueryOptions } from '../features/identity/public/get-current-user.ts';
import {
  RichTextEnvironmentContext,
  type ActivityChoices,
  type EditorFeatures,
  type RichTextEnvironment,
} from '../shared/components/rich-text/rich-text-environment.ts';

// The schema that reads the organisation's switches brings zod; this provider is in every page's first
// download, the editors are not, so it is fetched by the first editor (which suspends until it is in).
let orgAdminSchemas: Promise<typeof OrgAdminSchemas> | undefined;

/** The organisation's editor switches, read from the signed-in user's organisation (GET /api/user). */
function useFeatures(): EditorFeatures {
  // Only what is cached: the shell loaded the user before any page could show an editor.
  const { data: user } = useQuery({ ...currentUserQueryOptions(), enabled: false });
  orgAdminSchemas ??= import('@lectern/contracts/identity/org-admin.schemas');
  const { DEFAULT_ORG_FEATURES, OrgFeaturesSchema } = use(orgAdminSchemas);
  const parsed = OrgFeaturesSchema.safeParse(user?.org.settings);
  const features = parsed.success ? parsed.data : DEFAULT_ORG_FEATURES;
  return {
    vocabulary: features.vocabulary,
    activityRefer: features.editor_activity_refer,
    markdown: { enable: features.markdown.enable, defaultActive: features.markdown.default_active },
  };
}

/** The activities of the course whose page holds the editor; null on pages outside a course. */
function useActivityChoices(wanted: boolean): ActivityChoices | null {
  const course = use(CourseContext);
  const courseId = course?.id ?? 0;
  const { data, isLoading } = useQuery({
    // list-activities.ts's key, so the course page's cached list serves the picker. The module is
    // imported on use: this provider is in every page's first download, the activity schemas are not.
    queryKey: ['activities', 'course', courseId],
    queryFn: async ({ signal }) =>
      (await import('../features/activities/api/list-activities.ts')).listActivities(courseId, signal),
    enabled: wanted && course !== null,
  });
  if (!course) return null;
  return {
    loading: isLoading,
    activities: (data ?? []).map((activity) => ({
      id: activity.id,
      title: activity.title,
      href: `/course/${course.id}/activity/${activity.id}`,
    })),
  };
}

async function uploadImage(file: File): Promise<string> {
  const { uploadFile } = await import('../features/uploads/public/upload-file.ts');
  const upload = await uploadFile(file);
  // The address the server recognises as a picture inside rich text (exams' subject-images.ts).
  return `/api/uploads/${upload.id}/blob`;
}

const APP_RICH_TEXT_ENVIRONMENT: RichTextEnvironment = { useFeatures, useActivityChoices, uploadImage };

/** Gives every rich-text editor in the app the uploads API, the org switches and the current course. */
export function AppRichTextEnvironment({ children }: { children: ReactNode }) {
  return (
    <RichTextEnvironmentContext value={APP_RICH_TEXT_ENVIRONMENT}>{children}</RichTextEnvironmentContext>
  );
}
