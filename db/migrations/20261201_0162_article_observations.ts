// Frozen once landed: never import app code here, never edit; add a new migration instead.
// The knowledge base article "Observations and walkthroughs" (issue 28), for district staff: capturing an
// observation, sharing it, an educator acknowledging it, the list's download, and reading the walkthrough
// report, in plain language with pictures of the real screens (client/help/*.png, made by
// `npm run help-images` from the demo district, served at /help/…). Published to every district user, in
// "Interactions and activity". Written as migration 20261123_0083 wrote the first articles: the article, its
// first version (edited_by empty: Coachwell's own text); the search index follows through its triggers
// (SQLite) or the trigram index (PostgreSQL). Added only when no article has its slug yet (the provider's
// staff may have written one of their own).
//
// down: removes the article only while it is still exactly as this migration wrote it.
import type { Kysely } from 'kysely';
import { insertArticleOnce, removeArticleIfUntouched } from '../migrationHelpers';

export const SLUG = 'observations-and-walkthroughs';
export const TITLE = 'Observations and walkthroughs';
const CATEGORY = 'interactions-activity';

export async function up(db: Kysely<any>): Promise<void> {
  await insertArticleOnce(db, { slug: SLUG, title: TITLE, category: CATEGORY, body: BODY });
}

export async function down(db: Kysely<any>): Promise<void> {
  await removeArticleIfUntouched(db, { slug: SLUG, body: BODY });
}

export const BODY = `Observations are short visits to a classroom, written down against your district's look-fors: a walkthrough of a few minutes, or a longer coaching observation of a whole lesson. They are **coaching tools, never an evaluation**. They give a coach and an educator something concrete to talk about (what students said and did), and they show a district which practices are spreading from classroom to classroom.

![The Observations list: newest first, each with the educator, the form, the observer, the school, how many look-fors were seen, and whether it was shared and acknowledged](/help/observations.png)

## Who can observe

Coaches, principals and district administrators observe the educators they can already see in Activity. Educators do not observe: they read the observations an observer shares with them, and answer them.

## Capturing an observation

1. Open **Observations** in the menu and select **New observation**. From an educator's profile, **New observation** starts with that educator already chosen.
2. Pick the educator. The form starts as the **Classroom walkthrough**; choose another under **Form** if your district has more. The day and time are now, on your own clock.
3. Give each item one tap: **Seen**, **Not seen** or **N/A** for a look-for, a number for a rating, an option for a choice.
4. Select **+ note** under an item to write the current minute into its evidence, then type what you saw while it happens.
5. Add **Notes**, the **Next steps** you agree at the debrief, and **Private notes**, which only you will ever read.
6. Select **Complete**. If a required item has no answer, Coachwell shows it and takes you there.

![Capturing a classroom walkthrough: the educator, the form and the time at the top, then Seen, Not seen and N/A for each look-for](/help/observation-capture.png)

Coachwell keeps a **draft** a few seconds after each change. A draft is yours alone and counts nowhere until you complete it; resume it from the list, on this device or another. If you switch a draft that already has answers to another form, Coachwell asks first: the other form has its own items, so the answers would be cleared.

A completed observation is also a coaching interaction, so it appears in Activity, on the educator's profile and in the reports. An item linked to a skill of your framework records a rating of that skill, with the observation as its evidence.

## Sharing it with the educator

Open a completed observation you made and select **Share with** and the educator's name. Choose what they will see: **the answers**, **the notes and next steps**, or both. Private notes are never shared. The educator gets an email with a link; the email itself holds nothing of the observation. You can change what is shared later.

## For educators: reading and acknowledging

When an observer shares an observation of your classroom, it appears on your dashboard under **Observations shared with you** (the ones you have not acknowledged come first) and on your own profile. Select **Read and acknowledge** to open it. Write a **Reflection** if you like, such as what you take from the visit or what you would like your observer to know, and select **Acknowledge**. Your observer then sees the date and your reflection.

## The list and its download

**Observations** lists, newest first, your drafts and the completed observations you may see. Filter by form, educator, school, observer, dates, shared and acknowledged. **Download CSV** saves the list as a spreadsheet with the same filters: completed observations only (never a draft), times on your own clock, and never anyone's private notes. Filter on one form first to get one column per item of that form, with answers from older versions of the form under the same question.

## Reading the walkthrough report

Open **Reports** and then **Walkthroughs**. Choose the form and the dates, and a school, an observer (a coach, a principal or an administrator) or a group if you like. The report shows how many observations were made and how many educators and classrooms they covered; how often each look-for was seen, counted only in the visits where it applied; the trend month by month; and the schools side by side. Each table downloads as CSV, and the report can be printed or emailed on a schedule like the other reports. Drafts never count.

![The walkthrough report: observations, educators and classrooms, look-fors seen by month and by school, and each look-for's rate](/help/walkthrough-report.png)

Read it as a picture of practice across many classrooms, not of one person. A look-for seen in 40% of visits in September and 65% in March says a practice is taking hold; a school far from the others says where coaching could help next. Talk about the numbers with coaches and principals, and about a single visit with the educator who was observed.

## Calibrating observers

Two people can watch the same lesson and see it differently. Calibration shows where your observers already see alike and where they do not, so you can talk about what a look-for really looks like in a classroom.

1. Open **Observations**, select **Calibration**, then **New calibration session**. Give it a title, choose the form, the educator whose lesson you will all watch, and the time of the lesson.
2. Each observer opens the session and selects **Observe this lesson**, then records their own observation as usual. Record yours without comparing notes first: the point is to learn what each of you saw.
3. Once two or more observers have completed theirs, the session shows, item by item, how often they gave the **same answer**, and for ratings how often they were **within one level** of each other. A grid shows each pair of observers side by side.

Under **Agreement over time**, choose a form and a date range to follow every session of that form month by month and pair by pair: the numbers should climb as observers talk through the items where they differed. Archive a session when you are done with it; its agreement still counts over time. Calibration observations never count in the walkthrough report, and the observation itself says which session it was part of. Educators do not see calibration.

## Forms and plans

District administrators write and change forms in **Observation forms** in the menu. Editing a form that already has observations saves a new version, so an old answer keeps the meaning it had. Your own forms and the walkthrough report are part of the Professional and Enterprise plans; the Essentials plan keeps the built-in Classroom walkthrough.

## Still need help?

Open **Support** in the menu and select **Contact support**: write what you were trying to do, and Coachwell's support team answers by email. Your message tells them who you are, your district and the screen you came from, so you do not need to explain where you were.`;
