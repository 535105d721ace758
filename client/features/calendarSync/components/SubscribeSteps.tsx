// How to subscribe to the feed in the three calendar apps coaches use: short, accurate steps.
import type { ReactNode } from 'react';
import { defineMessages, t, tRich } from '../../../lib/i18n';

const m = defineMessages({
  title: { id: 'calendarSync.steps.title', defaultMessage: 'How to subscribe' },
  google: { id: 'calendarSync.steps.google', defaultMessage: 'Google Calendar' },
  outlook: { id: 'calendarSync.steps.outlook', defaultMessage: 'Outlook' },
  apple: { id: 'calendarSync.steps.apple', defaultMessage: 'Apple Calendar' },
  copy: { id: 'calendarSync.steps.copy', defaultMessage: 'Copy your calendar address above.' },
  google2: { id: 'calendarSync.steps.google2', defaultMessage: 'On a computer, open <b>calendar.google.com</b>.' },
  google3: { id: 'calendarSync.steps.google3', defaultMessage: 'Next to <b>Other calendars</b>, select <b>+</b>, then <b>From URL</b>.' },
  google4: { id: 'calendarSync.steps.google4', defaultMessage: 'Paste the address and select <b>Add calendar</b>.' },
  googleNote: { id: 'calendarSync.steps.googleNote', defaultMessage: 'Google refreshes subscribed calendars on its own schedule, usually within a day. The calendar also appears in the Google Calendar app on your phone.' },
  outlook2: { id: 'calendarSync.steps.outlook2', defaultMessage: 'In Outlook on the web or the new Outlook, open <b>Calendar</b>.' },
  outlook3: { id: 'calendarSync.steps.outlook3', defaultMessage: 'Select <b>Add calendar</b>, then <b>Subscribe from web</b>.' },
  outlook4: { id: 'calendarSync.steps.outlook4', defaultMessage: 'Paste the address, name it “Coachwell” and select <b>Import</b>.' },
  outlookNote: { id: 'calendarSync.steps.outlookNote', defaultMessage: 'In classic Outlook for Windows: <b>Home</b> › <b>Add Calendar</b> › <b>From Internet</b>, paste the address, then <b>OK</b>.' },
  apple2: { id: 'calendarSync.steps.apple2', defaultMessage: 'On a Mac, open Calendar and choose <b>File</b> › <b>New Calendar Subscription</b>.' },
  apple3: { id: 'calendarSync.steps.apple3', defaultMessage: 'Paste the address and select <b>Subscribe</b>.' },
  apple4: { id: 'calendarSync.steps.apple4', defaultMessage: 'Set <b>Auto-refresh</b> to <b>Every hour</b> and <b>Location</b> to <b>iCloud</b> to see it on your iPhone too, then <b>OK</b>.' },
  appleNote: { id: 'calendarSync.steps.appleNote', defaultMessage: 'On an iPhone or iPad: <b>Settings</b> › <b>Apps</b> › <b>Calendar</b> › <b>Calendar Accounts</b> › <b>Add Account</b> › <b>Other</b> › <b>Add Subscribed Calendar</b>, paste the address, then <b>Next</b> and <b>Save</b>.' },
});

const b = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

export function SubscribeSteps() {
  return (
    <section className="calsync-steps" aria-labelledby="calsync-steps-title">
      <h3 id="calsync-steps-title" className="calsync-steps__title">{t(m.title)}</h3>
      <div className="calsync-steps__grid">
        <div className="calsync-step">
          <h4>{t(m.google)}</h4>
          <ol>
            <li>{t(m.copy)}</li>
            <li>{tRich(m.google2, { b })}</li>
            <li>{tRich(m.google3, { b })}</li>
            <li>{tRich(m.google4, { b })}</li>
          </ol>
          <p className="muted text-sm">{t(m.googleNote)}</p>
        </div>
        <div className="calsync-step">
          <h4>{t(m.outlook)}</h4>
          <ol>
            <li>{t(m.copy)}</li>
            <li>{tRich(m.outlook2, { b })}</li>
            <li>{tRich(m.outlook3, { b })}</li>
            <li>{tRich(m.outlook4, { b })}</li>
          </ol>
          <p className="muted text-sm">{tRich(m.outlookNote, { b })}</p>
        </div>
        <div className="calsync-step">
          <h4>{t(m.apple)}</h4>
          <ol>
            <li>{t(m.copy)}</li>
            <li>{tRich(m.apple2, { b })}</li>
            <li>{tRich(m.apple3, { b })}</li>
            <li>{tRich(m.apple4, { b })}</li>
          </ol>
          <p className="muted text-sm">{tRich(m.appleNote, { b })}</p>
        </div>
      </div>
    </section>
  );
}
