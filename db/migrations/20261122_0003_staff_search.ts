// Frozen once landed: never import app code here, never edit; add a new migration instead.
// Educator search index: an SQLite FTS5 table with the trigram tokenizer over the fields the roster
// search covers (full name, email, employee ID), kept in step with `staff` by triggers and built here
// for the rows that already exist. The query side is db/dialect.ts (textSearchMatches / textSearchRank).
//
// Columns (rowid = staff.id):
//   name, email, employee_id  the searched text (terms of 3+ characters match any substring of these);
//   starts                    every word start of the name (split at spaces, hyphens and apostrophes),
//                             the email and the employee ID, each after two spaces: the trigram "  a"
//                             or " an" then finds words that START with a 1- or 2-letter term, which a
//                             trigram index cannot find as a substring.
// The trigram tokenizer folds case (all of Unicode, not only ASCII) and keeps accents, as the old
// LIKE search did ("jose" does not find "José").
//
// PostgreSQL (issue 15): a trigram index over the same columns instead (db/migrationHelpers.ts).
import { type Kysely, sql } from 'kysely';
import { createTrigramIndex, isPostgres } from '../migrationHelpers';

const WORDS = `'  ' || replace(replace(replace(replace(NEW.first_name || ' ' || NEW.last_name, '-', ' '), '''', ' '), '\u2019', ' '), ' ', '  ')
  || '  ' || coalesce(NEW.email, '') || '  ' || coalesce(NEW.employee_id, '')`;
const VALUES = `NEW.id, NEW.first_name || ' ' || NEW.last_name, NEW.email, NEW.employee_id, ${WORDS}`;

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await createTrigramIndex(db, 'staff_search_trgm', 'staff', ['first_name', 'last_name', 'email', 'employee_id']);
    return;
  }
  await sql`create virtual table staff_search using fts5(name, email, employee_id, starts, tokenize = 'trigram')`.execute(db);
  await sql.raw(`create trigger staff_search_insert after insert on staff begin
    insert into staff_search (rowid, name, email, employee_id, starts) values (${VALUES});
  end`).execute(db);
  // Only the searched columns: a status change (deactivate) or a move (staff_buildings) leaves the index alone.
  await sql.raw(`create trigger staff_search_update after update of id, first_name, last_name, email, employee_id on staff begin
    delete from staff_search where rowid = OLD.id;
    insert into staff_search (rowid, name, email, employee_id, starts) values (${VALUES});
  end`).execute(db);
  // Also fires for rows removed by ON DELETE CASCADE (a district deleted).
  await sql.raw(`create trigger staff_search_delete after delete on staff begin
    delete from staff_search where rowid = OLD.id;
  end`).execute(db);
  // The rows that exist already (one statement: about 0.3 s for 20 000 educators).
  await sql.raw(`insert into staff_search (rowid, name, email, employee_id, starts)
    select ${VALUES.replaceAll('NEW.', 'staff.')} from staff`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index if exists staff_search_trgm`.execute(db);
    return;
  }
  for (const trigger of ['staff_search_insert', 'staff_search_update', 'staff_search_delete']) {
    await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
  }
  await sql`drop table if exists staff_search`.execute(db);
}
