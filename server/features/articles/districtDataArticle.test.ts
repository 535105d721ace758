// The knowledge base article "Your district's data: export, retention and deletion" (issue 32, migration
// 20261205_0179), with the tests every migrated article gets (server/testing/articles.fixture.ts); the seeded
// articles' rules (seededArticles.test.ts) hold it too.
import * as migration from '../../../db/migrations/20261205_0179_article_district_data';
import { describeMigratedArticle } from '../../testing/articles.fixture';

describeMigratedArticle({
  migration,
  category: 'account-security',
  searches: ['export', 'retention', 'deletion%20certificate', 'download%20my%20data'],
  covers: 'the district export, a person\'s own download, the retention setting and deleting a district with its certificate',
  words: ['**Export all district data**', '**Private notes are left out.**', '**Download my data**', '**Data retention**',
    '**Records before**', '**30 days**', '**deletion certificate**', 'all or nothing', 'seven days'],
  images: [],
});
