// Frozen once landed: never import app code here, never edit; add a new migration instead.
// The seeded help articles rewritten for district staff (issue 26): plain language and what to click,
// no web addresses to type, with pictures of the real screens (client/help/*.png, made by
// `npm run help-images` from the demo district, served at /help/…) and a way to reach a person
// (Contact support on the Support page).
//
// Only an article whose body is still exactly the text migration 20261123_0083_articles seeded is
// rewritten (recognised by the SHA-256 of that text, so the old text need not be copied here): an article
// the provider's staff edited, or deleted, stays as they left it. Each rewrite is a save like any other:
// the body, updated_at, and a version row (edited_by empty: Coachwell's own text), so the history shows
// it and the old text can be read back. The search index follows through its triggers (SQLite) or the
// trigram index (PostgreSQL).
//
// down: content only; the rewritten articles keep their new text (the previous version is in the history).
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';

const sha256 = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest('hex');

export async function up(db: Kysely<any>): Promise<void> {
  const now = new Date().toISOString();
  for (const article of REWRITES) {
    const row = await db.selectFrom('articles').selectAll().where('slug', '=', article.slug).executeTakeFirst();
    if (!row || sha256(row.body) !== article.seededSha256) continue;
    await db.updateTable('articles').set({ body: article.body, updated_by: null, updated_at: now }).where('id', '=', row.id).execute();
    const roles = await db.selectFrom('article_audience_roles').select('role').where('article_id', '=', row.id).orderBy('role').execute();
    await db.insertInto('article_versions').values({
      article_id: row.id, title: row.title, slug: row.slug, category: row.category, audience: row.audience,
      audience_roles: JSON.stringify(roles.map((r: { role: string }) => r.role)), body: article.body, edited_by: null, at: now,
    }).execute();
  }
}

export async function down(): Promise<void> {
  // Content only (see above).
}

interface Rewrite {
  slug: string;
  /** SHA-256 of the body as migration 20261123_0083 seeded it. */
  seededSha256: string;
  body: string;
}

const STILL_STUCK = `## Still need help?

Open **Support** in the menu and select **Contact support**: write what you were trying to do, and Coachwell's support team answers by email. Your message tells them who you are, your district and the screen you came from, so you do not need to explain where you were.`;

export const REWRITES: Rewrite[] = [
  {
    slug: 'signing-in-and-resetting-your-password',
    seededSha256: '0413f1ccf2df15f3fc87c67d2a9c72c06eecbe892492755ad37c1cb88db8e76e',
    body: `You sign in to Coachwell with the email address your district invited and a password only you know.

![The sign-in page: boxes for Email and Password, the Sign in button and the Forgot your password? link](/help/sign-in.png)

## Signing in

1. Open Coachwell and choose **Sign in** at the top of the page.
2. Enter your work email and your password.
3. Select **Sign in**. You land on your dashboard.

If the page says it is for another kind of account, you opened the sign-in page for Coachwell's own staff. Go back to Coachwell's home page and choose **Sign in** there.

## First time: accepting your invitation

Your district administrator invites you from **Users**. The email holds a link that works once and for 7 days. Open it, enter your name and choose a password (at least the length shown on the form), and you are signed in. If the link has expired, ask your administrator to send the invitation again.

## Forgot your password?

1. On the sign-in page select **Forgot your password?**
2. Enter your email and send the form. Coachwell always answers the same way, whether or not the address has an account, so nobody can use the form to find out who works at your district.
3. Open the email and follow the link within **60 minutes**. It works once.
4. Choose a new password and confirm it.

Setting a new password signs you out everywhere else, so anyone who knew the old one loses access.

## Too many attempts

Sign-in and reset requests are limited to protect your account. If you see "Too many attempts", wait a minute and try again.

## Still stuck?

- Check your email address for typing mistakes: it must be the one your district invited.
- Your login may have been deactivated: ask your district administrator to look in **Users**.
- If your district's account is suspended, the sign-in page says so.
- Your district administrator can reach Coachwell's support team with **Contact support** on the Support page.`,
  },
  {
    slug: 'finding-your-way-around-coachwell',
    seededSha256: '8a2d71dd1b6c0c6ce1cbc63007c4790a1faf47322c8a12aa3807a1226e36aa0e',
    body: `Coachwell shows each person what their role needs. The menu on the left (the menu button at the top on a phone) lists only the screens that have something for you.

![The dashboard of a district administrator: the menu on the left, from Dashboard to Support, and the setup checklist](/help/dashboard-administrator.png)

## The main screens

| Screen | What it is for |
|---|---|
| **Dashboard** | Your day at a glance. |
| **Educators** | The district's roster: search, filters, profiles and groups. |
| **Coaches** | Coaches, their schools and caseloads. |
| **Coaching** | The skill map and coaching cycles. |
| **Activity** | Logged interactions and time, as an agenda or a week. |
| **Reports** | Engagement and coaching reports. |
| **Support** | These help articles, and **Contact support** to write to a person. |

District administrators also see the screens that set the district up: **Site settings**, **Interaction settings**, **Cycle settings**, **Export and import**, **Users**, **Billing** and **Staff requests**.

## What each role sees

- **District administrators** see the whole district and manage its settings, users and billing.
- **Principals** see the educators, activity and skill map of their own schools, and can add educators to them.
- **Coaches** see the educators at their schools and their own coaching activity.
- **Educators** see their own profile and the coaching they took part in.

If a screen you expect is missing, your role does not include it: ask your district administrator.

## Your account

Select your name at the top right of the screen for **Account settings** (name, email, password, how dates are written and your timezone) and to sign out.

${STILL_STUCK}`,
  },
  {
    slug: 'your-dashboard',
    seededSha256: '168debf87382cc5d610b1872cbc1028652d058d3fac8e737f44e9ac8e74baf01',
    body: `The dashboard is the first screen after you sign in. Select **Dashboard** at the top of the menu to come back to it.

![A coach's dashboard: today's interactions, this week's time and the interactions that need completing](/help/dashboard-coach.png)

## Today and this week

Coaches and administrators who log coaching see:

- **Today**: the interactions on your calendar today.
- **This week**: the week's interactions with the total time, split into coaching and other time.
- Interactions that **need completing**: ones scheduled in the past that were never marked completed. Open one and choose **Mark completed**, or edit it if it did not happen as planned.

Select **Open Activity** or **See the week** to go to the full activity log.

## Setting up a new district

Until your district is set up, district administrators see a **Set up your district** checklist at the top: add your schools, import or add educators, invite your coaches, set caseloads, review interaction types and the skill framework, and turn on calendar sync. Each step opens the screen that does it and ticks itself off once it is done. **Dismiss checklist** hides it.

## Educators

An educator's dashboard shows **Your recent coaching**: the interactions you took part in, with the notes your coach shared.

## Your account and district

The dashboard also shows who you are signed in as, your last sign-in, and your district with its plan. If your district is on a trial, a district administrator sees how many days are left and how to choose a plan.

## Where to go next

- [Logging an interaction](/app/support/logging-an-interaction)
- [The activity calendar and week view](/app/support/the-activity-calendar-and-week-view)`,
  },
  {
    slug: 'adding-educators',
    seededSha256: '38421425f63c961b35fe9371163b3c21fc2a1b9faf2919101c91c56c47651930',
    body: `District administrators add educators anywhere in the district; principals add them to their own schools. Open **Educators** in the menu and select **Add educators**.

![The Add Educators form: one row per educator with name, email, employee ID, position, school, start date, grades, subjects and hire date, and the Paste from spreadsheet button](/help/add-educators.png)

## Adding one or a few

Each row is one educator: first name, last name, email, employee ID, position, school, start date, grades, subjects and, if you know it, the hire date.

- The **start date** is the educator's first day at the school; the **hire date** their first day in the district.
- Select **Add row** for another educator. Empty rows are skipped.
- Select **Add educator** (or **Add 3 educators** for three rows). Nothing is saved until every row is ready: a row with a problem is marked and the others wait.

An email or employee ID already used by another educator of your district is refused, so the same person is never added twice.

## Pasting from a spreadsheet

1. In Excel, Google Sheets or Numbers, select the cells (with the header row if you have one) and copy them.
2. Select **Paste from spreadsheet** and paste into the box, or paste straight into a name box of the form.
3. With a header row, columns may come in any order ("First name", "Surname", "Email", "School", "Grades"…). Without one, Coachwell reads them in this order: First name, Last name, Email, Employee ID, Position, Grades, Subjects, School, Start date.
4. Check the rows that appear in the form, fix anything marked, and save.

Grades written as "K", "KG" or "01", and several subjects separated by semicolons, are understood.

## Hundreds of educators?

For a whole roster use a spreadsheet saved as CSV, or your student information system's OneRoster export, instead: see [Importing staff from CSV or OneRoster](/app/support/importing-staff-from-csv-or-oneroster).`,
  },
  {
    slug: 'educator-profiles-and-moving-schools',
    seededSha256: '07c168d08f9e851a2d16cd87ea8d9d42bd956dd21db4c1656abdb198d181e264',
    body: `Open **Educators** in the menu and select a name to see the educator's profile.

![An educator's profile: details, school history, groups, coach, and their recent coaching](/help/educator-profile.png)

## What the profile shows

- Their details: position, grades, subjects, email, employee ID, hire date and status.
- Their **school history**: each school with the dates they were there.
- Their **groups** and current **coach**.
- Their **coaching**: recent interactions, coaching cycles and, on plans with skill mapping, their skills.

You see the educators your role allows: the whole district for administrators, the educators of your schools for principals and coaches.

## Editing

Select **Edit** to change name, email, employee ID, position, grades, subjects and dates. Save to keep the changes; the edit is recorded in the district's history of changes.

## Moving an educator to another school

District administrators use **Move to another school** on the edit screen:

1. Choose the **New school**.
2. Choose the **Effective date**: the educator's first day at the new school.
3. Select **Move educator** and confirm.

Their time at the current school ends the day before the effective date, and both dates show in the school history, so reports keep counting their past work at the old school.

Principals do not move educators between schools themselves: they ask in **Staff requests**, and a district administrator approves or denies the request.

## Deactivating

An educator who leaves is **deactivated**, not deleted: their history and coaching stay in your reports. Deactivated educators can be reactivated later.`,
  },
  {
    slug: 'staff-groups',
    seededSha256: 'de388ca4e0a6ca9ce6111ab94c735fa440ed8af3b274341077216942a2344adb',
    body: `Groups collect educators you coach or report on together: a grade-level team, a PLC, new teachers.

## Finding groups

Open **Educators** in the menu and select the **Groups** tab. Search by name, and show active or all groups.

![The Groups tab of Educators: each group with its members and the New group button](/help/groups.png)

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
    slug: 'coaches-and-caseloads',
    seededSha256: 'f3592e24c004002e73aaf7bce95e68232efcbfff64606c98d258b0222b2187c0',
    body: `**Coaches** in the menu lists everyone with a coach login, their schools and the size of their caseload.

![The Coaches list: each coach with their schools and caseload](/help/coaches.png)

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
    slug: 'logging-an-interaction',
    seededSha256: 'd653be1bd163c6df54b59a41f9fa995ce5bbcdef2afb97e2b2b781a27456c87c',
    body: `An interaction is a piece of coaching work with educators: an observation, a debrief, a co-planning session, a PLC.

![The Log interaction form: the type, date, start time and minutes, the status, and the educators with recent ones one tap away](/help/log-interaction.png)

## Logging one

1. Open **Activity** in the menu and select **Log interaction** (on a phone the form fills the screen, with the button at the bottom). From an educator's profile, **Log interaction** opens the form with that educator already chosen.
2. Choose the **type**. It sets the usual number of minutes and shows the type's own questions.
3. Set the **date and start time**: they start at now, on the clock of your profile's timezone. Choose the **status**: **Completed** for work that happened, **Scheduled** for work ahead.
4. Add the **educators** (recent ones are one tap away) or a **group**: everyone in the group on that date takes part.
5. Check the **school**: Coachwell fills in the educators' school on that date when they share one, otherwise your own school. On plans with coaching cycles, choose the **coaching cycle** and **focus skills** too.
6. Write your notes and select **Log interaction**.

## Notes and who sees them

- **Notes** and **Next steps** are shared notes: the educators see them, and so do school and district leaders unless your district turned that off in Site settings.
- **Private notes** are yours alone: nobody else ever sees them, not even an administrator.

## Afterwards

Open an interaction from Activity to **Edit**, **Duplicate** (the same time a week later), **Mark completed**, **Cancel** (it stays in the log, marked cancelled, and its time no longer counts) or **Delete**.

Only the coach who logged an interaction or a district administrator can change it.`,
  },
  {
    slug: 'logging-time',
    seededSha256: '32f4ecce23ad5ddda2ec5bce016dc94f59ee670f99732e1df91be58ce8db0c80',
    body: `Coaches spend time on work without educators in the room: planning, professional development, meetings, travel. **Log time** records it, so reports show where the week went.

![The Log time form: category, start, minutes and notes](/help/log-time.png)

## Logging time

1. Open **Activity** in the menu and select **Log time**.
2. Choose the **category**: Planning, PD delivered, PD attended, Meeting, Data review, Admin duty, Travel or Other.
3. Set the start and the minutes.
4. Add notes if you like and save.

## Who sees it

Others who can see your activity see the category, the time and the minutes. **Notes on logged time are seen only by the person who logged it.**

## Totals

Activity's totals show your logged time by category beside your coaching and other interaction time.`,
  },
  {
    slug: 'the-activity-calendar-and-week-view',
    seededSha256: '7da8879e02943eae6a4277849256bafc85c4b59e359ca3ef1c91bd4dba57643d',
    body: `**Activity** in the menu is the log of interactions and logged time.

![Activity as a week: one column per day with each interaction and block of logged time, and the week's totals](/help/activity-week.png)

## Agenda and week

- The **agenda** (what opens first) lists entries grouped by day.
- The **week** shows seven columns. On a phone it shows one day at a time: use the previous and next day buttons or the strip of the week's days.
- With the keyboard, the arrow keys move between entries and Enter opens one.

## Filters

Choose the dates and filter by coach (administrators and principals), type, status (including **needs completing**), educator and school. Your filters stay in the page's address, so you can bookmark a view or send the link to a colleague.

## Totals

The totals for the dates shown add up coaching time and other time, minutes by interaction type, and logged time by category. Cancelled and no-show interactions are listed but add no minutes.

## Whose activity you see

Coaches see their own work, principals the work at their schools, district administrators everything. Times always show on the clock of your profile's timezone (Account settings).`,
  },
  {
    slug: 'calendar-sync',
    seededSha256: '7341ba249c522d87f4b47da0a112877d96ec922adc269317f20f39c6770d9436',
    body: `Calendar sync is part of the Professional and Enterprise plans. Open **Activity** in the menu, then **Calendar sync**.

![The Calendar sync screen: turning on your calendar feed, the steps for each calendar app, and importing from a calendar file](/help/calendar-sync.png)

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

Under **Import from a calendar file**, choose a calendar file (it ends in .ics) exported from your calendar app and the dates to read, then **Preview events**. Pick the events to import and whether each becomes an interaction (with its type) or logged time. Importing the same file again updates what you imported before instead of adding it twice.`,
  },
  {
    slug: 'coaching-cycles',
    seededSha256: '4c35c171de9f27d0bd5433c2a5f7e2227917f48157969c2aa85cc6ab713c3674',
    body: `A coaching cycle is a stretch of focused work with one or more educators toward a goal. Coaching cycles are part of the Professional and Enterprise plans.

![The Cycles tab of Coaching: one column per stage, each cycle a card with its educators, due date and whether it is on track](/help/coaching-cycles.png)

## The Cycles tab

Open **Coaching** in the menu and the **Cycles** tab. The board has one column per stage; the list view shows the same cycles as rows. Filter by status, due date, coach and school; on a phone the filters fold behind the **Filters** button, which shows how many are on.

Badges say whether a cycle's current stage is **on track**, **due soon** (within 3 days) or **overdue**, from the number of days your district expects each stage to take.

## Starting a cycle

Select **New cycle**, start from a goal template if you like, then set the title, goal, educators, focus skills, start and target end dates, and save.

## Moving through the stages

- **Move to next stage** on a card moves the cycle on; from the cycle's page you can move it to any stage.
- Link interactions to the cycle when you log them (the log form offers the educators' open cycles).
- Add **notes** as evidence along the way.
- **Complete** the cycle with an outcome (met, partly met, not met) and a reflection, or **Cancel** it.

## Settings

District administrators set the stages, their expected days and the goal templates in **Cycle settings**.`,
  },
  {
    slug: 'skill-mapping',
    seededSha256: 'bdded555e690afa61b35938989a149e6432e48f7ce141299a4ec0228c1525112',
    body: `Skill mapping records where each educator stands on your district's framework of teaching skills. It is part of the Professional and Enterprise plans.

![The Skill map tab of Coaching: one row per educator, one column per skill, each level a coloured number, with filters above](/help/skill-map.png)

## The framework

Coachwell starts every district with a framework of four domains of six skills and a four-level scale: 1 Beginning, 2 Developing, 3 Skilled, 4 Leading. District administrators rename, reorder, add or archive domains, skills and levels in the **Framework** tab of **Coaching**.

## Rating skills

Select **Rate skills** on an educator's profile, or **Rate** on their row of the skill map. Choose the date, and if you like the interaction that is your evidence, then a level for each skill you observed, with a note if you like. Every rating is kept, so the profile shows each skill's history.

## The skill map

The **Skill map** tab of **Coaching** shows one row per educator and one column per skill, the current level as a colour and a number. Collapse a domain to see its average. Filter by school, group, coach, grade, subject and position; your filters stay in the page's address. Select **Export CSV** to download what you see as a spreadsheet.

On a phone each educator is a card with domain averages and a chip per skill.`,
  },
  {
    slug: 'importing-staff-from-csv-or-oneroster',
    seededSha256: 'd3586437814671f023b6e957ac2efbf37b4f69637bbd15c181bd8e70c27c9f5c',
    body: `District administrators import a whole roster at once: open **Export and import** in the menu and select **Import educators**. Imports are included in every plan.

![The Export and import screen: the downloads, Import educators, and the past imports](/help/export-and-import.png)

## 1. Upload

Choose a spreadsheet saved as CSV, your student information system's **OneRoster** export (the zip file, or its users and orgs files), or paste the rows. Files up to 10 MB and 50,000 rows are accepted. CSV files from Excel and Google Sheets all work, whether the columns are separated by commas, semicolons or tabs.

## 2. Check the columns

Coachwell matches the file's columns to educator details and shows the first values of each. Change any column it got wrong. Options:

- **Create missing schools**: schools named in the file that your district does not have yet are added.
- **Skip invalid rows**: run the import without the rows that have errors.
- **Full sync**: deactivate educators who are missing from the file (you confirm the number first).

## 3. Preview

**Preview** shows what would happen: new, updated, unchanged, rows with errors, skipped and to deactivate. Each error names the column and says what to fix. Nothing is changed yet.

## 4. Run

**Run import** writes everything in one go: if anything fails, nothing is changed. Educators are matched by their OneRoster ID, then employee ID, then email, so importing again updates them instead of adding them twice. An empty cell leaves a detail as it is; a different school moves the educator from the row's start date.

Every import is listed under **Past imports**, with its rows, and **Download failed rows** gives you a spreadsheet of the rows to fix.

${STILL_STUCK}`,
  },
  {
    slug: 'exporting-your-data',
    seededSha256: 'f240978b745e9b46aa1c9b877aa4d2c85765aa3d5e20eaf25cc6eab182c54ffe',
    body: `Your district's data is yours. **Export and import** in the menu downloads it as CSV files that open in Excel or Google Sheets.

## What you can download

- **Download educators**: every educator with their details, status, current school and its code, current coach and groups.
- **Download users**: every login with roles, schools, status and last sign-in.
- **Download skill ratings**: every skill rating, on plans with skill mapping.
- **Download interactions**: choose a **From** and **To** date, then download every interaction logged in those dates with its educators, type, notes and answers. Private notes are never included, and shared notes follow your district's privacy setting.

Reports and the skill map have their own downloads on their screens.

## Who can export

Exports cover the whole district, so they are for district administrators: downloading educators needs access to every educator of the district, and downloading users needs the right to manage users. A principal sees why the buttons are not available.

## About the files

Files open in any spreadsheet and keep accented names intact. A cell that starts with "=", "+", "-" or "@" gets an apostrophe in front, so a spreadsheet never runs it as a formula.`,
  },
  {
    slug: 'users-and-invitations',
    seededSha256: '540f97976c74566f0d416414681aeb8c0a9a43febecf5be0817c66ae92c5608e',
    body: `District administrators manage logins in **Users** in the menu.

![The Users screen: each login with roles, schools, status and last sign-in, the search and filters, and the Invite user button](/help/users.png)

## Educators and users are different

An **educator** is a person on your roster: most never sign in. A **user** is a login: a district administrator, principal, coach, or an educator who signs in to see their own coaching.

## Inviting someone

1. Select **Invite user**.
2. Enter their name and email, choose their **roles** and, for principals and coaches, their **schools**.
3. Save. Coachwell emails an invitation link that works once and for 7 days.

The list shows each user's roles, schools, status and last sign-in. Search by name or email and filter by role and status.

## Resending, revoking, deactivating

- **Resend** sends a fresh link (at most 3 times a day per person).
- **Revoke** cancels an open invitation.
- **Deactivate** ends a login and signs the person out everywhere; their history stays. **Reactivate** brings it back.

Your district always keeps at least one active district administrator, so the last one cannot be removed.

## People who already use Coachwell elsewhere

If the email already has a login in another district, the person gets an offer to move their login to your district instead of a new invitation.`,
  },
  {
    slug: 'site-settings-and-privacy-of-notes',
    seededSha256: '174ae816ddcfecc549c94d3ad3432534887b6e3d4f339b5628c9bc4dc815c95d',
    body: `**Site settings** in the menu holds your district's profile and its schools.

![Site settings: the district profile with its name, timezone and school year, and the list of schools](/help/site-settings.png)

## District profile

- **District name**, **Timezone** (used for days in reports, due dates and "today") and **School year starts in** (the month reports count the school year from).
- The plan, and the trial's end if you are on a trial.

## Schools

Select **Add school** to add one with its name, code and grade band. **Edit** renames it. A school that still has educators cannot be archived: move them first. **Show archived schools** lists the archived ones, which can be restored.

## Privacy: shared notes visible to administrators

The **Shared notes visible to administrators** setting decides who reads the shared notes of interactions and coaching cycles:

- **On** (the default): district and school leaders who can see the interaction read its notes and next steps.
- **Off**: only the notes' author, the coach and the educators who took part read them. Others still see dates, times, types and totals, so reports keep working, but never the text.

Private notes are always seen by their author only, whatever this setting says. Changing the setting is recorded in the district's history of changes.`,
  },
  {
    slug: 'reports',
    seededSha256: 'f13554caeb31fec5264bca340b3ae5580cfce166806319ccb2beb30624e5ce8f',
    body: `**Reports** in the menu turns logged interactions and coaching cycles into numbers your leaders can act on.

![The Interactions report: the filters, the totals of interactions, hours and educators reached, the coaching targets and the interactions per month](/help/reports.png)

## The reports

- **Interactions**: how many interactions, how many hours and how many educators were reached, by type, school and coach, and the trend by week or month.
- **Coaching cycles**: cycles by stage and outcome.
- **Coaching team**: each coach's interactions, hours and caseload reach.
- **Teacher level** and **Comparison** (Enterprise plan): each educator's coaching, and schools or groups side by side.

## Filters

Every report takes dates (this school year, the last 30 days, this month, last month or your own dates), schools, coaches, types, groups, grades and subjects.

## What counts

An interaction counts when it is **completed** and falls within the dates (days of your district's timezone). Scheduled, cancelled and no-show interactions are left out. The school year starts in the month set in Site settings. Each report says how its figures are counted, under **How this is counted**.

## Who sees what

Administrators see the whole district, principals their schools and coaches their own work. Each table has a download for Excel or Google Sheets.`,
  },
  {
    slug: 'billing-and-plans',
    seededSha256: '6ab8dc20581780f34c875b10c0ff0e347da4f7029bf032d0d4a6966f6c8ed036',
    body: `Coachwell is priced per **coach seat** per school year, in US dollars. The current prices are on the [pricing page](/pricing).

![The Billing screen: your plan with what it includes, coach seats in use, when it renews, and your invoices](/help/billing.png)

## The plans

| Plan | Includes |
|---|---|
| **Essentials** | Logging interactions and time, educator rosters and groups, reports, importing and exporting spreadsheets. |
| **Professional** | Everything in Essentials plus coaching cycles, skill mapping, calendar sync and custom interaction fields. |
| **Enterprise** | Everything in Professional plus advanced reports (teacher level and comparison), single sign-on and a named success manager. |

## Trials

A district that registers starts a **30-day Essentials trial**. The dashboard and Site settings show when it ends. After it ends, your district can still read and export everything, and choose a plan.

## What happens without a feature

A screen that needs a higher plan explains which plan includes it, for example the Cycles tab on Essentials. Nothing you logged is lost when a plan changes.

## Billing

District administrators open **Billing** in the menu to see the plan, seats and invoices, and select **Quotes** to request a quote for another plan or more seats. Once your district accepts a quote (with your purchase order number), Coachwell activates it.

${STILL_STUCK}`,
  },
  {
    slug: 'your-account-settings',
    seededSha256: '8219b401fe791ef16538a64f13cdbcc44c1bc703c2c2ac2a02c03dfe4fa74b39',
    body: `Select your name at the top right of the screen, then **Account settings**.

![Account settings: your name, date language and timezone, then your email address and password](/help/account-settings.png)

## Profile

Change your **name**, the **date language** (how dates are written) and your **timezone**. Every date and time in Coachwell shows on this timezone's clock.

## Email

Enter your new email and your current password. Coachwell sends a confirmation link to the **new** address (valid 24 hours) and a notice to the old one. The change happens when you follow the link.

## Password

Enter your current password and the new one twice. Changing it signs you out of every other device.

${STILL_STUCK}`,
  },
];
