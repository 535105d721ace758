// The interactions download: a date range (days in the district's timezone, both ends included; either
// may be left empty for no bound) that becomes the link's query, so the link is the whole request.
import { useId, useState } from 'react';
import { todayIn } from '../../../lib/dates';
import { addDays } from '../../../lib/zonedTime';
import { TextField } from '../../../components/Field';
import { defineMessages, t } from '../../../lib/i18n';
import { EXPORT_URLS } from '../api';

const m = defineMessages({
  title: { id: 'exportImport.interactions.title', defaultMessage: 'Interactions' },
  intro: { id: 'exportImport.interactions.intro', defaultMessage: 'Every logged interaction in the range with its educators, type, notes and answers. Private notes are never included.' },
  from: { id: 'exportImport.interactions.from', defaultMessage: 'From' },
  to: { id: 'exportImport.interactions.to', defaultMessage: 'To' },
  backwards: { id: 'exportImport.interactions.backwards', defaultMessage: 'To must be on or after From.' },
  download: { id: 'exportImport.interactions.download', defaultMessage: 'Download interactions' },
});

export function InteractionsExport({ timeZone }: { timeZone: string }) {
  const today = todayIn(timeZone);
  const [from, setFrom] = useState(addDays(today, -364));
  const [to, setTo] = useState(today);
  const headingId = useId();
  const backwards = from !== '' && to !== '' && from > to;
  const query = new URLSearchParams();
  if (from) query.set('from', from);
  if (to) query.set('to', to);
  const href = `${EXPORT_URLS.interactions}${query.size ? `?${query}` : ''}`;
  return (
    <fieldset className="ei-range" aria-labelledby={headingId}>
      <legend id={headingId} className="ei-range__title">{t(m.title)}</legend>
      <p className="muted text-sm">{t(m.intro)}</p>
      <div className="ei-range__fields">
        <TextField label={t(m.from)} name="from" type="date" value={from} onChange={setFrom} />
        <TextField label={t(m.to)} name="to" type="date" value={to} onChange={setTo} error={backwards ? t(m.backwards) : undefined} />
        {backwards ? (
          <span className="btn btn--secondary btn--md" aria-disabled="true"><span className="btn__label">{t(m.download)}</span></span>
        ) : (
          <a className="btn btn--secondary btn--md" href={href} download><span className="btn__label">{t(m.download)}</span></a>
        )}
      </div>
    </fieldset>
  );
}
