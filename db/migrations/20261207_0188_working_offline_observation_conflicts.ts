// Frozen once landed: never import app code here, never edit; add a new migration instead.
// The knowledge base article "Working offline" said a conflict happens when someone "saved the same interaction".
// Since issue 31's last part, observations carry the version they started from too: a change to an observation
// meets the same conflict panel (offline, and online when someone saved it after you opened it), which compares and
// merges each item's answer. The sentence is replaced, in English and in its Spanish version, by one that says so.
// Only text still as Coachwell wrote it changes (replaceArticleSentence: the provider's staff's edits stay). down:
// content only (the previous English is in the article's history).
import type { Kysely } from 'kysely';
import { replaceArticleSentence } from '../migrationHelpers';

export const SLUG = 'working-offline';
export const OLD_SENTENCE = "If someone saved the same interaction after you started changing it without a signal, Coachwell does not overwrite their version. The change is marked **Changed on the server**: **Compare** shows **Yours** and **On the server** side by side. Choose **Keep mine**, **Keep the server's**, or **Merge** (both notes in one form for you to edit into one).";
export const NEW_SENTENCE = "If someone saved the same interaction or observation after you started changing it, Coachwell does not overwrite their version. The change is marked **Changed on the server**: **Compare** shows **Yours** and **On the server** side by side (for an observation, each item's answer under its name). Choose **Keep mine**, **Keep the server's**, or **Merge** (both notes in one form for you to edit into one; for an observation, yours or theirs for each answer that differs). With a signal too, saving an observation someone changed after you opened it opens the same comparison instead of overwriting it.";
export const OLD_SPANISH = 'Si alguien guardó la misma interacción después de que usted empezara a modificarla sin señal, Coachwell no sobrescribe la versión de esa persona. El cambio se marca como **Cambiado en el servidor**: **Comparar** muestra **La suya** y **En el servidor** lado a lado. Elija **Conservar la mía**, **Conservar la del servidor** o **Combinar** (las dos notas en un formulario para que usted las una en una sola).';
export const NEW_SPANISH = 'Si alguien guardó la misma interacción u observación después de que usted empezara a modificarla, Coachwell no sobrescribe la versión de esa persona. El cambio se marca como **Cambiado en el servidor**: **Comparar** muestra **La suya** y **En el servidor** lado a lado (en una observación, la respuesta de cada elemento bajo su nombre). Elija **Conservar la mía**, **Conservar la del servidor** o **Combinar** (las dos notas en un formulario para que usted las una en una sola; en una observación, la suya o la otra para cada respuesta que difiera). También con señal, guardar una observación que otra persona cambió después de que usted la abriera abre la misma comparación en lugar de sobrescribirla.';
export async function up(db: Kysely<any>): Promise<void> {
  await replaceArticleSentence(db, { slug: SLUG, oldSentence: OLD_SENTENCE, newSentence: NEW_SENTENCE, oldSpanish: OLD_SPANISH, newSpanish: NEW_SPANISH });
}

export async function down(): Promise<void> {
  // Content only (see above).
}
