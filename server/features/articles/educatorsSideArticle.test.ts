// The knowledge base article "Your side of coaching (for educators)" (issue 29, migration 20261202_0171), with the
// tests every migrated article gets (server/testing/articles.fixture.ts); the seeded articles' rules
// (seededArticles.test.ts) hold it too.
import * as migration from '../../../db/migrations/20261202_0171_article_educators_side';
import { describeMigratedArticle } from '../../testing/articles.fixture';

describeMigratedArticle({
  migration,
  category: 'getting-started',
  searches: ['action%20steps', 'self-assessment', 'ask%20for%20coaching', 'who%20has%20read'],
  covers: 'the home, action steps, rating oneself, asking for coaching and who has read about them',
  words: ['**Read and acknowledge**', '**Add to calendar**', '**Mark done**', '**Add a step**', '**Self-assessment**',
    'never changes the levels your coach recorded', '**Ask for coaching**', '**Send request**', '*Session scheduled*', '**Who has read about me**',
    'never what they read', '**Coachwell support for**', 'private notes are never shown'],
  images: ['educator-home.png', 'action-steps.png'],
});
