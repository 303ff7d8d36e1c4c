import type {
  KnowledgePublishedVersions,
  KnowledgeSourceSubjects,
  KnowledgeVersionStats,
} from '@lectern/contracts/knowledge-graph/knowledge-source.schemas';
import type { KnowledgeSyncStatus } from '@lectern/contracts/knowledge-graph/knowledge-sync.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import { conflict, forbidden } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { coursesRepository } from '../courses/courses.repository.ts';
import { configuredKnowledgeSource, type KnowledgeSourceAdapter } from './knowledge-source.adapter.ts';
import { knowledgeSyncService } from './knowledge-sync.service.ts';

/**
 * The external knowledge source calls (spec 001 section 7, `kfs`): browsing the configured remote source and
 * importing a remote course's graph, which makes that version the course's source and queues a sync.
 * Browsing is for those who build graphs (instructors anywhere in the organisation, administrators).
 */
export function kfsService(
  ctx: AppContext,
  remote: KnowledgeSourceAdapter | undefined = configuredKnowledgeSource(ctx.config),
) {
  const courses = coursesRepository(ctx.db);
  const sync = knowledgeSyncService(ctx, remote);

  async function browse(actor: Actor): Promise<KnowledgeSourceAdapter> {
    const teaches =
      actor.orgRole === 'admin' || (await courses.holdsRoleInOrg(actor.userId, actor.orgId, 'instructor'));
    if (!teaches) throw forbidden();
    if (!remote) throw conflict('knowledgeSync.remoteNotConfigured');
    return remote;
  }

  return {
    async subjects(actor: Actor): Promise<KnowledgeSourceSubjects> {
      return (await browse(actor)).listSubjects();
    },

    async publishedVersions(actor: Actor, courseIds: readonly number[]): Promise<KnowledgePublishedVersions> {
      return (await browse(actor)).listVersions(courseIds);
    },

    async versionStats(actor: Actor, versionIds: readonly number[]): Promise<KnowledgeVersionStats> {
      return (await browse(actor)).stats(versionIds);
    },

    async importCourse(
      actor: Actor,
      courseId: number,
      body: { kfs_course_id: number; kfs_version_id?: number | null | undefined },
    ): Promise<KnowledgeSyncStatus> {
      await sync.setSource(actor, courseId, {
        type: 'remote',
        kfs_course_id: body.kfs_course_id,
        kfs_version_id: body.kfs_version_id ?? null,
      });
      return sync.requestSync(actor, courseId);
    },

    async importInfo(actor: Actor, courseId: number): Promise<KnowledgeSyncStatus> {
      return sync.status(actor, courseId);
    },
  };
}
