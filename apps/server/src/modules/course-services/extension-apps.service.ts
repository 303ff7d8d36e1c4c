import {
  EXTENSION_APP_LIMITS,
  isWebUrl,
  type ExtensionApp,
  type ExtensionAppBodySchema,
  type ExtensionAppsResponse,
  type ExternalResourcePreviewUrl,
} from '@lectern/contracts/course-services/extension-apps.schemas';
import type { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { conflict, notFound, orNullWhenDenied } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { courseAccess } from '../courses/course-access.ts';
import { assertCan, can, type CourseAccess } from '../courses/courses.policy.ts';
import { publicCourseVisibility, type Reader } from '../public-listings/public-course-visibility.ts';
import { presentExtensionApp } from './extension-apps.presenter.ts';
import { extensionAppsRepository, type ExtensionAppRow } from './extension-apps.repository.ts';

type Body = z.output<typeof ExtensionAppBodySchema>;

/** An app, or a course, the caller may not see answers exactly like one that does not exist. */
const missingApp = () => notFound('courseServices.appNotFound');

/**
 * How much of a course's apps a reader sees: `all` for the teaching team (not while viewing as a
 * student), `visible` for students and for visitors the course's public_scope lets in, null for nobody.
 */
type Sight = { apps: 'all' | 'visible'; canManage: boolean } | null;

function sightOfMember(access: CourseAccess): Sight {
  if (!can(access, 'course.read')) return null;
  const teaching = can(access, 'activity.read_unpublished');
  return { apps: teaching ? 'all' : 'visible', canManage: can(access, 'course.manage') };
}

function valuesOf(body: Body) {
  return {
    name: body.name,
    url: body.url,
    iconUrl: body.icon_url,
    visibleToStudents: body.visible_to_students,
  };
}

export function extensionAppsService(ctx: AppContext) {
  const repo = extensionAppsRepository(ctx.db);
  const courses = courseAccess(ctx.db);
  const publicCourses = publicCourseVisibility(ctx.db);

  async function sightOf(reader: Reader, courseId: number): Promise<Sight> {
    if (reader !== null) {
      const access = await orNullWhenDenied(() => courses.load(reader, courseId));
      if (access) return sightOfMember(access);
    }
    return (await publicCourses.isVisible(reader, courseId)) ? { apps: 'visible', canManage: false } : null;
  }

  /** The app, once the caller may manage its course; anything else reads as missing. */
  async function managedApp(actor: Actor, appId: number): Promise<ExtensionAppRow> {
    const app = await repo.findById(appId);
    if (!app) throw missingApp();
    const access = await orNullWhenDenied(() => courses.load(actor, app.courseId));
    if (!access) throw missingApp();
    // Students learn nothing more than that they may not: the app is listed to them anyway when visible.
    assertCan(access, 'course.manage');
    return app;
  }

  return {
    /** `GET /api/courses/{id}/extension-apps` and `/anonymous-api/...` (reader null). */
    async list(reader: Reader, courseId: number): Promise<ExtensionAppsResponse> {
      const sight = await sightOf(reader, courseId);
      if (!sight) throw notFound();
      const rows = await repo.list(courseId, sight.apps === 'visible');
      return { extension_apps: rows.map(presentExtensionApp), can_manage: sight.canManage };
    },

    /** `POST /api/courses/{id}/extension-apps`: the teaching team adds an app at the end of the list. */
    async create(actor: Actor, courseId: number, body: Body): Promise<ExtensionApp> {
      assertCan(await courses.load(actor, courseId), 'course.manage');
      const row = await ctx.db.transaction(async (tx) => {
        await repo.lockCourse(courseId, tx);
        if ((await repo.countOf(courseId, tx)) >= EXTENSION_APP_LIMITS.perCourse) {
          throw conflict('courseServices.appsTooMany');
        }
        return repo.insert(courseId, valuesOf(body), actor.userId, tx);
      });
      return presentExtensionApp(row);
    },

    /** `PUT /api/courses/{id}/extension-apps/{appId}`. */
    async update(actor: Actor, courseId: number, appId: number, body: Body): Promise<ExtensionApp> {
      const app = await managedApp(actor, appId);
      if (app.courseId !== courseId) throw missingApp();
      const row = await repo.update(appId, valuesOf(body));
      if (!row) throw missingApp();
      return presentExtensionApp(row);
    },

    /** `DELETE /api/courses/{id}/extension-apps/{appId}`. */
    async remove(actor: Actor, courseId: number, appId: number): Promise<{ ok: true }> {
      const app = await managedApp(actor, appId);
      if (app.courseId !== courseId) throw missingApp();
      if (!(await repo.delete(appId))) throw missingApp();
      return { ok: true };
    },

    /**
     * `GET /api/external-resource/{rid}/preview-url`: where to open app `rid`, for whoever sees it in its
     * course's list (a hidden app only for the teaching team). The address is checked again on the way
     * out, so a row written around the contract is never handed to a browser.
     */
    async previewUrl(actor: Actor, appId: number): Promise<ExternalResourcePreviewUrl> {
      const app = await repo.findById(appId);
      if (!app) throw missingApp();
      const sight = await sightOf(actor, app.courseId);
      if (!sight || (sight.apps === 'visible' && !app.visibleToStudents) || !isWebUrl(app.url)) {
        throw missingApp();
      }
      return { url: app.url, name: app.name };
    },
  };
}
