// "Your subscriptions": the signed-in user's scheduled report emails, under every report, each with
// its filters in words, how often, the next send, a link to the view and Remove. Hidden when there
// are none (the "Email me this report" dialog says where they appear) and in print.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { REPORT_TITLES, type ReportKind } from '../../../../common/reportValues';
import type { ReportSubscription } from '../../../../common/schemas/reports';
import { Button } from '../../../components/Button';
import { useToast } from '../../../components/Toasts';
import { messageOf } from '../../../lib/formErrors';
import { useInstantFormat } from '../../../lib/session';
import { defineMessages, t, tRich, tText } from '../../../lib/i18n';
import { removeReportSubscription, useReportSubscriptions } from './api';
import './subscriptions.css';

const m = defineMessages({
  every: { id: 'reports.subs.every', defaultMessage: '{frequency, select, weekly {Weekly} other {Monthly}}' },
  removed: { id: 'reports.subs.removed', defaultMessage: 'You will no longer get the {frequency, select, weekly {weekly} other {monthly}} {title} report email.' },
  next: { id: 'reports.subs.next', defaultMessage: 'Next email <next></next>' },
  last: { id: 'reports.subs.last', defaultMessage: ' · last sent <last></last>' },
  removeLabel: { id: 'reports.subs.removeLabel', defaultMessage: 'Remove the {frequency, select, weekly {weekly} other {monthly}} {title} email ({description})' },
  remove: { id: 'reports.subs.remove', defaultMessage: 'Remove' },
  title: { id: 'reports.subs.title', defaultMessage: 'Your subscriptions' },
});

const pathOf = (kind: ReportKind) => (kind === 'interactions' ? '/app/reports' : `/app/reports/${kind}`);

function Item({ sub }: { sub: ReportSubscription }) {
  const toast = useToast();
  // Sends happen at 07:00 in the user's profile timezone: show them on that clock.
  const when = useInstantFormat().dateTime;
  const [busy, setBusy] = useState(false);
  const title = tText(REPORT_TITLES[sub.report]);
  const frequency = sub.frequency === 'weekly' ? 'weekly' : 'monthly';
  const every = t(m.every, { frequency });

  const remove = async () => {
    setBusy(true);
    try {
      await removeReportSubscription(sub.id);
      toast.success(t(m.removed, { frequency, title }));
    } catch (err) {
      toast.error(messageOf(err));
      setBusy(false);
    }
  };

  return (
    <li className="report-sub__item">
      <div className="report-sub__what">
        <p className="report-sub__title">
          <Link to={`${pathOf(sub.report)}${sub.query ? `?${sub.query}` : ''}`}>{title}</Link>
          <span className="badge badge--neutral">{every}</span>
        </p>
        <p className="report-sub__desc">{sub.description}</p>
        <p className="report-sub__next">
          {tRich(m.next, { next: () => <time dateTime={sub.next_run_at}>{when(sub.next_run_at)}</time> })}
          {sub.last_sent_at && tRich(m.last, { last: () => <time dateTime={sub.last_sent_at!}>{when(sub.last_sent_at!)}</time> })}
        </p>
      </div>
      <Button variant="ghost" size="sm" busy={busy} onClick={() => void remove()} aria-label={t(m.removeLabel, { frequency, title, description: sub.description })}>
        {t(m.remove)}
      </Button>
    </li>
  );
}

export function SubscriptionsList() {
  const { data } = useReportSubscriptions();
  const subs = data?.data ?? [];
  if (subs.length === 0) return null;
  return (
    <section className="card report-sub" aria-labelledby="report-sub-title">
      <h2 id="report-sub-title" className="card__title">{t(m.title)}</h2>
      <ul className="report-sub__list">
        {subs.map((s) => <Item key={s.id} sub={s} />)}
      </ul>
    </section>
  );
}
