// Frozen once landed: never import app code here, never edit; add a new migration instead.
// The knowledge base article "Your side of coaching (for educators)" (issue 29): what an educator finds when
// they sign in (their home), their action steps, rating themselves, asking for coaching and who has read about
// them, in plain language with pictures of the real screens (client/help/*.png, made by `npm run help-images`
// from the demo district, served at /help/…). Published to every district user (coaches read what their
// educators see), in "Getting started". Written as 20261201_0162 wrote "Observations and walkthroughs": the
// article, its first version (edited_by empty: Coachwell's own text), added only when no article has its slug.
//
// down: removes the article only while it is still exactly as this migration wrote it.
import type { Kysely } from 'kysely';
import { insertArticleOnce, removeArticleIfUntouched } from '../migrationHelpers';

export const SLUG = 'your-side-of-coaching';
export const TITLE = 'Your side of coaching (for educators)';
const CATEGORY = 'getting-started';

export async function up(db: Kysely<any>): Promise<void> {
  await insertArticleOnce(db, { slug: SLUG, title: TITLE, category: CATEGORY, body: BODY });
}

export async function down(db: Kysely<any>): Promise<void> {
  await removeArticleIfUntouched(db, { slug: SLUG, body: BODY });
}

export const BODY = `When you sign in to Coachwell as an educator, you land on a home of your own: the feedback waiting for you, the steps you agreed to try, the sessions ahead and how you have grown this school year. Coaching works best when you own the next step, and this is where you find it.

![An educator's home: observations to acknowledge, action steps, the sessions coming up and growth this school year](/help/educator-home.png)

## Your home

- **Observations shared with you**: an observer shared what they saw in your classroom. Select **Read and acknowledge**, read it, and acknowledge it, with a reflection if you like. Your observer sees both.
- **Your action steps**: how many are overdue, due soon and open, and how many you finished this school year, with the three due soonest.
- **Next steps with your coach**: the next steps written down with your latest coaching conversations.
- **Your coaching cycle**: the goal you are working on with your coach and the stage you are in.
- **Coming up**: the sessions your coach scheduled with you. **Add to calendar** downloads one session as a calendar file that Outlook, Google Calendar or Apple Calendar opens.
- **Your growth this school year**: your current level in the skills your coach rated, and how it changed since the school year began.
- **Your coach**: who coaches you now, and their email.

Times and "today" follow the time zone in your **Account Settings**.

## Your action steps

An action step is one thing you agreed to try next. Your coach sets them after a visit, an observation or in a coaching cycle, and you can add your own.

![Action steps: overdue, due soon, later, and the done ones with their notes](/help/action-steps.png)

1. Open **Action steps** in the menu.
2. Under a step, select **Mark done**, write what you tried and how it went, and select **Mark done** again. Your coach reads your note.
3. To add your own, select **Add a step**, give it a title and, if you like, a detail and a due date.

Your coach can reopen a step or drop it when it no longer fits.

## Rating yourself

Open **Self-assessment** in the menu and choose, for each skill of your district's framework, the level that describes your teaching today. Save as often as you like. Your coach sees your rating beside theirs on your profile. Rating yourself never changes the levels your coach recorded or any report.

## Asking for coaching

Want help with something in your classroom? Open **Ask for coaching**, write the topic, what you would like help with and the times that suit you, and select **Send request**. It goes to your coach, or to your school's coaches if you have none yet. Each request shows where it stands: *Waiting for a coach*, *Passed on* to another coach, *Session scheduled* (it is then under **Coming up** on your home) or *Withdrawn*. You can withdraw a request while it waits.

## Who has read about you

Open **Who has read about me** to see who opened records about you (your observations, coaching sessions, skill ratings, action steps and cycles) and on which day: the person and their role, never what they read. A person shows once a day for each kind of record. **Coachwell support for** a name means Coachwell's support team opened your records while signed in as that person, for example to answer a question. Your district can turn this view off.

## What stays private

You see only your own records. Your coach's private notes are never shown to anyone but their author, and an observation reaches you only when the observer shares it.
`;
