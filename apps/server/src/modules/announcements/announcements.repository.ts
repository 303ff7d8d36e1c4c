import { and, asc, desc, eq, inArray, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import { announcementReads, announcements } from '../../db/schema/announcements.ts';
import { courseMembers } from '../../db/schema/courses.ts';
import { users } from '../../db/schema/identity.ts';
import type { Database, Executor } from '../../platform/database.ts';

export type AnnouncementRow = typeof announcements.$inferSelect;
export type NewAnnouncement = typeof announcements.$inferInsert;
/** A row as the lists show it: with its author's name and when the reader opened it. */
export type ListedAnnouncement = AnnouncementRow & { authorName: string; readAt: Date | null };

const listed = {
  announcement: announcements,
  authorName: users.name,
  readAt: announcementReads.readAt,
};

export function announcementsRepository(db: Database) {
  /** Pinned first, then the newest publication: the order of every list. */
  async function list(where: SQL | undefined, readerId: number, tx: Executor): Promise<ListedAnnouncement[]> {
    const rows = await tx
      .select(listed)
      .from(announcements)
      .innerJoin(users, eq(users.id, announcements.createdBy))
      .leftJoin(
        announcementReads,
        and(eq(announcementReads.announcementId, announcements.id), eq(announcementReads.userId, readerId)),
      )
      .where(where)
      .orderBy(desc(announcements.pinned), desc(announcements.publishAt), desc(announcements.id));
    return rows.map((r) => ({ ...r.announcement, authorName: r.authorName, readAt: r.readAt }));
  }

  const publishedOnly = (includeScheduled: boolean) =>
    includeScheduled ? undefined : lte(announcements.publishAt, sql`now()`);

  return {
    async insert(values: NewAnnouncement, tx: Executor = db): Promise<AnnouncementRow> {
      const [row] = await tx.insert(announcements).values(values).returning();
      if (!row) throw new Error('announcement not inserted');
      return row;
    },

    async update(
      id: number,
      values: Partial<Pick<NewAnnouncement, 'title' | 'content' | 'publishAt' | 'pinned' | 'notifiedAt'>>,
      tx: Executor = db,
    ): Promise<AnnouncementRow> {
      const [row] = await tx
        .update(announcements)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(announcements.id, id))
        .returning();
      if (!row) throw new Error('announcement not updated');
      return row;
    },

    async remove(id: number, tx: Executor = db): Promise<void> {
      await tx.delete(announcements).where(eq(announcements.id, id));
    },

    async findById(id: number, tx: Executor = db): Promise<AnnouncementRow | undefined> {
      const [row] = await tx.select().from(announcements).where(eq(announcements.id, id));
      return row;
    },

    /** The row, held until the transaction ends: edits and the publish job never interleave on it. */
    async lockById(id: number, tx: Executor): Promise<AnnouncementRow | undefined> {
      const [row] = await tx.select().from(announcements).where(eq(announcements.id, id)).for('update');
      return row;
    },

    async findListed(
      id: number,
      readerId: number,
      tx: Executor = db,
    ): Promise<ListedAnnouncement | undefined> {
      const [row] = await list(eq(announcements.id, id), readerId, tx);
      return row;
    },

    async listForCourse(
      courseId: number,
      readerId: number,
      includeScheduled: boolean,
      tx: Executor = db,
    ): Promise<ListedAnnouncement[]> {
      return list(and(eq(announcements.courseId, courseId), publishedOnly(includeScheduled)), readerId, tx);
    },

    async listForOrg(
      orgId: number,
      readerId: number,
      includeScheduled: boolean,
      tx: Executor = db,
    ): Promise<ListedAnnouncement[]> {
      return list(
        and(eq(announcements.orgId, orgId), isNull(announcements.courseId), publishedOnly(includeScheduled)),
        readerId,
        tx,
      );
    },

    /** The first open counts; opening again changes nothing. */
    async markRead(announcementId: number, userId: number, tx: Executor = db): Promise<void> {
      await tx.insert(announcementReads).values({ announcementId, userId }).onConflictDoNothing();
    },

    /** Everyone who reads the course's announcements, but their author. */
    async courseReaders(courseId: number, authorId: number, tx: Executor = db): Promise<number[]> {
      const rows = await tx
        .select({ id: courseMembers.userId })
        .from(courseMembers)
        .innerJoin(users, eq(users.id, courseMembers.userId))
        .where(
          and(
            eq(courseMembers.courseId, courseId),
            ne(courseMembers.userId, authorId),
            eq(users.active, true),
          ),
        )
        .orderBy(asc(courseMembers.userId));
      return rows.map((r) => r.id);
    },

    /** Every active user of the organisation but the author. */
    async orgReaders(orgId: number, authorId: number, tx: Executor = db): Promise<number[]> {
      const rows = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.orgId, orgId), ne(users.id, authorId), eq(users.active, true)))
        .orderBy(asc(users.id));
      return rows.map((r) => r.id);
    },

    /** These announcements, for deciding who may read their files. */
    async findByIds(ids: readonly number[], tx: Executor = db): Promise<AnnouncementRow[]> {
      if (ids.length === 0) return [];
      return tx
        .select()
        .from(announcements)
        .where(inArray(announcements.id, [...ids]));
    },
  };
}

export type AnnouncementsRepository = ReturnType<typeof announcementsRepository>;
