// Frozen once landed: never import app code here, never edit; add a new migration instead.
// The knowledge base article "Working offline" said "Activity is kept by day: on a new day, open it once with a
// signal." Since issue 31's read-ahead, the dashboard and Activity keep the next three days when opened with a signal,
// so that sentence is replaced, in English and in its Spanish version, by what now happens. Only text still as
// Coachwell wrote it changes (the article and its translation last saved by Coachwell, updated_by null, and still
// holding the old sentence); what the provider's staff edited stays as they left it. The English change is a save
// like any other (a version row, edited_by empty), the Spanish saved at the same instant so the editor does not flag
// it as older. down: content only (the previous English is in the article's history).
import type { Kysely } from 'kysely';

export const SLUG = 'working-offline';
export const OLD_SENTENCE = 'Activity is kept by day: on a new day, open it once with a signal.';
export const NEW_SENTENCE = 'Your dashboard and Activity also keep the next three days when you open them with a signal, so the next morning (or on Monday, after a Friday) they open without a signal too, as planned that evening.';
export const OLD_SPANISH = 'Actividad se guarda por día: en un día nuevo, ábrala una vez con señal.';
export const NEW_SPANISH = 'Su panel y Actividad también guardan los tres días siguientes cuando los abre con señal, así que la mañana siguiente (o el lunes, después de un viernes) también se abren sin señal, tal como estaban planeados esa noche.';

export async function up(db: Kysely<any>): Promise<void> {
  const now = new Date().toISOString();
  const row = await db.selectFrom('articles').selectAll().where('slug', '=', SLUG).executeTakeFirst();
  if (!row) return;
  if (row.updated_by === null && row.body.includes(OLD_SENTENCE)) {
    const body = row.body.replace(OLD_SENTENCE, NEW_SENTENCE);
    await db.updateTable('articles').set({ body, updated_at: now }).where('id', '=', row.id).execute();
    const roles = await db.selectFrom('article_audience_roles').select('role').where('article_id', '=', row.id).orderBy('role').execute();
    await db.insertInto('article_versions').values({
      article_id: row.id, title: row.title, slug: row.slug, category: row.category, audience: row.audience,
      audience_roles: JSON.stringify(roles.map((r: { role: string }) => r.role)), body, edited_by: null, at: now,
    }).execute();
  }
  const spanish = await db.selectFrom('article_translations').select(['body', 'updated_by'])
    .where('article_id', '=', row.id).where('locale', '=', 'es').executeTakeFirst();
  if (spanish && spanish.updated_by === null && spanish.body.includes(OLD_SPANISH)) {
    await db.updateTable('article_translations').set({ body: spanish.body.replace(OLD_SPANISH, NEW_SPANISH), updated_at: now })
      .where('article_id', '=', row.id).where('locale', '=', 'es').execute();
  }
}

export async function down(): Promise<void> {
  // Content only (see above).
}
