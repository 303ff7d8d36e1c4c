import { ProfileSchema } from '@lectern/contracts/identity/profile.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { profileService } from './profile.service.ts';

const tags = ['identity'];

/** Where the page sends people who open `/user/index` in a browser: the web app's home. */
const WEB_HOME = '/user/courses';

/**
 * The signed-in user's identity for scripts written for the original system: `GET /api/profile`, and
 * `GET /user/index`, a page one of those tools scrapes for `<input id="userId" value="…">`.
 */
export function registerProfileRoutes(app: Api, ctx: AppContext): void {
  const profiles = profileService(ctx);

  app.get(
    '/api/profile',
    { config: { access: 'user' }, schema: { tags, response: { 200: ProfileSchema } } },
    async (request) => profiles.profile(actorOf(request)),
  );

  // Outside /api, so declared public and checked here: an anonymous visitor is sent to sign in like any
  // other page. A browser goes on to the web app; the tool only reads the hidden input. The id is an
  // integer, so nothing user-controlled reaches the markup.
  app.get('/user/index', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (!request.actor) return reply.redirect('/login');
    const { id } = await profiles.profile(request.actor);
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="refresh" content="0; url=${WEB_HOME}">` +
          `<title>Lectern</title></head><body><input id="userId" value="${String(id)}" type="hidden">` +
          `<a href="${WEB_HOME}">Lectern</a></body></html>`,
      );
  });
}
