import type { Readable } from 'node:stream';
import {
  CMI_MAX_ELEMENTS,
  invalidCmiElements,
  meetsCompleteness,
  scormVersionOf,
  summarizeCmi,
  type CmiState,
  type H5PackageKind,
} from '@lectern/contracts/h5-courseware/h5-cmi';
import type {
  H5CmiRequest,
  H5LearnerState,
  H5Package,
  H5PackagesResponse,
  H5UrlResponse,
} from '@lectern/contracts/h5-courseware/h5-courseware.schemas';
import type { CmiValues } from '@lectern/contracts/h5-courseware/scorm-runtime';
import { ACTIVITY_PARENT } from '@lectern/contracts/uploads/upload.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import { AppError, invalid, notFound, type FieldMessages } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { activityAccess, type ActivityWithAccess } from '../activities/activity-access.ts';
import type { ActivityRow } from '../activities/activities.repository.ts';
import { activitiesRepository } from '../activities/activities.repository.ts';
import { uploadsRepository } from '../uploads/uploads.repository.ts';
import { contentTokens, H5_CONTENT_TOKEN_TTL_MS } from './h5-content-token.ts';
import { h5CoursewareRepository, type H5PackageRow, type H5StateRow } from './h5-courseware.repository.ts';
import { assertLearner } from './h5-courseware.policy.ts';
import { presentPackage, presentState } from './h5-courseware.presenter.ts';
import { injectBridge } from './h5-launch-page.ts';
import { H5_ZIP_MAX_BYTES } from './h5-package.ts';
import { h5PackageCleanup } from './h5-package-cleanup.ts';
import { unpackAndStore } from './h5-package-store.ts';

/** A file of a package as the content route sends it. */
export type ContentReply = { contentType: string; body: Readable | Buffer };

const MB = 1024 * 1024;

const CONTENT_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json',
  xml: 'application/xml',
  xsd: 'application/xml',
  txt: 'text/plain; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  ico: 'image/x-icon',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  mp4: 'video/mp4',
  webm: 'video/webm',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  pdf: 'application/pdf',
  swf: 'application/x-shockwave-flash',
};

export function contentTypeOf(filePath: string): string {
  const extension = filePath.split('/').pop()?.split('.').pop()?.toLowerCase() ?? '';
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

const isHtml = (filePath: string) => /\.html?$/i.test(filePath);

/** The learner's data model as the frame starts from it: stored values plus what the LMS supplies. */
function bootValues(
  kind: H5PackageKind,
  learner: { name: string; userNo: string },
  userId: number,
  stored: CmiValues | undefined,
): CmiValues {
  const values: CmiValues = { ...(stored ?? {}) };
  const suspended = (values['cmi.core.exit'] ?? values['cmi.exit']) === 'suspend';
  const entry = !stored ? 'ab-initio' : suspended ? 'resume' : '';
  // Write-only elements are not handed back; session time has already joined the total.
  for (const key of ['cmi.core.exit', 'cmi.exit', 'cmi.core.session_time', 'cmi.session_time']) {
    Reflect.deleteProperty(values, key);
  }
  const learnerId = learner.userNo || String(userId);
  if (scormVersionOf(kind) === '1.2') {
    return {
      'cmi.core.lesson_status': 'not attempted',
      'cmi.core.total_time': '0000:00:00',
      'cmi.launch_data': '',
      ...values,
      'cmi.core.student_id': learnerId,
      'cmi.core.student_name': learner.name,
      'cmi.core.credit': 'credit',
      'cmi.core.lesson_mode': 'normal',
      'cmi.core.entry': entry,
    };
  }
  return {
    'cmi.completion_status': 'unknown',
    'cmi.success_status': 'unknown',
    'cmi.total_time': 'PT0H0M0S',
    'cmi.launch_data': '',
    ...values,
    'cmi.learner_id': learnerId,
    'cmi.learner_name': learner.name,
    'cmi.credit': 'credit',
    'cmi.mode': 'normal',
    'cmi.entry': entry,
  };
}

/** The posted state as the player's SCORM data model, or null when it is some other client's state. */
function decodeState(base64State: string): CmiState | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(base64State, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { version, cmi } = parsed as { version?: unknown; cmi?: unknown };
  if ((version !== '1.2' && version !== '2004') || typeof cmi !== 'object' || cmi === null) return null;
  if (Array.isArray(cmi) || Object.values(cmi).some((v) => typeof v !== 'string')) return null;
  return { version, cmi: cmi as CmiValues };
}

export function h5CoursewareService(ctx: AppContext) {
  const repo = h5CoursewareRepository(ctx.db);
  const activities = activityAccess(ctx.db);
  const activityRows = activitiesRepository(ctx.db);
  const uploads = uploadsRepository(ctx.db);
  const tokens = contentTokens(ctx.config.sessionSecret);
  const cleanup = h5PackageCleanup(ctx);

  async function completenessSwitch(orgId: number): Promise<boolean> {
    const settings = await activityRows.findOrgSettings(orgId);
    return settings.h5_courseware_completeness === true;
  }

  /**
   * Whether the learner has completed the activity: with the organisation's completeness switch on
   * and a `completeness` criterion, by the share the package reports; otherwise by the SCO's own
   * completion status (a plain H5 page that reports nothing is complete only by viewing it).
   */
  function judge(activity: ActivityRow, switchOn: boolean, progress: number, completed: boolean): boolean {
    if (switchOn && activity.completionCriterionKey === 'completeness') {
      return meetsCompleteness(progress, activity.completionCriterionValue);
    }
    return completed;
  }

  async function loadCourseware(
    actor: Actor,
    activityId: number,
    manage = false,
  ): Promise<ActivityWithAccess> {
    const loaded = manage
      ? await activities.loadManaged(actor, activityId)
      : await activities.loadVisible(actor, activityId);
    if (loaded.activity.type !== 'h5_courseware') throw notFound('h5Courseware.notFound');
    return loaded;
  }

  async function readAll(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await ctx.storage.get(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** Unpacks the upload once and records it; the same upload attached twice is unpacked once. */
  async function ensureUnpacked(uploadId: number): Promise<H5PackageRow> {
    const existing = await repo.findPackage(uploadId);
    if (existing) return existing;
    const upload = await uploads.findById(uploadId);
    if (!upload || upload.deleted || upload.status !== 'ready' || !upload.storageKey) {
      throw notFound('h5Courseware.packageNotFound');
    }
    if (upload.mimeType !== 'application/zip') {
      throw new AppError('unsupported_media_type', 'h5Courseware.notZip');
    }
    if (upload.size > H5_ZIP_MAX_BYTES) {
      throw new AppError('payload_too_large', {
        key: 'h5Courseware.zipTooLarge',
        params: { limit_mb: H5_ZIP_MAX_BYTES / MB },
      });
    }
    return unpackAndStore(ctx.db, ctx.storage, uploadId, await readAll(upload.storageKey));
  }

  /** The package of an upload attached to this activity; an upload attached elsewhere is not found. */
  async function attachedPackage(activityId: number, uploadId: number): Promise<H5PackageRow> {
    const attached = await repo.attachedUploads(activityId);
    if (!attached.some((u) => u.uploadId === uploadId)) throw notFound('h5Courseware.packageNotFound');
    return ensureUnpacked(uploadId);
  }

  async function stateOf(
    { activity, access }: ActivityWithAccess,
    uploadId: number,
    row: H5StateRow | undefined,
  ): Promise<H5LearnerState> {
    const switchOn = await completenessSwitch(access.orgId);
    const progress = row?.progress ?? 0;
    const completed = judge(activity, switchOn, progress, row?.completionStatus === 'completed');
    return presentState(activity.id, uploadId, row, completed);
  }

  return {
    /** `GET /api/h5-courseware/{activityId}/packages`: the activity's attached packages. */
    async packages(actor: Actor, activityId: number): Promise<H5PackagesResponse> {
      await loadCourseware(actor, activityId);
      const attached = await repo.attachedUploads(activityId);
      const out: H5Package[] = [];
      for (const upload of attached) {
        if (upload.mimeType !== 'application/zip') continue;
        const row = await repo.findPackage(upload.uploadId);
        if (row) out.push(presentPackage(row, upload.name));
      }
      return { packages: out };
    },

    /**
     * `POST /api/h5-courseware/{activityId}/packages` {upload_id}: unpacks a zip the caller uploaded
     * (limits checked before anything is inflated) and attaches it to the activity in place of the
     * package it had.
     */
    async attach(actor: Actor, activityId: number, uploadId: number): Promise<H5Package> {
      const { activity } = await loadCourseware(actor, activityId, true);
      const upload = await uploads.findById(uploadId);
      if (!upload || upload.orgId !== actor.orgId || upload.deleted) {
        throw invalid({ upload_id: ['h5Courseware.packageNotFound'] });
      }
      const attached = await repo.attachedUploads(activityId);
      const already = attached.find((u) => u.uploadId === uploadId);
      // Another member's file is attached only if it is already this activity's.
      if (!already && upload.createdBy !== actor.userId) {
        throw invalid({ upload_id: ['h5Courseware.packageNotFound'] });
      }
      const row = await ensureUnpacked(uploadId);
      if (!already) {
        // The new package replaces the activity's previous ones: their attachments go, and a package no
        // other activity holds goes with its unpacked files.
        const replaced = (
          await Promise.all(
            attached.map(async (u) => ((await repo.findPackage(u.uploadId)) ? u.uploadId : null)),
          )
        ).filter((id): id is number => id !== null);
        const released = await ctx.db.transaction(async (tx) => {
          await repo.detachUploads(activity.id, replaced, tx);
          await uploads.insertReferences(
            [
              {
                uploadId,
                parentType: ACTIVITY_PARENT,
                parentId: activity.id,
                name: upload.name,
                allowDownload: false,
                sort: attached.length,
                createdBy: actor.userId,
              },
            ],
            tx,
          );
          return cleanup.releaseUnattached(replaced, tx);
        });
        await cleanup.removeFiles(released);
      }
      return presentPackage(row, already?.name ?? upload.name);
    },

    /** `GET /api/h5-courseware/{activityId}/upload/{uploadId}/url`. */
    async url(actor: Actor, activityId: number, uploadId: number, origin: string): Promise<H5UrlResponse> {
      await loadCourseware(actor, activityId);
      const row = await attachedPackage(activityId, uploadId);
      const expiresAt = Date.now() + H5_CONTENT_TOKEN_TTL_MS;
      const token = tokens.sign({ activityId, uploadId, userId: actor.userId, expiresAt });
      const entry = row.entry
        .split('/')
        .map((segment, index, all) =>
          index === all.length - 1 && segment.includes('?')
            ? encodeURIComponent(segment.slice(0, segment.indexOf('?'))) + segment.slice(segment.indexOf('?'))
            : encodeURIComponent(segment),
        )
        .join('/');
      return {
        url: `${origin}/api/h5-courseware/content/${token}/${entry}`,
        kind: row.kind,
        expires_at: new Date(expiresAt).toISOString(),
      };
    },

    /** `GET /api/h5-courseware/{activityId}/upload/{uploadId}/cmi`: the caller's own state. */
    async state(actor: Actor, activityId: number, uploadId: number): Promise<H5LearnerState> {
      const loaded = await loadCourseware(actor, activityId);
      await attachedPackage(activityId, uploadId);
      const row = await repo.findState(activityId, uploadId, actor.userId);
      return stateOf(loaded, uploadId, row);
    },

    /**
     * `POST /api/h5-courseware/{activityId}/upload/{uploadId}/cmi` {base64State}: the learner's state.
     * The player's SCORM data model is checked element by element with the run-time's own rules and
     * merged into what is stored; any other state is kept as it came.
     */
    async saveState(
      actor: Actor,
      activityId: number,
      uploadId: number,
      input: H5CmiRequest,
    ): Promise<H5LearnerState> {
      const loaded = await loadCourseware(actor, activityId);
      assertLearner(loaded.access);
      const pkg = await attachedPackage(activityId, uploadId);
      const decoded = decodeState(input.base64State);
      const version = scormVersionOf(pkg.kind);
      if (decoded) {
        if (Object.keys(decoded.cmi).length > CMI_MAX_ELEMENTS) {
          throw invalid({
            base64State: [{ key: 'h5Courseware.cmiTooManyElements', params: { limit: CMI_MAX_ELEMENTS } }],
          });
        }
        const problems = invalidCmiElements(version, decoded.cmi);
        if (Object.keys(problems).length > 0) {
          const fields: FieldMessages = {};
          for (const [element, code] of Object.entries(problems)) {
            fields[element] = [{ key: 'h5Courseware.cmiInvalid', params: { element, code } }];
          }
          throw invalid(fields);
        }
      }
      const row = await ctx.db.transaction(async (tx) => {
        const stored = await repo.lockState(activityId, uploadId, actor.userId, tx);
        if (!decoded) {
          return repo.upsertState(
            { activityId, uploadId, userId: actor.userId, base64State: input.base64State },
            tx,
          );
        }
        const cmi = { ...(stored?.cmi ?? {}), ...decoded.cmi };
        const summary = summarizeCmi(version, cmi);
        const merged: CmiState = { version, cmi };
        return repo.upsertState(
          {
            activityId,
            uploadId,
            userId: actor.userId,
            base64State: Buffer.from(JSON.stringify(merged)).toString('base64'),
            cmi,
            completionStatus: summary.completion_status,
            successStatus: summary.success_status,
            scoreRaw: summary.score_raw,
            scoreMin: summary.score_min,
            scoreMax: summary.score_max,
            scorePercent: summary.score_percent,
            // Progress never goes back: a revisit that reports less does not undo completion.
            progress: Math.max(stored?.progress ?? 0, summary.progress),
          },
          tx,
        );
      });
      return stateOf(loaded, uploadId, row);
    },

    /**
     * One file of a package, for the address `GET …/url` issued. The token is the only credential
     * (the frame's requests carry no cookie); HTML pages get the run-time bridge with the learner's data.
     */
    async content(token: string, filePath: string, origin: string): Promise<ContentReply> {
      const grant = tokens.verify(token);
      if (grant === 'expired') throw new AppError('forbidden', 'h5Courseware.linkExpired');
      if (!grant) throw notFound('h5Courseware.packageNotFound');
      const pkg = await repo.findPackage(grant.uploadId);
      const file = pkg?.files[filePath];
      if (!pkg || !file) throw notFound('h5Courseware.packageNotFound');
      const contentType = contentTypeOf(filePath);
      if (!isHtml(filePath)) return { contentType, body: await ctx.storage.get(file.key) };
      const [html, learner, state] = await Promise.all([
        readAll(file.key),
        repo.learner(grant.userId),
        repo.findState(grant.activityId, grant.uploadId, grant.userId),
      ]);
      const cmi = bootValues(
        pkg.kind,
        learner ?? { name: '', userNo: '' },
        grant.userId,
        state && Object.keys(state.cmi).length > 0 ? state.cmi : undefined,
      );
      return {
        contentType,
        body: Buffer.from(
          injectBridge(html.toString('utf8'), {
            version: scormVersionOf(pkg.kind),
            cmi,
            parentOrigin: origin,
          }),
        ),
      };
    },
  };
}
