// The knowledge base article "Observations and walkthroughs" (issue 28, migration 20261201_0162), with the tests
// every migrated article gets (server/testing/articles.fixture.ts); the seeded articles' rules
// (seededArticles.test.ts) hold it too.
import * as migration from '../../../db/migrations/20261201_0162_article_observations';
import { describeMigratedArticle } from '../../testing/articles.fixture';

describeMigratedArticle({
  migration,
  category: 'interactions-activity',
  searches: ['acknowledge%20reflection', 'calibration'],
  covers: 'capturing, sharing, acknowledging, the walkthrough report and calibration, as coaching and not evaluation',
  words: ['**New observation**', '**Complete**', '**Share with**', '**Read and acknowledge**', '**Acknowledge**',
    '**Download CSV**', '**Walkthroughs**', 'never an evaluation', 'Private notes are never shared',
    '## Calibrating observers', '**New calibration session**', '**Observe this lesson**', '**Agreement over time**', 'within one level'],
  images: ['observations.png', 'observation-capture.png', 'walkthrough-report.png'],
});
