// The knowledge base article "Working offline" and its Spanish version say that the dashboard and Activity keep the
// next three days (issue 31's read-ahead; migration 20261206_0187_working_offline_next_days): the old sentence ("open it
// once with a signal on a new day") is gone, the change is a save by Coachwell, and text the provider's staff edited
// stays as they left it. Runs on SQLite and PostgreSQL. (The article's own tests: workingOfflineArticle.test.ts.)
import * as migration from '../../../db/migrations/20261206_0187_working_offline_next_days';
import { describeArticleSentenceChange } from '../../testing/articles.fixture';

describeArticleSentenceChange('20261206_0187', 'the dashboard and Activity keep the next three days', migration);
