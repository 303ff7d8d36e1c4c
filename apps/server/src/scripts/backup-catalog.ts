import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../platform/database.ts';

/** What a backup needs to know of one table, read from the database's own catalog. */
export type TableInfo = {
  name: string;
  /** Columns that take values on insert (generated columns are computed again). */
  columns: string[];
  primaryKey: string[];
  /**
   * Foreign-key columns restored as null first and set once every table is in: references to the same
   * table (a question's parent, which a later part of the dump may hold) and the one reference of each
   * cycle between tables (a course and its recycle-bin entry) that breaks it.
   */
  deferred: string[];
  /** Columns whose values come from a sequence (identity or serial), moved past the restored values. */
  sequenced: { column: string; sequence: string }[];
};

/** Both drivers answer a raw statement with its rows under `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export const ident = (name: string): SQL => sql.raw(`"${name.replace(/"/g, '""')}"`);

/**
 * Every table of the public schema, parents before the tables that reference them, so each part of a
 * restore satisfies its foreign keys when inserted. Read from the catalog rather than the Drizzle schema,
 * so a backup holds exactly what the database holds.
 */
export async function readCatalog(db: Executor): Promise<TableInfo[]> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
      order by c.relname`),
  ).map((r) => r.name);
  const columns = rowsOf<{
    table_name: string;
    column_name: string;
    is_generated: string;
    is_nullable: 'YES' | 'NO';
    sequence: string | null;
  }>(
    await db.execute(sql`
      select table_name, column_name, is_generated, is_nullable,
             pg_get_serial_sequence(format('%I.%I', table_schema, table_name), column_name) as sequence
      from information_schema.columns where table_schema = 'public'
      order by table_name, ordinal_position`),
  );
  const constraints = rowsOf<{ kind: 'p' | 'f'; source: string; target: string | null; columns: string[] }>(
    await db.execute(sql`
      select c.contype as kind, s.relname as source, t.relname as target,
             array(select a.attname::text from unnest(c.conkey) with ordinality k(num, ord)
                   join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.num order by k.ord) as columns
      from pg_constraint c
      join pg_class s on s.oid = c.conrelid
      join pg_namespace n on n.oid = s.relnamespace
      left join pg_class t on t.oid = c.confrelid
      where n.nspname = 'public' and c.contype in ('p', 'f')`),
  );

  const info = new Map<string, TableInfo>(
    tables.map((name) => [name, { name, columns: [], primaryKey: [], deferred: [], sequenced: [] }]),
  );
  const nullable = new Set<string>();
  for (const column of columns) {
    const table = info.get(column.table_name);
    if (!table || column.is_generated === 'ALWAYS') continue;
    if (column.is_nullable === 'YES') nullable.add(`${column.table_name}.${column.column_name}`);
    table.columns.push(column.column_name);
    if (column.sequence) table.sequenced.push({ column: column.column_name, sequence: column.sequence });
  }
  /** Each table with its foreign keys to other tables, which must be restored before it. */
  const nodes = [...info.values()].map((table) => ({
    table,
    references: [] as { target: string; columns: string[] }[],
  }));
  const defer = (table: TableInfo, fkColumns: string[]) => {
    const blocking = fkColumns.filter((c) => !nullable.has(`${table.name}.${c}`));
    if (blocking.length > 0) {
      throw new Error(
        `table ${table.name}: ${blocking.join(', ')} must be nullable to restore its references`,
      );
    }
    if (table.primaryKey.length === 0) {
      throw new Error(`table ${table.name} has no primary key to restore its deferred references by`);
    }
    for (const c of fkColumns) if (!table.deferred.includes(c)) table.deferred.push(c);
  };
  for (const constraint of constraints) {
    const table = info.get(constraint.source);
    if (table && constraint.kind === 'p') table.primaryKey = constraint.columns;
  }
  for (const node of nodes) {
    for (const constraint of constraints) {
      if (constraint.source !== node.table.name || constraint.kind !== 'f' || !constraint.target) continue;
      if (!info.has(constraint.target)) continue;
      if (constraint.target === node.table.name) defer(node.table, constraint.columns);
      else node.references.push({ target: constraint.target, columns: constraint.columns });
    }
  }

  // Kahn's order, alphabetical among tables that are ready at the same time so backups compare stably.
  // When only cycles are left, the first nullable reference inside them is deferred, and the order goes on.
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  while (ordered.length < nodes.length) {
    const left = nodes.filter((node) => !placed.has(node.table.name));
    const ready = left.filter((node) => node.references.every((r) => placed.has(r.target)));
    if (ready.length === 0) {
      const breaking = left
        .flatMap((node) => node.references.map((reference) => ({ node, reference })))
        .find(
          ({ node, reference }) =>
            !placed.has(reference.target) &&
            reference.columns.every((c) => nullable.has(`${node.table.name}.${c}`)),
        );
      if (!breaking) {
        const names = left.map((node) => node.table.name).join(', ');
        throw new Error(`tables reference each other in a cycle, which a restore cannot order: ${names}`);
      }
      defer(breaking.node.table, breaking.reference.columns);
      breaking.node.references = breaking.node.references.filter((r) => r !== breaking.reference);
      continue;
    }
    for (const node of ready) {
      placed.add(node.table.name);
      ordered.push(node.table);
    }
  }
  return ordered;
}

/** The migrations the database has applied, in order: a backup restores only into the same schema. */
export async function appliedMigrations(db: Executor): Promise<string[]> {
  return rowsOf<{ hash: string }>(
    await db.execute(sql`select hash from drizzle.__drizzle_migrations order by id`),
  ).map((r) => r.hash);
}
