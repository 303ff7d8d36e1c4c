import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FullPageSpinner } from '../shared/components/full-page-spinner.tsx';
import { RequireAuth } from './require-auth.tsx';

// The error and not-found pages draw antd's large Result illustrations; nobody should download them
// before the first page appears.
const LazyErrorPage = lazy(async () => ({ default: (await import('./routes/error-page.tsx')).ErrorPage }));

/** Route error boundary: the error page, fetched only when a route fails. */
function RouteErrorBoundary() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <LazyErrorPage />
    </Suspense>
  );
}

/**
 * Pages anyone may open. Each page is a lazy module, so its code (and any heavy library it uses)
 * is only downloaded when the page is visited.
 */
export const publicRoutes: RouteObject[] = [
  {
    path: 'login',
    lazy: async () => ({
      Component: (await import('../features/identity/routes/login-page.tsx')).LoginPage,
    }),
  },
  {
    // The public portal and what it links to: anonymous visitors browse public courses (issue 18).
    path: 'portal',
    lazy: async () => ({
      Component: (await import('../features/public-listings/routes/portal-page.tsx')).PortalPage,
    }),
  },
  {
    path: 'portal/course/:id',
    lazy: async () => ({
      Component: (await import('../features/public-listings/routes/public-course-page.tsx')).PublicCoursePage,
    }),
  },
  {
    path: 'curriculum/:id',
    lazy: async () => ({
      Component: (await import('../features/public-listings/routes/curriculum-page.tsx')).CurriculumPage,
    }),
  },
];

/**
 * Pages for signed-in users, rendered inside the top bar layout. Features add their routes here.
 * Paths are relative to `/`.
 */
export const authenticatedRoutes: RouteObject[] = [
  {
    path: 'user/settings',
    lazy: async () => ({
      Component: (await import('../features/identity/routes/user-settings-page.tsx')).UserSettingsPage,
    }),
  },
  {
    path: 'user/courses',
    lazy: async () => ({
      Component: (await import('../features/courses/routes/my-courses-page.tsx')).MyCoursesPage,
    }),
  },
  {
    path: 'user/calendar',
    lazy: async () => ({
      Component: (await import('../features/calendar/routes/calendar-page.tsx')).CalendarPage,
    }),
  },
  {
    path: 'announcements',
    lazy: async () => ({
      Component: (await import('../features/announcements/routes/org-announcements-page.tsx'))
        .OrgAnnouncementsPage,
    }),
  },
  {
    path: 'user/ai-credits',
    lazy: async () => ({
      Component: (await import('../features/ai/routes/my-ai-credits-page.tsx')).MyAiCreditsPage,
    }),
  },
  {
    path: 'user/rubrics',
    lazy: async () => ({
      Component: (await import('../features/rubrics/routes/my-rubrics-page.tsx')).MyRubricsPage,
    }),
  },
  // The combine wizard: /combine-course/step-1 and step-2 (any other path there redirects to step-1), and
  // /combine-course/{courseId}/merge for the merge-content modal.
  {
    path: 'combine-course/*',
    lazy: async () => ({
      Component: (await import('../features/course-combining/routes/combine-course-page.tsx'))
        .CombineCoursePage,
    }),
  },
  // Taking, results and marking of an exam: outside the course layout, so the paper has the whole page.
  {
    path: 'exam/:id/take',
    lazy: async () => ({
      Component: (await import('../features/exams/routes/exam-take-page.tsx')).ExamTakePage,
    }),
  },
  {
    path: 'exam/:id/result',
    lazy: async () => ({
      Component: (await import('../features/exams/routes/exam-result-page.tsx')).ExamResultPage,
    }),
  },
  {
    path: 'exam/:id/marking',
    lazy: async () => ({
      Component: (await import('../features/exams/routes/exam-marking-page.tsx')).ExamMarkingPage,
    }),
  },
  // The PDF and picture annotation editor (spec 000 section 2), opened from homework marking.
  {
    path: 'pdf/editor',
    lazy: async () => ({
      Component: (await import('../features/homework/routes/pdf-editor-page.tsx')).PdfEditorPage,
    }),
  },
  // Question authoring: exam and classroom exam editors and the question libraries.
  {
    path: 'exam/:id/subjects',
    lazy: async () => ({
      Component: (await import('../features/exams/routes/exam-subjects-page.tsx')).ExamSubjectsPage,
    }),
  },
  {
    // A static segment, so it wins over `course/:courseId` below.
    path: 'course/classroom-exam/:id/subjects',
    lazy: async () => ({
      Component: (await import('../features/exams/routes/classroom-subjects-page.tsx')).ClassroomSubjectsPage,
    }),
  },
  {
    path: 'subject-libs',
    lazy: async () => ({
      Component: (await import('../features/exams/routes/subject-libs-page.tsx')).SubjectLibsPage,
    }),
  },
  {
    path: 'subject-libs/recycle-bin',
    lazy: async () => ({
      Component: (await import('../features/exams/routes/personal-recycle-bin-page.tsx'))
        .PersonalRecycleBinPage,
    }),
  },
  {
    path: 'subject-lib/:id/edit',
    lazy: async () => ({
      Component: (await import('../features/exams/routes/subject-lib-page.tsx')).SubjectLibPage,
    }),
  },
  // Question import (Word, Moodle XML, GIFT, Aiken) into an exam, a classroom exam or a library.
  {
    path: 'exam/:id/subjects/import',
    lazy: async () => ({
      Component: (await import('../features/data-import/routes/subjects-import-page.tsx'))
        .ExamSubjectsImportPage,
    }),
  },
  {
    path: 'course/classroom-exam/:id/subjects/import',
    lazy: async () => ({
      Component: (await import('../features/data-import/routes/subjects-import-page.tsx'))
        .ClassroomSubjectsImportPage,
    }),
  },
  {
    path: 'subject-lib/:id/import',
    lazy: async () => ({
      Component: (await import('../features/data-import/routes/subjects-import-page.tsx'))
        .LibrarySubjectsImportPage,
    }),
  },
  // Help pages of the import format; static segments, so they win over `course/:courseId` below.
  {
    path: 'course/exam-subjects-import-help',
    lazy: async () => ({
      Component: (await import('../features/data-import/routes/import-help-page.tsx')).ExamImportHelpPage,
    }),
  },
  {
    path: 'course/classroom-subjects-import-help',
    lazy: async () => ({
      Component: (await import('../features/data-import/routes/import-help-page.tsx'))
        .ClassroomImportHelpPage,
    }),
  },
  {
    path: 'course/library-subjects-import-help',
    lazy: async () => ({
      Component: (await import('../features/data-import/routes/import-help-page.tsx')).LibraryImportHelpPage,
    }),
  },
  {
    // The course layout (header, tabs, simulate-student switch) wraps every page of one course.
    path: 'course/:courseId',
    lazy: async () => ({
      Component: (await import('../features/courses/public/course-layout.tsx')).CourseLayout,
    }),
    children: [
      {
        index: true,
        lazy: async () => ({
          Component: (await import('../features/activities/routes/course-content-page.tsx'))
            .CourseContentPage,
        }),
      },
      {
        // Where users land after combining courses (spec 001).
        path: 'content',
        lazy: async () => ({
          Component: (await import('../features/activities/routes/course-content-page.tsx'))
            .CourseContentPage,
        }),
      },
      {
        // The files instructors shared to the course (issue 18).
        path: 'shared-files',
        lazy: async () => ({
          Component: (await import('../features/course-services/routes/course-shared-files-page.tsx'))
            .CourseSharedFilesPage,
        }),
      },
      {
        path: 'activity/:activityId',
        lazy: async () => ({
          Component: (await import('../features/activities/routes/activity-page.tsx')).ActivityPage,
        }),
      },
      {
        path: 'announcements',
        lazy: async () => ({
          Component: (await import('../features/announcements/routes/course-announcements-page.tsx'))
            .CourseAnnouncementsPage,
        }),
      },
      {
        path: 'rollcalls',
        lazy: async () => ({
          Component: (await import('../features/rollcalls/routes/course-rollcalls-page.tsx'))
            .CourseRollcallsPage,
        }),
      },
      {
        path: 'rollcalls/:rollcallId/projector',
        lazy: async () => ({
          Component: (await import('../features/rollcalls/routes/rollcall-projector-page.tsx'))
            .RollcallProjectorPage,
        }),
      },
      {
        path: 'ask-questions',
        lazy: async () => ({
          Component: (await import('../features/ask-questions/routes/course-ask-questions-page.tsx'))
            .CourseAskQuestionsPage,
        }),
      },
      {
        path: 'classroom-exams/:examId/projector',
        lazy: async () => ({
          Component: (await import('../features/exams/routes/classroom-projector-page.tsx'))
            .ClassroomProjectorPage,
        }),
      },
      {
        path: 'ask-questions/:askQuestionId/projector',
        lazy: async () => ({
          Component: (await import('../features/ask-questions/routes/ask-question-projector-page.tsx'))
            .AskQuestionProjectorPage,
        }),
      },
      {
        path: 'members',
        lazy: async () => ({
          Component: (await import('../features/courses/routes/course-members-page.tsx')).CourseMembersPage,
        }),
      },
      {
        path: 'groups',
        lazy: async () => ({
          Component: (await import('../features/courses/routes/course-groups-page.tsx')).CourseGroupsPage,
        }),
      },
      {
        path: 'grades',
        lazy: async () => ({
          Component: (await import('../features/gradebook/routes/gradebook-page.tsx')).GradebookPage,
        }),
      },
      {
        path: 'recycle-bin',
        lazy: async () => ({
          Component: (await import('../features/courses/routes/course-recycle-bin-page.tsx'))
            .CourseRecycleBinPage,
        }),
      },
      {
        path: 'teaching-calendar',
        lazy: async () => ({
          Component: (await import('../features/course-services/routes/course-teaching-calendar-page.tsx'))
            .CourseTeachingCalendarPage,
        }),
      },
      {
        path: 'reviews',
        lazy: async () => ({
          Component: (await import('../features/course-services/routes/course-reviews-page.tsx'))
            .CourseReviewsPage,
        }),
      },
      {
        path: 'apps',
        lazy: async () => ({
          Component: (await import('../features/course-services/routes/course-extension-apps-page.tsx'))
            .CourseExtensionAppsPage,
        }),
      },
      {
        path: 'public-listing',
        lazy: async () => ({
          Component: (await import('../features/public-listings/routes/course-public-listing-page.tsx'))
            .CoursePublicListingPage,
        }),
      },
      {
        // The course's knowledge graph (issue 17); knowledge tags open it at `#node_id=`.
        path: 'knowledge-graph',
        lazy: async () => ({
          Component: (await import('../features/knowledge-graph/routes/knowledge-graph-page.tsx'))
            .KnowledgeGraphPage,
        }),
      },
    ],
  },
];

/** Pages for organisation administrators, inside the layout and checked for the admin role. */
export const orgAdminRoutes: RouteObject[] = [
  {
    path: 'admin/users',
    lazy: async () => ({
      Component: (await import('../features/identity/routes/users-admin-page.tsx')).UsersAdminPage,
    }),
  },
  {
    path: 'admin/organisation',
    lazy: async () => ({
      Component: (await import('../features/identity/routes/org-settings-page.tsx')).OrgSettingsPage,
    }),
  },
  {
    path: 'admin/departments',
    lazy: async () => ({
      Component: (await import('../features/identity/routes/departments-admin-page.tsx'))
        .DepartmentsAdminPage,
    }),
  },
  {
    path: 'admin/academic-years',
    lazy: async () => ({
      Component: (await import('../features/identity/routes/academic-terms-page.tsx')).AcademicTermsPage,
    }),
  },
  {
    path: 'admin/announcements',
    lazy: async () => ({
      Component: (await import('./routes/admin-announcements-page.tsx')).AdminAnnouncementsPage,
    }),
  },
  {
    path: 'admin/ai',
    lazy: async () => ({
      Component: (await import('./routes/admin-ai-page.tsx')).AdminAiPage,
    }),
  },
  {
    path: 'admin/public-listings',
    lazy: async () => ({
      Component: (await import('./routes/admin-public-listings-page.tsx')).AdminPublicListingsPage,
    }),
  },
  {
    path: 'admin/meeting-vendors',
    lazy: async () => ({
      Component: (await import('./routes/admin-meeting-vendors-page.tsx')).AdminMeetingVendorsPage,
    }),
  },
  {
    path: 'admin/resource-audit',
    lazy: async () => ({
      Component: (await import('./routes/admin-resource-audit-page.tsx')).AdminResourceAuditPage,
    }),
  },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    HydrateFallback: FullPageSpinner,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      { index: true, element: <Navigate to="/user/courses" replace /> },
      ...publicRoutes,
      {
        // The shell (navigation, drawer, search, notifications) is a chunk of its own: the sign-in page
        // never needs it, and it downloads in parallel with the page it wraps.
        lazy: async () => {
          const { AppLayout } = await import('./app-layout.tsx');
          return {
            element: (
              <RequireAuth>
                <AppLayout />
              </RequireAuth>
            ),
          };
        },
        children: [
          {
            // A failing page keeps the top bar, so the user can still navigate away or sign out.
            ErrorBoundary: RouteErrorBoundary,
            children: [
              ...authenticatedRoutes,
              {
                lazy: async () => ({
                  Component: (await import('./require-org-admin.tsx')).RequireOrgAdmin,
                }),
                children: orgAdminRoutes,
              },
            ],
          },
        ],
      },
      {
        path: '*',
        lazy: async () => ({
          Component: (await import('./routes/not-found-page.tsx')).NotFoundPage,
        }),
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
