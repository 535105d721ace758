// Frozen once landed: never import app code here, never edit; add a new migration instead.
// The knowledge base article "Your district's data: export, retention and deletion" (issue 32): exporting everything
// the district holds, a person's own download, the data retention setting, and how a district is deleted with a
// certificate; the same facts as the guide's page for districts (docs/guide/your-districts-data.md), shorter.
// Published to every district user, in "Account and security", as 20261204_0175 wrote its article: the article, its first
// version (edited_by empty: Coachwell's own text), added only when no article has its slug.
//
// down: removes the article only while it is still exactly as this migration wrote it.
import type { Kysely } from 'kysely';
import { insertArticleOnce, removeArticleIfUntouched } from '../migrationHelpers';

export const SLUG = 'your-districts-data';
export const TITLE = "Your district's data: export, retention and deletion";
const CATEGORY = 'account-security';

export async function up(db: Kysely<any>): Promise<void> {
  await insertArticleOnce(db, { slug: SLUG, title: TITLE, category: CATEGORY, body: BODY });
}

export async function down(db: Kysely<any>): Promise<void> {
  await removeArticleIfUntouched(db, { slug: SLUG, body: BODY });
}

export const BODY = `Your district owns its data. A district administrator can take all of it out at any time, choose how long coaching records are kept, and have the district deleted for real, with a certificate. Anyone can download their own data.

## Exporting everything the district holds

District administrators open **Export and import** in the menu and select **Export all district data**. Coachwell writes one zip file in the background; the card shows how far it has got, and you get an email when it is ready. Select **Download** within seven days; after that the file is deleted and you start a new one.

The zip holds a spreadsheet (CSV) and a JSON file for each kind of record: schools, educators and their school history, users and their roles, groups, caseloads, interactions with their participants and custom fields, logged time, coaching cycles with their stages and notes, the skill framework and ratings, observations and their forms, action steps, coaching requests, imports, quotes and invoices, the read log and the audit log. A README in the zip describes every file and every column.

- **Private notes are left out.** They belong to the person who wrote them; each person's own download holds theirs.
- It follows the same privacy rules as Coachwell: observation drafts and the words of coaching requests are not in it, and while **Shared notes visible to administrators** is off, shared notes are exported empty.
- Passwords, sign-in links and secrets are never exported.
- Only the district's administrators can download the file, signed in; each download is in the audit log. A district can start three exports an hour, one at a time, even after its trial has ended.

## Downloading your own data

Anyone can select their name at the top right, then **Account settings**, and select **Download my data** under **Your data**. The zip holds your profile, roles, schools and preferences, your sign-in history, what you wrote (interactions with your own private notes, observations, cycle notes, action steps, coaching requests and ratings), and what is recorded about you as an educator, as far as you can see it in Coachwell.

## Keeping coaching records only as long as you choose

District administrators set **Data retention** on **Site settings** (in the menu): "Older than 1 school year" up to 10, or off (the default). Every night at 2:00, district time, Coachwell deletes for good the coaching records dated before the start of the school year that many years ago: interactions with their notes, logged time, observations, closed coaching cycles, cycle notes, skill ratings, self-assessments, closed action steps and closed coaching requests. Educators, users, schools, settings and the audit log stay.

- Before you save, the card says what the next run deletes, kind by kind; turning it on or shortening it asks you to confirm.
- While it is on, every report says **Records before** a date **are deleted under the district's retention setting**.
- Each run is in the audit log with what it deleted.

## Deleting the district

When your contract ends, or whenever your district asks, Coachwell's staff schedule the district's deletion:

1. **Scheduled**: everyone in the district is signed out and cannot sign in; the sign-in page says the day the account will be deleted. For **30 days** nothing is deleted, and your district can ask for it to be restored as it was. Export everything before you ask: once the deletion is scheduled, no one can sign in.
2. **Deleted**: after the 30 days, or sooner when your district asks, every record of the district is deleted in one step, all or nothing: people, coaching records, settings, files and sign-in sessions. Email addresses can be used again.
3. **Certified**: a **deletion certificate** (a PDF naming the district, the number of records of each kind deleted, when and by whom) is emailed to the district's administrators and its billing contact, and Coachwell keeps a copy.

Questions about your district's data? Select **Contact support** on the Support page.
`;
