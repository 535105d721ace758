// The knowledge base article "Working offline" and its Spanish version say that an observation meets the same conflict
// panel as an interaction (issue 31; migration 20261207_0188_working_offline_observation_conflicts): the old sentence
// (conflicts of "the same interaction" only) is gone, the change is a save by Coachwell, and text the provider's staff
// edited stays as they left it. Runs on SQLite and PostgreSQL. (The article's own tests: workingOfflineArticle.test.ts.)
import * as migration from '../../../db/migrations/20261207_0188_working_offline_observation_conflicts';
import { describeArticleSentenceChange } from '../../testing/articles.fixture';

describeArticleSentenceChange('20261207_0188', "an observation's change meets the same comparison as an interaction's", migration);
