// Frozen once landed: never import app code here, never edit; add a new migration instead.
// The knowledge base in two languages (issue 33, item 3): an article's version in another language ('es' for now),
// written by the provider's staff in the article editor (updated_by null: Coachwell's own text, as the migrations
// write it). Like articles, it is the provider's content: no district_id, every district reads the same text, and a
// district's purge or export has nothing here (updated_by is provider staff, set null if they go).
//
// article_search_es is the Spanish text's search index on SQLite: an FTS5 trigram table (rowid = the article's id)
// kept in step with the 'es' rows by triggers, exactly as article_search (20261123_0083) is for the English; another
// language adds its own table. PostgreSQL: a trigram index over title and body (db/migrationHelpers.ts).
import { type Kysely, sql } from 'kysely';
import { createTrigramIndex, isPostgres } from '../migrationHelpers';

const STARTS = (p: string) => `'  ' || replace(replace(replace(replace(${p}title || ' ' || ${p}body, char(10), ' '), char(13), ' '), char(9), ' '), ' ', '  ')`;
const VALUES = (p: string) => `${p}article_id, ${p}title, ${p}body, ${STARTS(p)}`;
const TRIGGERS = ['article_search_es_insert', 'article_search_es_update', 'article_search_es_delete'];

async function sqliteSearchIndex(db: Kysely<any>): Promise<void> {
  await sql`create virtual table article_search_es using fts5(title, body, starts, tokenize = 'trigram')`.execute(db);
  await sql.raw(`create trigger article_search_es_insert after insert on article_translations when NEW.locale = 'es' begin
    insert into article_search_es (rowid, title, body, starts) values (${VALUES('NEW.')});
  end`).execute(db);
  await sql.raw(`create trigger article_search_es_update after update of article_id, locale, title, body on article_translations begin
    delete from article_search_es where OLD.locale = 'es' and rowid = OLD.article_id;
    insert into article_search_es (rowid, title, body, starts) select ${VALUES('NEW.')} where NEW.locale = 'es';
  end`).execute(db);
  await sql.raw(`create trigger article_search_es_delete after delete on article_translations when OLD.locale = 'es' begin
    delete from article_search_es where rowid = OLD.article_id;
  end`).execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('article_translations')
    .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
    // a language of common/locales.ts other than English: 'es'
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    // Markdown, as articles.body
    .addColumn('body', 'text', (c) => c.notNull())
    // provider staff; null: Coachwell's own text (written by a migration)
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('article_translations_pk', ['article_id', 'locale'])
    .execute();
  if (isPostgres(db)) await createTrigramIndex(db, 'article_translations_search_trgm', 'article_translations', ['title', 'body']);
  else await sqliteSearchIndex(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await sql`drop index if exists article_translations_search_trgm`.execute(db);
  else for (const trigger of TRIGGERS) await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
  await sql`drop table if exists article_search_es`.execute(db);
  await db.schema.dropTable('article_translations').ifExists().execute();
}
