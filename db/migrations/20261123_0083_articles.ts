// Frozen once landed: never import app code here, never edit; add a new migration instead.
// The support knowledge base (issue 13): help articles written by the provider's staff, each save kept
// as a version, one helpful/not-helpful vote per reader, view counting at most once per reader per hour,
// and a search index over title and body.
//
// article_search is an SQLite FTS5 table with the trigram tokenizer (rowid = articles.id), kept in step
// by triggers, exactly as staff_search (20261122_0003) is: the query side is db/dialect.ts
// (textSearchMatches / textSearchRank). Its columns:
//   title, body  the searched text (a word of 3+ characters matches any substring, case folded);
//   starts       every word start of the title and the body, each after two spaces, so a 1- or
//                2-letter word can match the start of a word.
// The body is indexed as its Markdown source: the words are the words (markup characters are not
// searched for, since the search matches words, and snippets are cut from the rendered text).
//
// The provider's help articles are inserted here, published, so every install (production too) has
// them once; afterwards they are ordinary rows that the provider's staff edit or delete in
// /admin/knowledge-base (a seed run at every start would bring deleted ones back).
//
// PostgreSQL (issue 15): a trigram index over title and body instead (db/migrationHelpers.ts).
import { type Kysely, sql } from 'kysely';
import { createTrigramIndex, isPostgres } from '../migrationHelpers';

const STARTS = (p: string) => `'  ' || replace(replace(replace(replace(${p}title || ' ' || ${p}body, char(10), ' '), char(13), ' '), char(9), ' '), ' ', '  ')`;
const VALUES = (p: string) => `${p}id, ${p}title, ${p}body, ${STARTS(p)}`;

async function sqliteSearchIndex(db: Kysely<any>): Promise<void> {
  await sql`create virtual table article_search using fts5(title, body, starts, tokenize = 'trigram')`.execute(db);
  await sql.raw(`create trigger article_search_insert after insert on articles begin
    insert into article_search (rowid, title, body, starts) values (${VALUES('NEW.')});
  end`).execute(db);
  await sql.raw(`create trigger article_search_update after update of id, title, body on articles begin
    delete from article_search where rowid = OLD.id;
    insert into article_search (rowid, title, body, starts) values (${VALUES('NEW.')});
  end`).execute(db);
  await sql.raw(`create trigger article_search_delete after delete on articles begin
    delete from article_search where rowid = OLD.id;
  end`).execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('articles')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    // a key of ARTICLE_CATEGORIES (common/schemas/articles.ts)
    .addColumn('category', 'text', (c) => c.notNull())
    // all (every district user) | roles (article_audience_roles)
    .addColumn('audience', 'text', (c) => c.notNull().defaultTo('all'))
    .addColumn('body', 'text', (c) => c.notNull())
    // draft | published
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('published_at', 'text')
    .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('helpful_yes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('helpful_no', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('articles_status_category_idx').on('articles').columns(['status', 'category']).execute();
  await db.schema.createIndex('articles_views_idx').on('articles').columns(['status', 'view_count']).execute();

  await db.schema
    .createTable('article_audience_roles')
    .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
    // a district role name: district-admin, building-admin, coach, educator
    .addColumn('role', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('article_audience_roles_pk', ['article_id', 'role'])
    .execute();

  // One row per save (the creation included): the content as it was saved, by whom and when. The
  // previous content of any save is the row before it.
  await db.schema
    .createTable('article_versions')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('audience', 'text', (c) => c.notNull())
    // JSON array of role names
    .addColumn('audience_roles', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('edited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('article_versions_article_idx').on('article_versions').columns(['article_id', 'id']).execute();

  await db.schema
    .createTable('article_feedback')
    .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('helpful', 'integer', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('article_feedback_pk', ['article_id', 'user_id'])
    .execute();

  // When a reader's view was last counted (a view counts at most once per reader per hour).
  await db.schema
    .createTable('article_views')
    .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('counted_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('article_views_pk', ['article_id', 'user_id'])
    .execute();

  if (isPostgres(db)) await createTrigramIndex(db, 'article_search_trgm', 'articles', ['title', 'body']);
  else await sqliteSearchIndex(db);

  const now = new Date().toISOString();
  for (const article of ARTICLES) {
    const { id } = await db.insertInto('articles').values({
      title: article.title, slug: article.slug, category: article.category, audience: article.roles ? 'roles' : 'all',
      body: article.body, status: 'published', published_at: now, created_by: null, updated_by: null,
      created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    for (const role of article.roles ?? []) await db.insertInto('article_audience_roles').values({ article_id: id, role }).execute();
    await db.insertInto('article_versions').values({
      article_id: id, title: article.title, slug: article.slug, category: article.category, audience: article.roles ? 'roles' : 'all',
      audience_roles: JSON.stringify(article.roles ?? []), body: article.body, edited_by: null, at: now,
    }).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await sql`drop index if exists article_search_trgm`.execute(db);
  else for (const trigger of ['article_search_insert', 'article_search_update', 'article_search_delete']) {
    await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
  }
  await sql`drop table if exists article_search`.execute(db);
  for (const table of ['article_views', 'article_feedback', 'article_versions', 'article_audience_roles', 'articles']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

interface SeedArticle {
  title: string;
  slug: string;
  category: string;
  /** District roles that see it; absent = every district user. */
  roles?: string[];
  body: string;
}

const ADMINS = ['district-admin'];
const LEADERS = ['district-admin', 'building-admin'];
const STAFF_WHO_COACH = ['district-admin', 'building-admin', 'coach'];

const ARTICLES: SeedArticle[] = [
  {
    title: 'Signing in and resetting your password',
    slug: 'signing-in-and-resetting-your-password',
    category: 'account-security',
    body: `District staff sign in at **/app/auth/login** with the email address your district invited and your own password.

## Signing in

1. Open Coachwell and choose **Sign in**.
2. Enter your work email and your password.
3. Select **Sign in**. You land on your dashboard.

If Coachwell says the page is for another kind of account, you are on the wrong sign-in page: Coachwell's own staff sign in at /admin/auth/login, district staff at /app/auth/login.

## First time: accepting your invitation

Your district administrator invites you from **Users**. The email holds a link that works once and for 7 days. Open it, enter your name and choose a password (at least the length shown on the form), and you are signed in. If the link has expired, ask your administrator to resend the invitation.

## Forgot your password?

1. On the sign-in page select **Forgot your password?**
2. Enter your email and send the form. Coachwell always answers the same way, whether or not the address has an account, so nobody can use the form to find out who works at your district.
3. Open the email and follow the link within **60 minutes**. It works once.
4. Choose a new password and confirm it.

Setting a new password signs you out everywhere else, so anyone who knew the old one loses access.

## Too many attempts

Sign-in and reset requests are limited to protect your account. If you see "Too many attempts", wait a minute and try again.

## Still stuck?

- Check for typing mistakes in your email address: it must be the one your district invited.
- Your login may have been deactivated: ask your district administrator to look in **Users**.
- If your district's account is suspended, the sign-in page says so; your administrator can contact Coachwell.`,
  },
  {
    title: 'Finding your way around Coachwell',
    slug: 'finding-your-way-around-coachwell',
    category: 'getting-started',
    body: `Coachwell shows each person what their role needs. The sidebar on the left (the menu button on a phone) lists only the screens you can open.

## The main screens

| Screen | What it is for |
|---|---|
| **Dashboard** | Your day at a glance. |
| **Educators** | The district's roster: search, filters, profiles and groups. |
| **Coaches** | Coaches, their schools and caseloads. |
| **Coaching** | Coaching cycles and the skill map. |
| **Activity** | Logged interactions and time, as an agenda or a week. |
| **Reports** | Engagement and coaching reports. |
| **Support** | These help articles. |

District administrators also see the settings screens: **Site settings**, **Interaction settings**, **Cycle settings**, **Export and import**, **Users**, **Billing** and **Staff requests**.

## What each role sees

- **District administrators** see the whole district and manage its settings, users and billing.
- **Principals** see the educators, activity and skill map of their own schools, and can add educators to them.
- **Coaches** see the educators at their schools and their own coaching activity.
- **Educators** see their own profile and the coaching they took part in.

If a screen you expect is missing, your role does not include it: ask your district administrator.

## Your account

Select your name at the top of the screen for **Account settings** (name, email, password, date language and timezone) and to sign out.`,
  },
  {
    title: 'Your dashboard',
    slug: 'your-dashboard',
    category: 'getting-started',
    body: `The dashboard at **/app** is the first screen after you sign in.

## Today and this week

Coaches and administrators who log coaching see:

- **Today**: the interactions on your calendar today.
- **This week**: the week's interactions with the total time, split into coaching and other time.
- Interactions that **need completing**: ones scheduled in the past that were never marked completed. Open one and choose **Mark completed**, or edit it if it did not happen as planned.

Select **Open Activity** or **See the week** to go to the full activity log.

## Educators

An educator's dashboard shows **Your recent coaching**: the interactions you took part in, with the notes your coach shared.

## Your account and district

The dashboard also shows who you are signed in as, your last sign-in, and your district with its plan. If your district is on a trial, a district administrator sees **Choose a plan**.

## Where to go next

- [Logging an interaction](/app/support/logging-an-interaction)
- [The activity calendar and week view](/app/support/the-activity-calendar-and-week-view)`,
  },
  {
    title: 'Adding educators: one at a time, in bulk or from a spreadsheet',
    slug: 'adding-educators',
    category: 'educators-groups',
    roles: LEADERS,
    body: `District administrators add educators anywhere in the district; principals add them to their own schools. Go to **Educators** and select **Add educators** (the **Add Educators** screen).

## Adding one or a few

Each row is one educator: first name, last name, email, employee ID, position, grades, subjects, school and start date, and optionally the hire date.

- The **start date** is the educator's first day at the school; the **hire date** their first day in the district.
- Select **Add row** for another educator. Empty rows are skipped.
- Select **Add educator** (or **Add N educators**). Nothing is saved until every row is ready: a row with a problem is marked and the others wait.

An email or employee ID already used by another educator of your district is refused, so the same person is never added twice.

## Pasting from a spreadsheet

1. In Excel, Google Sheets or Numbers, select the cells (with the header row if you have one) and copy them.
2. Select **Paste from spreadsheet** and paste into the box, or paste straight into a name field of the form.
3. With a header row, columns may come in any order ("First name", "Surname", "Email", "School", "Grades"…). Without one, Coachwell reads them in this order: First name, Last name, Email, Employee ID, Position, Grades, Subjects, School, Start date.
4. Check the rows that appear in the form, fix anything marked, and save.

Grades such as \`K\`, \`KG\` or \`01\` and several subjects separated by \`;\` are understood.

## Hundreds of educators?

For a whole roster use a CSV file or your SIS's OneRoster export instead: see [Importing staff from CSV or OneRoster](/app/support/importing-staff-from-csv-or-oneroster).`,
  },
  {
    title: 'Educator profiles, editing and moving schools',
    slug: 'educator-profiles-and-moving-schools',
    category: 'educators-groups',
    roles: STAFF_WHO_COACH,
    body: `Open **Educators** and select a name to see the educator's profile.

## What the profile shows

- Their details: position, grades, subjects, email, employee ID, hire date and status.
- Their **school history**: each school with the dates they were there.
- Their **groups** and current **coach**.
- Their **coaching**: recent interactions, coaching cycles and, on plans with skill mapping, their skills.

You see the educators your role allows: the whole district for administrators, the educators of your schools for principals and coaches.

## Editing

Select **Edit** to change name, email, employee ID, position, grades, subjects and dates. Save to keep the changes; the edit is recorded in the district's audit trail.

## Moving an educator to another school

District administrators use **Move to another school** on the edit screen:

1. Choose the **New school**.
2. Choose the **Effective date**: the educator's first day at the new school.
3. Select **Move educator** and confirm.

Their time at the current school ends the day before the effective date, and both dates show in the school history, so reports keep counting their past work at the old school.

Principals cannot move educators between schools themselves: they ask in **Staff requests**, and a district administrator approves or denies the request.

## Deactivating

An educator who leaves is **deactivated**, not deleted: their history and coaching stay in your reports. Deactivated educators can be reactivated later.`,
  },
  {
    title: 'Staff groups',
    slug: 'staff-groups',
    category: 'educators-groups',
    roles: STAFF_WHO_COACH,
    body: `Groups collect educators you coach or report on together: a grade-level team, a PLC, new teachers.

## Finding groups

Open **Educators** and the **Groups** tab (**/app/staff/groups**). Search by name, and show active or all groups.

## Creating a group

District administrators (and anyone who manages coaches) select **New group**:

1. Give it a **name** (unique in your district) and, if you like, a description.
2. Add members. Each member has a **start date** and, when they leave the group, an **end date**.
3. Save.

Member dates matter: an interaction logged with a group includes the people who were members **on the interaction's date**. Editing the group later never rewrites past interactions.

## Deactivating and deleting

- **Deactivate** hides a group from pickers but keeps it for history; **Restore** brings it back.
- **Delete** removes the group for good. Interactions that used it keep their participants.`,
  },
  {
    title: 'Coaches and caseloads',
    slug: 'coaches-and-caseloads',
    category: 'educators-groups',
    roles: STAFF_WHO_COACH,
    body: `**Coaches** lists everyone with a coach login, their schools and the size of their caseload.

## A coach's page

Select a coach to see:

- their **schools**;
- their **caseload**: the educators they coach now, with the date each assignment started;
- their **past caseload**: assignments that ended, kept as history;
- their recent interactions and minutes this month, and their open coaching cycles.

You see only the caseload educators your role lets you see.

## Assigning educators

District administrators select **Assign educators** on the coach's page, choose the educators and the start date, and save. To end an assignment, end it from the caseload: it moves to the past caseload with its dates.

## Who counts as a coach

A person appears here when their login has the **Coach** role. District administrators give roles in **Users**.`,
  },
  {
    title: 'Logging an interaction',
    slug: 'logging-an-interaction',
    category: 'interactions-activity',
    roles: STAFF_WHO_COACH,
    body: `An interaction is a piece of coaching work with educators: an observation, a debrief, a co-planning session, a PLC.

## Logging one

1. Go to **Activity** and select **Log interaction** (on a phone it opens full screen with the button at the bottom). From an educator's profile, **Log interaction** opens the form with that educator already chosen.
2. Choose the **type**. It sets the usual duration and shows the type's own fields.
3. Set the **date and time**: they start at now, in your profile's timezone. A date in the past is saved as **completed**, one ahead as **scheduled**.
4. Add the **educators** (recent ones are one tap away) or a **group**: everyone in the group on that date takes part.
5. Choose the **school**, and on plans with coaching cycles the **coaching cycle** and **focus skills**.
6. Write your notes and save.

## Notes and who sees them

- **Notes** and **Next steps** are shared notes: the educators see them, and so do school and district leaders unless your district turned that off in Site settings.
- **Private notes** are yours alone: nobody else ever sees them, not even an administrator.

## Afterwards

Open an interaction from Activity to **Edit**, **Duplicate** (the same time a week later), **Mark completed**, **Cancel** (it stays in the log, marked cancelled, and its time no longer counts) or **Delete**.

Only the coach who logged an interaction or a district administrator can change it.`,
  },
  {
    title: 'Logging time that is not an interaction',
    slug: 'logging-time',
    category: 'interactions-activity',
    roles: STAFF_WHO_COACH,
    body: `Coaches spend time on work without educators in the room: planning, professional development, meetings, travel. **Log time** records it, so reports show where the week went.

## Logging time

1. Go to **Activity** and select **Log time**.
2. Choose the **category**: planning, PD, meeting, travel or other.
3. Set the start and the minutes.
4. Add notes if you like and save.

## Who sees it

Others who can see your activity see the category, the time and the minutes. **Notes on logged time are seen only by the person who logged it.**

## Totals

Activity's totals show your logged time by category beside your coaching and other interaction time.`,
  },
  {
    title: 'The activity calendar and week view',
    slug: 'the-activity-calendar-and-week-view',
    category: 'interactions-activity',
    roles: STAFF_WHO_COACH,
    body: `**Activity** is the log of interactions and logged time.

## Agenda and week

- The **agenda** (the default) lists entries grouped by day.
- The **week** shows seven columns. On a phone it shows one day at a time: use the previous and next day buttons or the strip of the week's days.
- With the keyboard, the arrow keys move between events and Enter opens one.

## Filters

Choose the range and filter by coach (administrators and principals), type, status (including **needs completing**), educator and school. Filters are kept in the page's address, so you can bookmark a view or send it to a colleague.

## Totals

The totals for the range show coaching time against other time, minutes by interaction type, and logged time by category. Cancelled and no-show interactions are counted but add no minutes.

## Whose activity you see

Coaches see their own work, principals the work at their schools, district administrators everything. Times always show in your profile's timezone (Account Settings).`,
  },
  {
    title: 'Calendar sync: see your coaching in Google, Outlook or Apple Calendar',
    slug: 'calendar-sync',
    category: 'interactions-activity',
    roles: STAFF_WHO_COACH,
    body: `Calendar sync is part of the Professional and Enterprise plans. Open **Activity** and then **Calendar sync** (**/app/activity/calendar-sync**).

## Subscribing to your feed

1. Select **Turn on calendar feed**. Coachwell shows your private calendar address once: **Copy** it.
2. Add it to your calendar app as a subscribed calendar: in Google Calendar, **Other calendars → From URL**; in Outlook, **Add calendar → Subscribe from web**; on a Mac, **File → New Calendar Subscription**. The screen has the steps for each app.
3. Your interactions and logged time from the last 90 days onwards appear there and refresh about every hour.

Choose under **Event titles** whether events show the type and names or only the type.

## What the feed never holds

**No notes ever leave Coachwell in a feed**, not even shared notes: a subscribed calendar is stored by Google, Microsoft or Apple, outside your district's control.

## Keep the address private

Anyone with the address can read the feed. If it was shared by mistake, select **Regenerate address**: the old one stops working at once. **Turn off** stops the feed.

## Importing from a calendar file

Under **Import from a calendar file**, choose an .ics file exported from your calendar and the dates to read, then **Preview events**. Pick the events to import and whether each becomes an interaction (with its type) or logged time. Importing the same file again updates what you imported before instead of duplicating it.`,
  },
  {
    title: 'Coaching cycles',
    slug: 'coaching-cycles',
    category: 'cycles-skills',
    roles: STAFF_WHO_COACH,
    body: `A coaching cycle is a stretch of focused work with one or more educators toward a goal. Coaching cycles are part of the Professional and Enterprise plans.

## The Cycles tab

Open **Coaching** and the **Cycles** tab. The board has one column per stage; the list view shows the same cycles as rows. Filter by status, due date, coach and school.

Badges say whether a cycle's current stage is **on track**, **due soon** (within 3 days) or **overdue**, based on the number of days your district expects each stage to take.

## Starting a cycle

Select **New cycle**, optionally start from a goal template, then set the title, goal, educators, focus skills, start and target end dates, and save.

## Moving through the stages

- **Move to next stage** on a card moves the cycle on; from the cycle's page you can move it to any stage.
- Link interactions to the cycle when you log them (the log form offers the educators' open cycles).
- Add **notes** as evidence along the way.
- **Complete** the cycle with an outcome (met, partly met, not met) and a reflection, or **Cancel** it.

## Settings

District administrators set the stages, their expected days and the goal templates in **Cycle settings**.`,
  },
  {
    title: 'Skill mapping and the skill map',
    slug: 'skill-mapping',
    category: 'cycles-skills',
    roles: STAFF_WHO_COACH,
    body: `Skill mapping records where each educator stands on your district's framework of teaching skills. It is part of the Professional and Enterprise plans.

## The framework

Coachwell starts every district with a framework of four domains of six skills and a four-level scale: 1 Beginning, 2 Developing, 3 Skilled, 4 Leading. District administrators rename, reorder, add or archive domains, skills and levels in the **Framework** tab of **Coaching**.

## Rating skills

Select **Rate skills** on an educator's profile or on their row of the skill map. Choose the date, optionally the interaction that is your evidence, then a level for each skill you observed, with a note if you like. Every rating is kept, so the profile shows each skill's history.

## The skill map

The **Skill map** tab of **Coaching** is a heat map: one row per educator, one column per skill, the current level as a colour and a number. Collapse a domain to see its average. Filter by school, group, coach, grade, subject and position; the filters stay in the address. Select **Export CSV** to download what you see.

On a phone each educator is a card with domain averages and a chip per skill.`,
  },
  {
    title: 'Importing staff from CSV or OneRoster',
    slug: 'importing-staff-from-csv-or-oneroster',
    category: 'import-export',
    roles: ADMINS,
    body: `District administrators import a whole roster at once from **Export and import** (**/app/settings/export-import**) with **Import educators**. Imports are included in every plan.

## 1. Upload

Choose a CSV file, your SIS's **OneRoster** export (the zip, or its users and orgs files), or paste the rows. Files up to 10 MB and 50 000 rows are accepted. Excel's CSV, UTF-8 and UTF-16 files all work; commas, semicolons and tabs are recognised.

## 2. Check the columns

Coachwell matches the file's columns to educator fields and shows the first values of each. Change any column it got wrong. Options:

- **Create missing schools**: schools named in the file that your district does not have yet are added.
- **Skip invalid rows**: run the import without the rows that have errors.
- **Full sync**: deactivate educators who are missing from the file (you confirm the number first).

## 3. Preview

**Preview** shows what would happen: new, updated, unchanged, rows with errors, skipped and to deactivate. Each error names the column and says what to fix. Nothing is changed yet.

## 4. Run

**Run import** writes everything in one go: if anything fails, nothing is changed. Educators are matched by their OneRoster ID, then employee ID, then email, so importing again updates them instead of adding them twice. An empty cell leaves a field as it is; a different school moves the educator from the row's start date.

Every import is listed under **Past imports**, with its rows, and **Download failed rows** gives you a CSV of the rows to fix.`,
  },
  {
    title: 'Exporting your data',
    slug: 'exporting-your-data',
    category: 'import-export',
    roles: ADMINS,
    body: `Your district's data is yours. **Export and import** (**/app/settings/export-import**) downloads it as CSV files that open in Excel or Google Sheets.

## What you can download

- **Download educators**: every educator with their details, status, current school and its code, current coach and groups.
- **Download users**: every login with roles, schools, status and last sign-in.
- **Download skill ratings**: every skill rating, on plans with skill mapping.
- **Download interactions**: choose a **From** and **To** date, then download every interaction logged in that range with its educators, type, notes and answers. Private notes are never included, and shared notes follow your district's privacy setting.

Reports and the skill map have their own CSV downloads on their screens.

## Who can export

Exports cover the whole district, so they are for district administrators: downloading educators needs district-wide access to educators, and downloading users needs the right to manage users. A principal sees why the buttons are not available.

## About the files

Files are UTF-8 with every cell quoted. A cell that starts with \`=\`, \`+\`, \`-\` or \`@\` gets a leading apostrophe so a spreadsheet never runs it as a formula.`,
  },
  {
    title: 'Users and invitations',
    slug: 'users-and-invitations',
    category: 'account-security',
    roles: ADMINS,
    body: `Logins are managed in **Users** (**/app/settings/user**) by district administrators.

## Educators and users are different

An **educator** is a person on your roster: most never sign in. A **user** is a login: a district administrator, principal, coach, or an educator who signs in to see their own coaching.

## Inviting someone

1. Select **Invite user**.
2. Enter their name and email, choose their **roles** and, for principals and coaches, their **schools**.
3. Save. Coachwell emails an invitation link that works once and for 7 days.

The list shows each user's roles, schools, status and last login. Search by name or email and filter by role and status.

## Resending, revoking, deactivating

- **Resend** sends a fresh link (at most 3 times a day per person).
- **Revoke** cancels an open invitation.
- **Deactivate** ends a login and signs the person out everywhere; their history stays. **Reactivate** brings it back.

Your district always keeps at least one active district administrator, so the last one cannot be removed.

## People who already use Coachwell elsewhere

If the email already has a login in another district, the person gets an offer to move their login to your district instead of a new invitation.`,
  },
  {
    title: 'Site settings and the privacy of notes',
    slug: 'site-settings-and-privacy-of-notes',
    category: 'account-security',
    roles: ADMINS,
    body: `**Site settings** (**/app/settings/site**) holds your district's profile and its schools.

## District profile

- **District name**, **Timezone** (used for days in reports, due dates and "today") and **School year starts in** (the month reports count the school year from).
- The plan, and the trial end if you are on a trial.

## Schools

Select **Add school** to add one with its name, code and grade band. **Edit** renames it. A school that still has educators cannot be archived: move them first. **Show archived schools** lists the archived ones, which can be restored.

## Privacy: shared notes visible to administrators

The **Shared notes visible to administrators** setting decides who reads the shared notes of interactions and coaching cycles:

- **On** (the default): district and school leaders who can see the interaction read its notes and next steps.
- **Off**: only the notes' author, the coach and the educators who took part read them. Others still see dates, times, types and totals, so reports keep working, but never the text.

Private notes are always seen by their author only, whatever this setting says. Changing the setting is recorded in the audit trail.`,
  },
  {
    title: 'Reports',
    slug: 'reports',
    category: 'reports',
    roles: STAFF_WHO_COACH,
    body: `**Reports** turns logged interactions and coaching cycles into numbers your leaders can act on.

## The reports

- **Interactions**: how many interactions, how many hours and how many educators were reached, by type, school and coach, and the trend by week or month.
- **Coaching cycles**: cycles by stage and outcome.
- **Coaching team**: each coach's interactions, hours and caseload reach.
- **Teacher level** and **Comparison** (Enterprise plan): each educator's coaching, and schools or groups side by side.

## Filters

Every report takes a date range (this school year, the last 30 days, this month, last month or your own dates), schools, coaches, types, groups, grades and subjects.

## What counts

An interaction counts when it is **completed** and falls in the date range (days of your district's timezone). Scheduled, cancelled and no-show interactions are left out. The school year starts in the month set in Site settings.

## Who sees what

Administrators see the whole district, principals their schools and coaches their own work. Each table has a CSV download.`,
  },
  {
    title: 'Billing and plans',
    slug: 'billing-and-plans',
    category: 'billing-plans',
    roles: ADMINS,
    body: `Coachwell is priced per **coach seat** per school year, in US dollars. The current prices are on the [pricing page](/pricing).

## The plans

| Plan | Includes |
|---|---|
| **Essentials** | Logging interactions and time, educator rosters and groups, reports, CSV import and export. |
| **Professional** | Everything in Essentials plus coaching cycles, skill mapping, calendar sync and custom interaction fields. |
| **Enterprise** | Everything in Professional plus advanced reports (teacher level and comparison), single sign-on and a named success manager. |

## Trials

A district that registers starts a **30-day Essentials trial**. The dashboard and Site settings show when it ends.

## What happens without a feature

A screen that needs a higher plan explains which plan includes it, for example the Cycles tab on Essentials. Nothing you logged is lost when a plan changes.

## Billing

District administrators see the plan and seats in **Billing** and can request a quote there. Contact Coachwell to change your plan or the number of seats.`,
  },
  {
    title: 'Your account settings',
    slug: 'your-account-settings',
    category: 'account-security',
    body: `Select your name at the top of the screen, then **Account settings** (**/app/settings**).

## Profile

Change your **name**, the **date language** (how dates are written) and your **timezone**. Times in Activity, the log form and calendars show in this timezone.

## Email

Enter your new email and your current password. Coachwell sends a confirmation link to the **new** address (valid 24 hours) and a notice to the old one. The change happens when you follow the link.

## Password

Enter your current password and the new one twice. Changing it signs you out of every other device.`,
  },
];
