// Frozen once landed: never import app code here, never edit; add a new migration instead.
// The knowledge base article "Working offline" told what happens to an observation whose tab closes without a signal
// (its draft waits on the device) but not with one, and its conflicts paragraph named only observations as meeting the
// comparison online. Since issue 31's last edges, an observation closed online with changes not saved keeps them too,
// an interaction edited online meets the same comparison, and a change the server already holds is saved without
// asking. The sentence about picking educators from Recent is replaced, in English and in its Spanish version, by one
// that also says so (the conflicts paragraph is migration 0188's, left as it is). Only text still as Coachwell wrote it
// changes (replaceArticleSentence: the provider's staff's edits stay). down: content only (the previous English is in
// the article's history).
import type { Kysely } from 'kysely';
import { replaceArticleSentence } from '../migrationHelpers';

export const SLUG = 'working-offline';
export const OLD_SENTENCE = 'Pick educators from **Recent** in the form when you have no signal: searching the whole district needs one.';
export const NEW_SENTENCE = "Pick educators from **Recent** in the form when you have no signal, since searching the whole district needs one. If the tab closes while you type an observation, with a signal or without, nothing typed is lost: it waits on your device, and if someone saved the observation meanwhile you choose between the two versions (**Conflicts**, below). With a signal, saving an interaction someone changed after you opened it opens the same comparison; when the server already holds exactly what you are saving, it is saved without asking.";
export const OLD_SPANISH = 'Cuando no tenga señal, elija a los educadores en **Recientes**, en el formulario: buscar en todo el distrito necesita señal.';
export const NEW_SPANISH = 'Cuando no tenga señal, elija a los educadores en **Recientes**, en el formulario, ya que buscar en todo el distrito necesita señal. Si la pestaña se cierra mientras escribe una observación, con señal o sin ella, no se pierde nada de lo escrito: queda en su dispositivo y, si alguien guardó la observación entretanto, usted elige entre las dos versiones (**Conflictos**, más abajo). Con señal, guardar una interacción que otra persona cambió después de que usted la abriera abre la misma comparación; cuando el servidor ya tiene exactamente lo que usted guarda, se guarda sin preguntar.';
export async function up(db: Kysely<any>): Promise<void> {
  await replaceArticleSentence(db, { slug: SLUG, oldSentence: OLD_SENTENCE, newSentence: NEW_SENTENCE, oldSpanish: OLD_SPANISH, newSpanish: NEW_SPANISH });
}

export async function down(): Promise<void> {
  // Content only (see above).
}
