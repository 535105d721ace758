// The knowledge base article "Working offline" and its Spanish version say that an observation closed online keeps
// what was typed, that an interaction edited online meets the same comparison, and that a change the server already
// holds is saved without asking (issue 31; migration 20261209_0190_working_offline_closed_tab_online): the old sentence
// is gone, the change is a save by Coachwell, and text the provider's staff edited stays as they left it. Runs on
// SQLite and PostgreSQL. (The article's own tests: workingOfflineArticle.test.ts.)
import * as migration from '../../../db/migrations/20261209_0190_working_offline_closed_tab_online';
import { describeArticleSentenceChange } from '../../testing/articles.fixture';

describeArticleSentenceChange('20261209_0190', 'that a closed tab loses nothing and an interaction edited online meets the same comparison', migration);
