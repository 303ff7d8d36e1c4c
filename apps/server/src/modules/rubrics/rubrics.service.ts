import type { z } from 'zod';
import { sameScoring } from '@lectern/contracts/rubrics/rubric.rules';
import type {
  Rubric,
  RubricInputSchema,
  RubricSelection,
  RubricsQuery,
} from '@lectern/contracts/rubrics/rubric.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { Executor } from '../../platform/database.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { translate } from '../../platform/messages.ts';
import { selectFields } from '../courses/courses.presenter.ts';
import { assertCanCreate, assertCanModify, isCreator } from './rubrics.policy.ts';
import { presentRubric } from './rubrics.presenter.ts';
import { rubricsRepository, type RubricWithCreator } from './rubrics.repository.ts';

type RubricInput = z.output<typeof RubricInputSchema>;

/** Marking rubrics: a teacher's own, used by homeworks through their `rubric_id` / `intra_rubric_id`. */
export function rubricsService(ctx: AppContext) {
  const repo = rubricsRepository(ctx.db);

  async function present(actor: Actor, row: RubricWithCreator): Promise<Rubric> {
    const counts = await repo.engageCounts([row.id]);
    return presentRubric(row, counts.get(row.id) ?? 0, actor.userId);
  }

  async function readOwn(actor: Actor, id: number): Promise<Rubric> {
    const row = await repo.findById(id);
    if (!row) throw notFound('rubrics.notFound');
    return present(actor, row);
  }

  /** Someone else's rubric, or one of another organisation, is simply not there unless a homework shows it. */
  async function findVisible(actor: Actor, id: number): Promise<RubricWithCreator> {
    const row = await repo.findById(id);
    if (!row || row.orgId !== actor.orgId) throw notFound('rubrics.notFound');
    if (isCreator(actor, row)) return row;
    const visible = await repo.visibleThroughHomework(id, {
      userId: actor.userId,
      orgId: actor.orgId,
      isOrgAdmin: actor.orgRole === 'admin',
    });
    if (!visible) throw notFound('rubrics.notFound');
    return row;
  }

  /** The rubric to change; one the caller may not even see answers not found, not forbidden. */
  async function findModifiable(actor: Actor, id: number): Promise<RubricWithCreator> {
    const row = await findVisible(actor, id);
    assertCanModify(actor, row);
    return row;
  }

  return {
    /** The caller's own rubrics; without engage_number in `fields` the homework count is not even read. */
    async list(actor: Actor, query: RubricsQuery): Promise<RubricSelection[]> {
      const rows = await repo.listByCreator(actor.userId, actor.orgId);
      const { fields } = query;
      const counts =
        !fields || fields.has('engage_number')
          ? await repo.engageCounts(rows.map((r) => r.id))
          : new Map<number, number>();
      return rows.map((row) =>
        selectFields(presentRubric(row, counts.get(row.id) ?? 0, actor.userId), fields),
      );
    },

    async get(actor: Actor, id: number): Promise<Rubric> {
      return present(actor, await findVisible(actor, id));
    },

    /**
     * For the homework slice, inside its transaction that stores `rubric_id` / `intra_rubric_id`: the
     * rubric a teacher may attach (their own, or one a homework they teach already uses), share-locked so
     * a concurrent PUT or DELETE, which count uses under an update lock, waits and then sees the new use.
     * Not found otherwise (someone else's rubric stays invisible).
     */
    async holdForUse(actor: Actor, id: number, tx: Executor): Promise<Rubric> {
      const locked = await repo.shareLockById(id, tx);
      if (!locked || locked.orgId !== actor.orgId) throw notFound('rubrics.notFound');
      if (!isCreator(actor, locked)) {
        const teaches = await repo.visibleThroughHomework(
          id,
          {
            userId: actor.userId,
            orgId: actor.orgId,
            isOrgAdmin: actor.orgRole === 'admin',
            teachingOnly: true,
          },
          tx,
        );
        if (!teaches) throw notFound('rubrics.notFound');
      }
      const row = await repo.findById(id, tx);
      if (!row) throw notFound('rubrics.notFound');
      const counts = await repo.engageCounts([id], tx);
      return presentRubric(row, counts.get(id) ?? 0, actor.userId);
    },

    /**
     * The criteria a homework marks with, for a marker the homework slice has already authorised: the
     * rubric is the homework's own (its data's rubric_id), so no rubric-level check applies.
     */
    async conditionsForMarking(id: number, tx: Executor): Promise<RubricWithCreator['conditions'] | null> {
      const row = await repo.findById(id, tx);
      return row ? row.conditions : null;
    },

    async create(actor: Actor, input: RubricInput): Promise<Rubric> {
      const isOrgAdmin = actor.orgRole === 'admin';
      assertCanCreate(actor, {
        teachesInOrg: !isOrgAdmin && (await repo.teachesInOrg(actor.userId, actor.orgId)),
      });
      const row = await repo.insert({
        orgId: actor.orgId,
        name: input.name,
        conditions: input.conditions,
        createdBy: actor.userId,
      });
      return readOwn(actor, row.id);
    },

    /**
     * Replaces the rubric. Once homeworks use it, marks given with it are stored as chosen positions, so
     * only its wording may change: criteria, ratings and scores stay (sameScoring), and a teacher who
     * wants to score differently creates a new rubric. The check and the write share one row lock.
     */
    async update(actor: Actor, id: number, input: RubricInput): Promise<Rubric> {
      await findModifiable(actor, id);
      await ctx.db.transaction(async (tx) => {
        const current = await repo.lockById(id, tx);
        if (!current) throw notFound('rubrics.notFound');
        if (!sameScoring(current, input)) {
          const engaged = (await repo.engageCounts([id], tx)).get(id) ?? 0;
          if (engaged > 0) {
            throw conflict({ key: 'rubrics.scoringLockedInUse', params: { count: engaged } });
          }
        }
        await repo.update(id, { name: input.name, conditions: input.conditions }, tx);
      });
      return readOwn(actor, id);
    },

    /** Deleting a rubric homeworks use would leave them pointing at nothing: refused while in use. */
    async remove(actor: Actor, id: number): Promise<{ message: string }> {
      await findModifiable(actor, id);
      await ctx.db.transaction(async (tx) => {
        if (!(await repo.lockById(id, tx))) throw notFound('rubrics.notFound');
        const engaged = (await repo.engageCounts([id], tx)).get(id) ?? 0;
        if (engaged > 0) throw conflict({ key: 'rubrics.deleteInUse', params: { count: engaged } });
        await repo.delete(id, tx);
      });
      return { message: translate(actor.locale, 'rubrics.deleted') };
    },
  };
}
