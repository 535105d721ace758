// The outbox's soak (issue 31, "200 queued writes sync in ≤ 5 s"): the built app (npm run build first) on a fresh
// data folder, the demo coach signed in in Chromium on the Activity screen, the browser offline; 200 interaction
// creates are put in the page's outbox (IndexedDB coachwell-outbox, the records the log form makes), the browser
// goes online, and the time is taken from the `online` event to an empty outbox: every write sent one at a time,
// oldest first, each answered 201, removed, then the lists revalidated. The server is then asked how many it
// made (exactly BENCH_OUTBOX_WRITES, never more). `npm run bench` runs it (section `outbox`), or alone:
// `npx tsx scripts/benchOutbox.ts`.
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { launchBrowser, newPage, signIn, startServer } from '../client/e2e/harness';

const WRITES = Number(process.env.BENCH_OUTBOX_WRITES ?? 200);
const LIMIT_MS = 5_000;

interface Sample { interaction_type: { id: number }; building: { id: number } | null; participants: { id: number }[]; duration_minutes: number }

/** The soak's result lines; a write left queued or made twice sets the exit code to 1. */
export async function benchOutbox(): Promise<string[]> {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const { context, page } = await newPage(browser, server, { viewport: { width: 1366, height: 900 } });
    await signIn(page, 'coach@maplegrove.example');
    await page.goto('/app/activity');
    await page.locator('h1').first().waitFor();
    const userId = await page.evaluate(async () => (await (await fetch('/api/auth/user')).json()).id as number);
    const sample = await page.evaluate(async (id) => {
      const res = await fetch(`/api/interaction?filter[coach_id][]=${id}&per_page=1`);
      return (await res.json()).data[0];
    }, userId) as Sample;
    const marker = `Outbox bench ${Date.now()}`;

    await context.setOffline(true);
    await page.evaluate(async ({ count, userId, sample, marker }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('coachwell-outbox', 1);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const tx = db.transaction('writes', 'readwrite');
      const store = tx.objectStore('writes');
      const start = Date.now() - 3_600_000;
      for (let i = 0; i < count; i++) {
        store.put({
          id: crypto.randomUUID(), userId, kind: 'interaction.create', target: null,
          body: {
            interaction_type_id: sample.interaction_type.id, coach_id: null, starts_at: new Date(start + i * 60_000).toISOString().replace(/\.\d+Z$/, '.000Z'),
            duration_minutes: sample.duration_minutes, status: 'completed', building_id: sample.building?.id ?? null,
            staff_ids: sample.participants.slice(0, 1).map((p) => p.id), group_ids: [], notes: `${marker} #${i + 1}`, private_notes: '', next_steps: '',
            field_values: {}, coaching_cycle_id: null, skill_ids: [],
          },
          createdAt: new Date().toISOString(), seq: Date.now() * 1000 + i, state: 'waiting', attempts: 0,
          summary: { title: 'Bench', detail: '', staffIds: [] },
        });
      }
      await new Promise((resolve, reject) => { tx.oncomplete = resolve; tx.onerror = () => reject(tx.error); });
      db.close();
      new BroadcastChannel('coachwell-outbox').postMessage('changed');
    }, { count: WRITES, userId, sample, marker });
    await page.locator('.app-topbar').getByRole('button', { name: /waiting to sync/ }).waitFor();

    const pending = () => page.evaluate(() => new Promise<number>((resolve, reject) => {
      const open = indexedDB.open('coachwell-outbox', 1);
      open.onsuccess = () => {
        const req = open.result.transaction('writes').objectStore('writes').count();
        req.onsuccess = () => { open.result.close(); resolve(req.result); };
        req.onerror = () => reject(req.error);
      };
    }));
    if ((await pending()) !== WRITES) throw new Error('The writes were not queued.');

    const started = performance.now();
    await context.setOffline(false);
    // The header's count leaves when the outbox is empty; the store is checked as well.
    await page.locator('.app-topbar').getByRole('button', { name: /waiting to sync/ }).waitFor({ state: 'detached', timeout: 120_000 });
    const elapsed = performance.now() - started;
    const left = await pending();
    // The requests' own time (the server's answer, the loopback), from the page's resource timing: the rest is the
    // outbox's (IndexedDB, the browser's work) and waiting for a core.
    const requestsMs = await page.evaluate(() => performance.getEntriesByType('resource')
      .filter((e) => new URL(e.name).pathname === '/api/interaction' && !new URL(e.name).search)
      .reduce((sum, e) => sum + e.duration, 0));

    const made = await page.evaluate(async (marker) => {
      let n = 0;
      for (let p = 1; ; p++) {
        const res = await (await fetch(`/api/interaction?per_page=100&page=${p}&sort=-starts_at`)).json();
        n += res.data.filter((i: { notes: string | null }) => i.notes?.startsWith(marker)).length;
        if (p >= res.meta.last_page) return n;
      }
    }, marker);

    const load = os.loadavg()[0]!.toFixed(1);
    if (left !== 0 || made !== WRITES) process.exitCode = 1;
    return [`Outbox sync: ${WRITES} queued interaction creates sent in ${(elapsed / 1000).toFixed(2)} s (${(elapsed / WRITES).toFixed(1)} ms a write), ` +
      `${left} left, ${made} made on the server; the requests themselves ${(requestsMs / 1000).toFixed(2)} s; limit ${LIMIT_MS / 1000} s: ${elapsed <= LIMIT_MS && left === 0 && made === WRITES ? 'met' : 'NOT MET'}`,
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, load ${load}, ${new Date().toISOString()}`];
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const line of await benchOutbox()) console.log(line);
}
