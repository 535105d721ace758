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
import { useInstantFormat } from '../../../lib/session';
import { createFeedAddress, setTitleMode, turnOffFeed, useCalendarFeed } from '../api';
import { SubscribeSteps } from './SubscribeSteps';

const TITLE_HINTS: Record<CalendarTitleMode, string> = {
  names: 'For example “Classroom observation — Jordan Ellis”.',
  type: 'For example “Classroom observation”: no names leave Coachwell.',
};


function AddressBox({ url }: { url: string }) {
  return (
    <CopyField
      label="Your calendar address"
      value={url}
      copiedMessage="Address copied to the clipboard."
      hint="Keep it private: anyone with this address can see your coaching schedule. Coachwell shows it only now; afterwards, regenerate to see a new address."
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
    toast.success(kind === 'on' ? 'Copy the address into your calendar app.' : 'The old address no longer works. Update it in your calendar app.', kind === 'on' ? 'Calendar feed turned on' : 'New address made');
  });

  const turnOff = () => run('off', async () => {
    await turnOffFeed();
    setUrl(null);
    toast.success('The address no longer works. You can remove the calendar from your calendar app.', 'Calendar feed turned off');
  });

  // The choice shows at once; it goes back if saving fails.
  const [pendingMode, setPendingMode] = useState<CalendarTitleMode | null>(null);
  const chooseTitles = async (mode: CalendarTitleMode) => {
    setPendingMode(mode);
    await run('title', async () => {
      await setTitleMode(mode);
      toast.success(mode === 'names' ? 'Event titles show the type and educator names.' : 'Event titles show the type only.', 'Saved');
    });
    setPendingMode(null);
  };

  return (
    <Card
      className="calsync-card"
      titleId="calsync-feed-title"
      title="Subscribe in your calendar app"
      intro="Your interactions and logged time from the last 90 days onwards appear in Google Calendar, Outlook or Apple Calendar, and stay up to date as you log in Coachwell. Notes never leave Coachwell."
    >
      <FormError error={failure} />
      {error && !feed ? (
        <LoadError what="your calendar feed" message="We could not load your calendar feed. Please try again." onRetry={() => void mutate()} />
      ) : !feed ? (
        <LoadingBlock label="Loading your calendar feed…" />
      ) : !feed.enabled ? (
        <div className="stack">
          <p>Your calendar feed is off. Turn it on to get a private address to subscribe to.</p>
          <div className="form-actions">
            <Button onClick={() => void makeAddress('on')} busy={busy === 'on'}>Turn on calendar feed</Button>
          </div>
        </div>
      ) : (
        <div className="stack">
          {url ? (
            <AddressBox url={url} />
          ) : (
            <Alert tone="info" title="Your calendar feed is on">
              <p>
                For your privacy Coachwell shows the address only when it is made
                {feed.created_at ? ` (this one on ${when.date(feed.created_at)})` : ''}. Regenerate to see a
                new address: the old one then stops working, so update it in your calendar app.
              </p>
            </Alert>
          )}
          <fieldset className="calsync-titles" aria-describedby={`${titleId}-hint`}>
            <legend className="field__label">Event titles</legend>
            <p id={`${titleId}-hint`} className="field__hint">What your calendar app shows for each interaction.</p>
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
                  <span className="calsync-radio__label">{CALENDAR_TITLE_MODE_LABELS[mode]}</span>
                  <span className="calsync-radio__hint">{TITLE_HINTS[mode]}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <div className="form-actions calsync-actions">
            <Button variant="secondary" onClick={() => setConfirm('regenerate')} disabled={busy !== null}>Regenerate address</Button>
            <Button variant="ghost" onClick={() => setConfirm('off')} disabled={busy !== null}>Turn off</Button>
          </div>
        </div>
      )}
      <SubscribeSteps />
      <ConfirmDialog
        open={confirm === 'regenerate'}
        title="Make a new address?"
        message={<p>The current address stops working at once. Calendars subscribed to it stop updating until you subscribe to the new address.</p>}
        confirmLabel="Regenerate address"
        busy={busy === 'regenerate'}
        onConfirm={() => void makeAddress('regenerate')}
        onCancel={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'off'}
        title="Turn off your calendar feed?"
        message={<p>The address stops working at once and your calendar app stops receiving updates. You can turn it on again later with a new address.</p>}
        confirmLabel="Turn off"
        danger
        busy={busy === 'off'}
        onConfirm={() => void turnOff()}
        onCancel={() => setConfirm(null)}
      />
    </Card>
  );
}
