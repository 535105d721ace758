// Frozen once landed: never import app code here, never edit; add a new migration instead.
// Search indexes for the provider's two search boxes that grow with the business (issue 8: every search
// box over a growing list uses the one search helper): every login across districts (/admin/users) and
// the districts (/admin/districts). SQLite FTS5 tables with the trigram tokenizer, kept in step by
// triggers and built here for the rows that exist, exactly as staff_search (20261122_0003); the query
// side is db/dialect.ts (textSearchMatches / textSearchRank).
//
// user_search (rowid = users.id): name, email, and `starts` (every word start of the name split at
// spaces, hyphens and apostrophes, and the email, each after two spaces).
// district_search (rowid = districts.id): name, slug, state, and `starts` likewise.
// Only the searched columns fire the update triggers: a sign-in (last_login_at) or a status change
// leaves the index alone.
//
// PostgreSQL (issue 15): trigram indexes over the same columns instead (db/migrationHelpers.ts).
import { type Kysely, sql } from 'kysely';
import { createTrigramIndex, isPostgres } from '../migrationHelpers';

const nameStarts = (p: string, column: string) =>
  `replace(replace(replace(replace(${p}${column}, '-', ' '), '''', ' '), '\u2019', ' '), ' ', '  ')`;

const USER_VALUES = (p: string) =>
  `${p}id, ${p}name, ${p}email, '  ' || ${nameStarts(p, 'name')} || '  ' || ${p}email`;
const DISTRICT_VALUES = (p: string) =>
  `${p}id, ${p}name, ${p}slug, ${p}state, '  ' || ${nameStarts(p, 'name')} || '  ' || ${p}slug || '  ' || ${p}state`;

async function indexOf(db: Kysely<any>, table: string, index: string, columns: string[], searched: string[], values: (p: string) => string) {
  const list = ['rowid', ...columns].join(', ');
  await sql.raw(`create virtual table ${index} using fts5(${columns.join(', ')}, tokenize = 'trigram')`).execute(db);
  await sql.raw(`create trigger ${index}_insert after insert on ${table} begin
    insert into ${index} (${list}) values (${values('NEW.')});
  end`).execute(db);
  await sql.raw(`create trigger ${index}_update after update of ${['id', ...searched].join(', ')} on ${table} begin
    delete from ${index} where rowid = OLD.id;
    insert into ${index} (${list}) values (${values('NEW.')});
  end`).execute(db);
  // Also fires for rows removed by ON DELETE CASCADE.
  await sql.raw(`create trigger ${index}_delete after delete on ${table} begin
    delete from ${index} where rowid = OLD.id;
  end`).execute(db);
  await sql.raw(`insert into ${index} (${list}) select ${values(`${table}.`)} from ${table}`).execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await createTrigramIndex(db, 'user_search_trgm', 'users', ['name', 'email']);
    await createTrigramIndex(db, 'district_search_trgm', 'districts', ['name', 'slug', 'state']);
    return;
  }
  await indexOf(db, 'users', 'user_search', ['name', 'email', 'starts'], ['name', 'email'], USER_VALUES);
  await indexOf(db, 'districts', 'district_search', ['name', 'slug', 'state', 'starts'], ['name', 'slug', 'state'], DISTRICT_VALUES);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const index of ['user_search_trgm', 'district_search_trgm']) await sql.raw(`drop index if exists ${index}`).execute(db);
    return;
  }
  for (const index of ['user_search', 'district_search']) {
    for (const suffix of ['insert', 'update', 'delete']) await sql.raw(`drop trigger if exists ${index}_${suffix}`).execute(db);
    await sql.raw(`drop table if exists ${index}`).execute(db);
  }
}
