// The knowledge base article "Single sign-on: signing in with school accounts" (issue 30, migration 20261203_0173),
// with the tests every migrated article gets (server/testing/articles.fixture.ts); the seeded articles' rules
// (seededArticles.test.ts) hold it too.
import * as migration from '../../../db/migrations/20261203_0173_article_single_sign_on';
import { describeMigratedArticle } from '../../testing/articles.fixture';

describeMigratedArticle({
  migration,
  category: 'getting-started',
  searches: ['single%20sign-on', 'school%20account', 'redirect', 'clever'],
  covers: "the settings step by step, each provider's values, Test connection's answers, password sign-in off and its break-glass, creating logins, removing",
  words: ['Enterprise plan', '**Single sign-on**', '**Redirect address**', '**Copy**', '**Add a connection**', '**Tenant**', '**Issuer**',
    '**Client ID**', '**Client secret**', '**Email domains**', '**Test connection**', '*refused the client id or secret*',
    '**Keep password sign-in on**', 'break-glass', "**Create an educator login at someone's first sign-in**",
    '**Sign in with your school account**', '**Remove**', 'never with the secret'],
  images: ['single-sign-on.png'],
});
