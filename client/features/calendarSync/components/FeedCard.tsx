import { useId, useState } from 'react';
import { CALENDAR_TITLE_MODE_LABELS, CALENDAR_TITLE_MODES, type CalendarFeedStatus, type CalendarTitleMode } from '../../../../common/schemas/calendar';
import { Card } from '../../../components/Card';
import { LoadError } from '../../../components/LoadError';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { CopyField } from '../../../components/CopyField';
import { FormError } from '../../../components/Field';
import { ConfirmDialog } from '../../../components/Modal';
import { LoadingBlock } from '../../../components/Spinner';
import { useToast } from '../../../components/Toasts';
import { messageOf } from '../../../lib/formErrors';
import { defineMessages, type MessageDescriptor, t, tText } from '../../../lib/i18n';
import { useInstantFormat } from '../../../lib/session';
import { createFeedAddress, setTitleMode, turnOffFeed, useCalendarFeed } from '../api';
import { SubscribeSteps } from './SubscribeSteps';

const m = defineMessages({
  hintNames: { id: 'calendarSync.feed.hintNames', defaultMessage: 'For example “Classroom observation — Jordan Ellis”.' },
  hintType: { id: 'calendarSync.feed.hintType', defaultMessage: 'For example “Classroom observation”: no names leave Coachwell.' },
  address: { id: 'calendarSync.feed.address', defaultMessage: 'Your calendar address' },
  copied: { id: 'calendarSync.feed.copied', defaultMessage: 'Address copied to the clipboard.' },
  addressHint: { id: 'calendarSync.feed.addressHint', defaultMessage: 'Keep it private: anyone with this address can see your coaching schedule. Coachwell shows it only now; afterwards, regenerate to see a new address.' },
  onBody: { id: 'calendarSync.feed.onBody', defaultMessage: 'Copy the address into your calendar app.' },
  onTitle: { id: 'calendarSync.feed.onTitle', defaultMessage: 'Calendar feed turned on' },
  regeneratedBody: { id: 'calendarSync.feed.regeneratedBody', defaultMessage: 'The old address no longer works. Update it in your calendar app.' },
  regeneratedTitle: { id: 'calendarSync.feed.regeneratedTitle', defaultMessage: 'New address made' },
  offBody: { id: 'calendarSync.feed.offBody', defaultMessage: 'The address no longer works. You can remove the calendar from your calendar app.' },
  offTitle: { id: 'calendarSync.feed.offTitle', defaultMessage: 'Calendar feed turned off' },
  savedNames: { id: 'calendarSync.feed.savedNames', defaultMessage: 'Event titles show the type and educator names.' },
  savedType: { id: 'calendarSync.feed.savedType', defaultMessage: 'Event titles show the type only.' },
  saved: { id: 'calendarSync.feed.saved', defaultMessage: 'Saved' },
  title: { id: 'calendarSync.feed.title', defaultMessage: 'Subscribe in your calendar app' },
  intro: { id: 'calendarSync.feed.intro', defaultMessage: 'Your interactions and logged time from the last 90 days onwards appear in Google Calendar, Outlook or Apple Calendar, and stay up to date as you log in Coachwell. Notes never leave Coachwell.' },
  loadFailed: { id: 'calendarSync.feed.loadFailed', defaultMessage: 'We could not load your calendar feed. Please try again.' },
  loading: { id: 'calendarSync.feed.loading', defaultMessage: 'Loading your calendar feed…' },
  isOff: { id: 'calendarSync.feed.isOff', defaultMessage: 'Your calendar feed is off. Turn it on to get a private address to subscribe to.' },
  turnOn: { id: 'calendarSync.feed.turnOn', defaultMessage: 'Turn on calendar feed' },
  isOn: { id: 'calendarSync.feed.isOn', defaultMessage: 'Your calendar feed is on' },
  isOnBodyDate: { id: 'calendarSync.feed.isOnBodyDate', defaultMessage: 'For your privacy Coachwell shows the address only when it is made (this one on {date}). Regenerate to see a new address: the old one then stops working, so update it in your calendar app.' },
  isOnBody: { id: 'calendarSync.feed.isOnBody', defaultMessage: 'For your privacy Coachwell shows the address only when it is made. Regenerate to see a new address: the old one then stops working, so update it in your calendar app.' },
  eventTitles: { id: 'calendarSync.feed.eventTitles', defaultMessage: 'Event titles' },
  eventTitlesHint: { id: 'calendarSync.feed.eventTitlesHint', defaultMessage: 'What your calendar app shows for each interaction.' },
  regenerate: { id: 'calendarSync.feed.regenerate', defaultMessage: 'Regenerate address' },
  turnOff: { id: 'calendarSync.feed.turnOff', defaultMessage: 'Turn off' },
  regenerateTitle: { id: 'calendarSync.feed.regenerateTitle', defaultMessage: 'Make a new address?' },
  regenerateBody: { id: 'calendarSync.feed.regenerateBody', defaultMessage: 'The current address stops working at once. Calendars subscribed to it stop updating until you subscribe to the new address.' },
  offConfirmTitle: { id: 'calendarSync.feed.offConfirmTitle', defaultMessage: 'Turn off your calendar feed?' },
  offConfirmBody: { id: 'calendarSync.feed.offConfirmBody', defaultMessage: 'The address stops working at once and your calendar app stops receiving updates. You can turn it on again later with a new address.' },
});

const TITLE_HINTS: Record<CalendarTitleMode, MessageDescriptor> = { names: m.hintNames, type: m.hintType };


function AddressBox({ url }: { url: string }) {
  return (
    <CopyField
      label={t(m.address)}
      value={url}
      copiedMessage={t(m.copied)}
      hint={t(m.addressHint)}
    />
  );
}

export function FeedCard() {
  const { data: feed, error, mutate } = useCalendarFeed();
  const when = useInstantFormat();
  const toast = useToast();
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState<'on' | 'regenerate' | 'off' | 'title' | null>(null);
  const [confirm, setConfirm] = useState<'regenerate' | 'off' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = useId();

  const run = async (kind: NonNullable<typeof busy>, action: () => Promise<void>) => {
    setBusy(kind);
    setFailure(null);
    try {
      await action();
    } catch (err) {
      setFailure(messageOf(err));
    } finally {
      setBusy(null);
      setConfirm(null);
    }
  };

  const makeAddress = (kind: 'on' | 'regenerate') => run(kind, async () => {
    const status: CalendarFeedStatus = await createFeedAddress();
    setUrl(status.url);
    toast.success(kind === 'on' ? t(m.onBody) : t(m.regeneratedBody), kind === 'on' ? t(m.onTitle) : t(m.regeneratedTitle));
  });

  const turnOff = () => run('off', async () => {
    await turnOffFeed();
    setUrl(null);
    toast.success(t(m.offBody), t(m.offTitle));
  });

  // The choice shows at once; it goes back if saving fails.
  const [pendingMode, setPendingMode] = useState<CalendarTitleMode | null>(null);
  const chooseTitles = async (mode: CalendarTitleMode) => {
    setPendingMode(mode);
    await run('title', async () => {
      await setTitleMode(mode);
      toast.success(mode === 'names' ? t(m.savedNames) : t(m.savedType), t(m.saved));
    });
    setPendingMode(null);
  };

  return (
    <Card
      className="calsync-card"
      titleId="calsync-feed-title"
      title={t(m.title)}
      intro={t(m.intro)}
    >
      <FormError error={failure} />
      {error && !feed ? (
        <LoadError message={t(m.loadFailed)} onRetry={() => void mutate()} />
      ) : !feed ? (
        <LoadingBlock label={t(m.loading)} />
      ) : !feed.enabled ? (
        <div className="stack">
          <p>{t(m.isOff)}</p>
          <div className="form-actions">
            <Button onClick={() => void makeAddress('on')} busy={busy === 'on'}>{t(m.turnOn)}</Button>
          </div>
        </div>
      ) : (
        <div className="stack">
          {url ? (
            <AddressBox url={url} />
          ) : (
            <Alert tone="info" title={t(m.isOn)}>
              <p>{feed.created_at ? t(m.isOnBodyDate, { date: when.date(feed.created_at) }) : t(m.isOnBody)}</p>
            </Alert>
          )}
          <fieldset className="calsync-titles" aria-describedby={`${titleId}-hint`}>
            <legend className="field__label">{t(m.eventTitles)}</legend>
            <p id={`${titleId}-hint`} className="field__hint">{t(m.eventTitlesHint)}</p>
            {CALENDAR_TITLE_MODES.map((mode) => (
              <label key={mode} className="calsync-radio">
                <input
                  type="radio"
                  name="title_mode"
                  value={mode}
                  checked={(pendingMode ?? feed.title_mode) === mode}
                  disabled={busy !== null}
                  onChange={() => void chooseTitles(mode)}
                />
                <span>
                  <span className="calsync-radio__label">{tText(CALENDAR_TITLE_MODE_LABELS[mode])}</span>
                  <span className="calsync-radio__hint">{t(TITLE_HINTS[mode])}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <div className="form-actions calsync-actions">
            <Button variant="secondary" onClick={() => setConfirm('regenerate')} disabled={busy !== null}>{t(m.regenerate)}</Button>
            <Button variant="ghost" onClick={() => setConfirm('off')} disabled={busy !== null}>{t(m.turnOff)}</Button>
          </div>
        </div>
      )}
      <SubscribeSteps />
      <ConfirmDialog
        open={confirm === 'regenerate'}
        title={t(m.regenerateTitle)}
        message={<p>{t(m.regenerateBody)}</p>}
        confirmLabel={t(m.regenerate)}
        busy={busy === 'regenerate'}
        onConfirm={() => void makeAddress('regenerate')}
        onCancel={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'off'}
        title={t(m.offConfirmTitle)}
        message={<p>{t(m.offConfirmBody)}</p>}
        confirmLabel={t(m.turnOff)}
        danger
        busy={busy === 'off'}
        onConfirm={() => void turnOff()}
        onCancel={() => setConfirm(null)}
      />
    </Card>
  );
}
