// The knowledge base article "Working offline: Coachwell without a signal" (issue 31, migration 20261204_0175),
// with the tests every migrated article gets (server/testing/articles.fixture.ts); the seeded articles' rules
// (seededArticles.test.ts) hold it too. Migrations 20261206_0187, 20261207_0188 and 20261209_0190 changed one sentence
// each since (workingOfflineNextDays.test.ts, workingOfflineObservationConflicts.test.ts, workingOfflineClosedTabOnline.test.ts).
import * as migration from '../../../db/migrations/20261204_0175_article_working_offline';
import { NEW_SENTENCE, OLD_SENTENCE } from '../../../db/migrations/20261206_0187_working_offline_next_days';
import * as conflicts from '../../../db/migrations/20261207_0188_working_offline_observation_conflicts';
import * as closedTab from '../../../db/migrations/20261209_0190_working_offline_closed_tab_online';
import { describeMigratedArticle } from '../../testing/articles.fixture';

describeMigratedArticle({
  migration,
  category: 'getting-started',
  searches: ['offline', 'signal', 'install', 'waiting%20to%20sync'],
  covers: 'installing, what opens without a signal, writing offline and syncing, refused writes, conflicts and shared devices',
  words: ['Install Coachwell**', '**Add to Home Screen**', '**A new version is ready.**', '**Reload**', '**Offline · as of 9:41 AM**',
    '**Waiting to sync**', '**3 waiting to sync**', 'never two', '**Recent**', '**Not saved**', '**Correct**', '**Discard**',
    '**Changed on the server**', '**Keep mine**', "**Keep the server's**", '**Merge**', '**Sign out when you finish.**',
    "other people's private notes are never on your device"],
  images: ['working-offline.png', 'outbox-waiting.png'],
  // Migration 20261206_0187: the dashboard and Activity keep the next three days (workingOfflineNextDays.test.ts);
  // 20261207_0188: an observation meets the same conflict panel (workingOfflineObservationConflicts.test.ts);
  // 20261209_0190: a tab closed online, an interaction's online conflict (workingOfflineClosedTabOnline.test.ts).
  changedSince: (body) => body.replace(OLD_SENTENCE, NEW_SENTENCE).replace(conflicts.OLD_SENTENCE, conflicts.NEW_SENTENCE)
    .replace(closedTab.OLD_SENTENCE, closedTab.NEW_SENTENCE),
});
