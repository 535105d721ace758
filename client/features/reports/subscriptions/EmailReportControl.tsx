// "Email me this report": subscribes the signed-in user to the report view on screen (its filters,
// as in the address bar) weekly or monthly. Mounted in the report layout's header actions.
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { REPORT_TITLES, type ReportKind } from '../../../../common/reportValues';
import type { SubscriptionFrequency } from '../../../../common/schemas/reports';
import { Button } from '../../../components/Button';
import { FormError } from '../../../components/Field';
import { Modal } from '../../../components/Modal';
import { useToast } from '../../../components/Toasts';
import { ApiError } from '../../../lib/api';
import { messageOf } from '../../../lib/formErrors';
import { useAuthUser } from '../../../lib/session';
import { defineMessages, t, tRich, tText } from '../../../lib/i18n';
import { subscribeToReport } from './api';
import './subscriptions.css';

/** The view's query as stored: the address bar's, without the page number. */
export function viewQuery(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('page');
  return params.toString();
}

const m = defineMessages({
  weekly: { id: 'reports.email.weekly', defaultMessage: 'Weekly' },
  weeklyHint: { id: 'reports.email.weeklyHint', defaultMessage: 'Every Monday at 7:00 in the morning' },
  monthly: { id: 'reports.email.monthly', defaultMessage: 'Monthly' },
  monthlyHint: { id: 'reports.email.monthlyHint', defaultMessage: 'On the 1st of each month at 7:00 in the morning' },
  doneWeekly: { id: 'reports.email.doneWeekly', defaultMessage: 'You will get the {title} report by email every Monday.' },
  doneMonthly: { id: 'reports.email.doneMonthly', defaultMessage: 'You will get the {title} report by email on the 1st of each month.' },
  button: { id: 'reports.email.button', defaultMessage: 'Email me this report' },
  cancel: { id: 'reports.email.cancel', defaultMessage: 'Cancel' },
  subscribe: { id: 'reports.email.subscribe', defaultMessage: 'Subscribe' },
  intro: { id: 'reports.email.intro', defaultMessage: 'Get the <b>{title}</b> report with the filters you are looking at by email: its headline figures, its main table and a link back here.' },
  howOften: { id: 'reports.email.howOften', defaultMessage: 'How often' },
  relative: { id: 'reports.email.relative', defaultMessage: 'Relative dates such as “This month” are worked out on the day each email is sent. Every email has a one-click unsubscribe link, and “Your subscriptions” below the report lists what you get.' },
});

const CHOICES = () => [
  { value: 'weekly' as SubscriptionFrequency, label: t(m.weekly), hint: t(m.weeklyHint) },
  { value: 'monthly' as SubscriptionFrequency, label: t(m.monthly), hint: t(m.monthlyHint) },
];

export function EmailReportControl({ kind, description }: { kind: ReportKind; description: string }) {
  const location = useLocation();
  const toast = useToast();
  const { user } = useAuthUser();
  const [open, setOpen] = useState(false);
  const [frequency, setFrequency] = useState<SubscriptionFrequency>('weekly');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const title = tText(REPORT_TITLES[kind]);

  const close = () => {
    setOpen(false);
    setError(null);
  };

  const subscribe = async () => {
    setBusy(true);
    setError(null);
    try {
      await subscribeToReport({ report: kind, frequency, query: viewQuery(location.search) });
      toast.success(t(frequency === 'weekly' ? m.doneWeekly : m.doneMonthly, { title }));
      setOpen(false);
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setError(Object.values(err.errors).flat().join(' ') || err.message);
      else setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="secondary" size="sm" className="report-sub__button" onClick={() => setOpen(true)}>
        <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M3 5h14v10H3z M3 5l7 6 7-6" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
        </svg>
        {t(m.button)}
      </Button>
      <Modal
        open={open}
        title={t(m.button)}
        onClose={close}
        size="sm"
        dismissible={!busy}
        footer={(
          <>
            <Button variant="secondary" onClick={close} disabled={busy}>{t(m.cancel)}</Button>
            <Button onClick={() => void subscribe()} busy={busy}>{t(m.subscribe)}</Button>
          </>
        )}
      >
        <div className="stack stack--sm">
          <FormError error={error} />
          <p>
            {tRich(m.intro, { title, b: (chunks) => <strong>{chunks}</strong> })}
          </p>
          <p className="report-sub__view">{description}</p>
          <fieldset className="report-sub__choices">
            <legend className="field__label">{t(m.howOften)}</legend>
            {CHOICES().map((c) => (
              <label key={c.value} className="report-sub__choice">
                <input type="radio" name="report-sub-frequency" value={c.value} checked={frequency === c.value} onChange={() => setFrequency(c.value)} />
                <span>
                  <span className="report-sub__choice-label">{c.label}</span>
                  <span className="report-sub__choice-hint">{c.hint}{user?.timezone ? ` (${user.timezone.replace(/_/g, ' ')})` : ''}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <p className="muted text-sm">
            {t(m.relative)}
          </p>
        </div>
      </Modal>
    </>
  );
}
