// Frozen once landed: never import app code here, never edit; add a new migration instead.
// The knowledge base article "Working offline: without a signal in classrooms" (issue 31): installing Coachwell on a
// phone, tablet or Chromebook, what opens without a signal and the "Offline · as of" marker, writing without a signal
// and how it syncs, a change that cannot be saved, conflicts, and shared devices; the same text as the guide's page
// (docs/guide/working-offline.md), with two pictures of the real screens (client/help/working-offline.png and
// outbox-waiting.png, copies of the guide's pictures made by the offline and outbox browser tests).
// Published to every district user, in "Getting started", as 20261203_0173 wrote its article: the article, its first
// version (edited_by empty: Coachwell's own text), added only when no article has its slug.
//
// down: removes the article only while it is still exactly as this migration wrote it.
import type { Kysely } from 'kysely';
import { insertArticleOnce, removeArticleIfUntouched } from '../migrationHelpers';

export const SLUG = 'working-offline';
export const TITLE = 'Working offline: Coachwell without a signal';
const CATEGORY = 'getting-started';

export async function up(db: Kysely<any>): Promise<void> {
  await insertArticleOnce(db, { slug: SLUG, title: TITLE, category: CATEGORY, body: BODY });
}

export async function down(db: Kysely<any>): Promise<void> {
  await removeArticleIfUntouched(db, { slug: SLUG, body: BODY });
}

export const BODY = `Coaching happens in classrooms, portables and gyms where the Wi-Fi comes and goes. Coachwell can be installed on a phone, a tablet, a Chromebook or a computer like an app, and once you have used it with a signal it opens without one: your dashboard, Activity and your educators, as they were the last time you saw them. You can also log interactions, complete them, write observations and set action steps without a signal; they are sent when the signal comes back.

![The Educators list opened without a signal, marked "Offline · as of" the time it was saved](/help/working-offline.png)

## Installing

Installing puts Coachwell on your home screen or shelf, with its own icon. Sign in first, with a signal.

- **Chromebook, or Chrome on a computer**: select the install icon at the right of the address bar, or open Chrome's menu (**⋮**) and choose **Cast, save, and share › Install Coachwell**.
- **Microsoft Edge on a computer**: open the menu (**…**), then **Apps › Install Coachwell**.
- **Android phone or tablet (Chrome)**: open the menu (**⋮**), select **Add to home screen**, then **Install**.
- **iPhone or iPad (Safari)**: select **Share**, then **Add to Home Screen**, then **Add**.

You do not have to install Coachwell to use it without a signal: the browser tab works the same way. When Coachwell is updated, a bar says **A new version is ready.** Select **Reload** when it suits you (finish what you are typing first).

## Opening without a signal

Coachwell keeps a copy, on your device, of the screens you open while you have a signal. Without a signal, it opens signed in as you and shows your **dashboard**, **Activity** (today and this week, as you last opened them), your **educators** (the Educators list, and each educator's page you opened) and the district's **interaction types** and **observation forms**.

**Offline · as of 9:41 AM** at the top of the screen tells you that what you see comes from your device, and when it was saved. When the signal comes back, the next screen you open is current again.

- Open the screens you will need once while you still have a signal, say your dashboard, Activity and Educators in the morning. Activity is kept by day: on a new day, open it once with a signal.
- Reports, settings and searching the whole district need a signal.
- The copy holds only what you could see online: other people's private notes are never on your device.

## Writing without a signal

Without a signal you can still log an interaction (and change one you logged), mark a scheduled interaction completed, write an observation, and set an action step. Save as usual: Coachwell keeps the change on your device and shows it at once, marked **Waiting to sync**. The top bar counts what is waiting, for example **3 waiting to sync**; select it to see each change.

![Three interactions logged without a signal: "3 waiting to sync" in the top bar and the three marked "Waiting to sync"](/help/outbox-waiting.png)

When the signal comes back, Coachwell sends the changes by itself, one at a time and in the order you made them. Nothing is sent twice: if the signal drops just as a change is being sent, Coachwell sends it again and you still get one interaction, never two. Pick educators from **Recent** in the form when you have no signal: searching the whole district needs one.

## When a change cannot be saved

Coachwell checks each change when it arrives, as it does with a signal, and may refuse one that was fine when you made it (the educator has left your caseload, say). The change stays on your device, marked **Not saved**, with the reason. Choose **Correct** to open the same form filled in with what you wrote, or **Discard** to remove the change (Coachwell asks first). A change is never dropped without you choosing to.

## Conflicts

If someone saved the same interaction after you started changing it without a signal, Coachwell does not overwrite their version. The change is marked **Changed on the server**: **Compare** shows **Yours** and **On the server** side by side. Choose **Keep mine**, **Keep the server's**, or **Merge** (both notes in one form for you to edit into one).

## Shared devices

On a tablet or Chromebook that several people use, each person's copy is kept apart: whoever signs in next never sees yours.

- **Sign out when you finish.** Signing out removes your copy and any changes still waiting to sync from the device. If some are waiting, Coachwell asks first: find a signal and let them sync, then sign out.
- Signing out works without a signal too: the device is cleared at once, and Coachwell finishes signing you out the next time it has a signal.
- If your session ends on its own, your waiting changes stay on the device until you sign in again; they are never sent as anyone else.
`;
