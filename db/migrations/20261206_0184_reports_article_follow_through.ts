// Frozen once landed: never import app code here, never edit; add a new migration instead.
// The knowledge base article "Reports" says what the reports show since issue 29: follow-through (action steps done
// on time) and educator-initiated coaching (coaching requests), by coach and by school on the Interactions report
// and per coach on the Coaching team report; and it names the sixth report, Walkthroughs (issue 28), whose own
// article is "Observations and walkthroughs". In English and in its Spanish version.
//
// Only text still exactly as Coachwell wrote it is rewritten (recognised by its SHA-256, so the old text need not be
// copied here): the English body as migration 20261129_0151 rewrote it, the Spanish version as migration
// 20261206_0183 wrote it (and by nobody since: updated_by null). What the provider's staff edited, or deleted, stays
// as they left it. The English rewrite is a save like any other (the body, updated_at and a version row with
// edited_by empty: Coachwell's own text), so the history shows it and the old text can be read back; the Spanish
// version is saved at the same instant, so the editor does not flag it as older than the English. The search
// indexes follow through their triggers (SQLite) or the trigram indexes (PostgreSQL).
//
// down: content only, as 0151: the rewritten texts stay (the previous English is in the article's history).
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';

export const SLUG = 'reports';
export const LOCALE = 'es';
const sha256 = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest('hex');
/** SHA-256 of the English body migration 20261129_0151 wrote. */
export const PREVIOUS_BODY_SHA256 = '4aa7d11a254e880d500decfdd3367fc0baa496986fc9ef91744a3ad310c8f0dd';
/** SHA-256 of the Spanish body migration 20261206_0183 wrote. */
export const PREVIOUS_SPANISH_SHA256 = '15c9819872a93d7d24e373f62e50539dd75ab05a7314b2b54f2c964981b59eb1';

export async function up(db: Kysely<any>): Promise<void> {
  const now = new Date().toISOString();
  const row = await db.selectFrom('articles').selectAll().where('slug', '=', SLUG).executeTakeFirst();
  if (!row) return;
  if (sha256(row.body) === PREVIOUS_BODY_SHA256) {
    await db.updateTable('articles').set({ body: BODY, updated_by: null, updated_at: now }).where('id', '=', row.id).execute();
    const roles = await db.selectFrom('article_audience_roles').select('role').where('article_id', '=', row.id).orderBy('role').execute();
    await db.insertInto('article_versions').values({
      article_id: row.id, title: row.title, slug: row.slug, category: row.category, audience: row.audience,
      audience_roles: JSON.stringify(roles.map((r: { role: string }) => r.role)), body: BODY, edited_by: null, at: now,
    }).execute();
  }
  const spanish = await db.selectFrom('article_translations').select(['body', 'updated_by'])
    .where('article_id', '=', row.id).where('locale', '=', LOCALE).executeTakeFirst();
  if (spanish && spanish.updated_by === null && sha256(spanish.body) === PREVIOUS_SPANISH_SHA256) {
    await db.updateTable('article_translations').set({ body: SPANISH_BODY, updated_at: now })
      .where('article_id', '=', row.id).where('locale', '=', LOCALE).execute();
  }
}

export async function down(): Promise<void> {
  // Content only (see above).
}

export const BODY = `**Reports** in the menu turns logged interactions, coaching cycles and action steps into numbers your leaders can act on.

![The Interactions report: the filters, the totals of interactions, hours and educators reached, the coaching targets and the interactions per month](/help/reports.png)

## The reports

- **Interactions**: how many interactions, how many hours and how many educators were reached, by type, school and coach, and the trend by week or month; then follow-through and educator-initiated coaching (below), by coach and by school.
- **Coaching cycles**: cycles by stage and outcome.
- **Coaching team**: each coach's interactions, hours and caseload reach, with the action steps of their caseload done on time and the coaching requests that reached them.
- **Teacher level** and **Comparison** (Enterprise plan): each educator's coaching, and schools or groups side by side.
- **Walkthroughs** (Professional and Enterprise plans): how often each look-for of a walkthrough form was seen; the article "Observations and walkthroughs" explains it.

## Follow-through and educator-initiated coaching

Below the coaching targets, the Interactions report answers "did anything stick?" and "do teachers ask for coaching?" in four figures; further down, four tables give the action steps and the coaching requests by coach and by school:

![The Interactions report's follow-through figures: action steps done on time, overdue action steps, coaching requests and educator-initiated interactions](/help/report-follow-through.png)

- **Action steps done on time**: of the action steps due within the dates, the share done on or before their due day. It is counted against the steps done late and those still open after their due day (**Overdue**). Dropped steps, steps without a due day and steps not yet due are not in the share.
- **Coaching requests**: the requests educators made within the dates, and where each stands now: **Accepted** (a session scheduled), **Passed on**, **Waiting** for a coach, or **Withdrawn**.
- **Educator-initiated interactions**: the completed sessions that a coach scheduled when accepting a request.

By coach, the action steps are those of the educators in the coach's caseload (an educator with two coaches counts for both), and the requests are those that reached the coach's queue. By school, each counts at the educator's school. The **Coaching team** report shows the same figures for each coach in its **Follow-through** and **Coaching requests** tables, and its download holds them too.

## Filters

Every report takes dates (this school year, the last 30 days, this month, last month or your own dates), schools, coaches, types, groups, grades and subjects.

## What counts

An interaction counts when it is **completed** and falls within the dates (days of your district's timezone). Scheduled, cancelled and no-show interactions are left out. The school year starts in the month set in Site settings. Each report says how its figures are counted, under **How this is counted**.

## Who sees what

Administrators see the whole district, principals their schools and coaches their own work. Each table has a download for Excel or Google Sheets.`;

export const SPANISH_BODY = `**Informes**, en el menú, convierte las interacciones registradas, los ciclos de coaching y los pasos de acción en cifras con las que sus líderes pueden actuar.

![El informe Interacciones: los filtros, los totales de interacciones, horas y educadores alcanzados, las metas de coaching y las interacciones por mes](/help/reports.png)

## Los informes

- **Interacciones**: cuántas interacciones, cuántas horas y a cuántos educadores se alcanzó, por tipo, escuela y coach, y la tendencia por semana o por mes; luego el seguimiento y el coaching pedido por educadores (más abajo), por coach y por escuela.
- **Ciclos de coaching**: los ciclos por etapa y resultado.
- **Equipo de coaching**: de cada coach, sus interacciones, sus horas y a cuántos de sus educadores asignados llega, con los pasos de acción de sus educadores asignados hechos a tiempo y las solicitudes de coaching que le llegaron.
- **Por educador/a** y **Comparación** (plan Enterprise): el coaching de cada educador, y escuelas o grupos lado a lado.
- **Recorridos** (planes Professional y Enterprise): con qué frecuencia se observó cada indicador de un formulario de recorrido; el artículo "Observaciones y recorridos de aula" lo explica.

## Seguimiento y coaching pedido por educadores

Debajo de las metas de coaching, el informe Interacciones responde a "¿quedó algo?" y "¿piden coaching los docentes?" con cuatro cifras; más abajo, cuatro tablas dan los pasos de acción y las solicitudes de coaching por coach y por escuela:

![Las cifras de seguimiento del informe Interacciones: pasos de acción hechos a tiempo, pasos de acción atrasados, solicitudes de coaching e interacciones pedidas por educadores](/help/report-follow-through.png)

- **Pasos de acción hechos a tiempo**: de los pasos de acción que vencen dentro de las fechas, la proporción hecha el día de vencimiento o antes. Se cuenta frente a los pasos hechos tarde y los que siguen abiertos después de su día de vencimiento (**Atrasados**). Los pasos descartados, los que no tienen fecha de vencimiento y los que aún no vencen no entran en la proporción.
- **Solicitudes de coaching**: las solicitudes que hicieron los educadores dentro de las fechas, y cómo está cada una ahora: **Aceptadas** (con una sesión programada), **Transferidas**, **En espera** de un coach o **Retiradas**.
- **Interacciones pedidas por educadores**: las sesiones completadas que un coach programó al aceptar una solicitud.

Por coach, los pasos de acción son los de los educadores asignados al coach (un educador con dos coaches cuenta para ambos), y las solicitudes son las que llegaron a la cola del coach. Por escuela, cada uno cuenta en la escuela del educador/a. El informe **Equipo de coaching** muestra las mismas cifras para cada coach en sus tablas **Seguimiento** y **Solicitudes de coaching**, y su descarga también las contiene.

## Filtros

Cada informe admite fechas (este año escolar, los últimos 30 días, este mes, el mes pasado o sus propias fechas), escuelas, coaches, tipos, grupos, grados y materias.

## Qué se cuenta

Una interacción cuenta cuando está **completada** y cae dentro de las fechas (días según la zona horaria de su distrito). Las interacciones programadas, canceladas y aquellas a las que el educador no asistió quedan fuera. El año escolar comienza en el mes definido en Configuración del sitio. Cada informe explica cómo se cuentan sus cifras, en **Cómo se cuenta**.

## Quién ve qué

Los administradores ven todo el distrito; los directores, sus escuelas; y los coaches, su propio trabajo. Cada tabla tiene una descarga para Excel o Google Sheets.`;
