// "New quote": plan, seats, term (1–3 school years) and notes, with a live price preview from
// common/money.ts priceQuote (the same arithmetic the server runs; its figures are the truth once saved).
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatUsd, priceQuote } from '../../../../common/money';
import { MULTI_YEAR_DISCOUNT_BPS, TERM_YEARS } from '../../../../common/plans';
import { MAX_SEATS } from '../../../../common/schemas/adminDistricts';
import { type BillingSummary, createQuoteSchema, QUOTE_NOTES_MAX, QUOTE_VALID_DAYS } from '../../../../common/schemas/billing';
import { Card } from '../../../components/Card';
import { Button } from '../../../components/Button';
import { FormError, SelectField, TextAreaField, TextField } from '../../../components/Field';
import { useToast } from '../../../components/Toasts';
import { useFormErrors } from '../../../lib/forms';
import { createQuote } from '../api';
import { defineMessages, t, tRich } from '../../../lib/i18n';
import { termLabel } from './format';
import { LineItemsTable } from './LineItemsTable';
import { seatsOf } from '../quotesQuery';

const m = defineMessages({
  termOff: {
    id: 'billing.newQuote.termOff',
    defaultMessage: '{years, plural, one {# school year} other {# school years}} ({discount, number, percent} off)',
  },
  created: { id: 'billing.newQuote.created', defaultMessage: 'Quote {number} has been created.' },
  title: { id: 'billing.newQuote.title', defaultMessage: 'New quote' },
  intro: {
    id: 'billing.newQuote.intro',
    defaultMessage: 'A numbered quote your business office can open a purchase order against. It is valid for {days} days.',
  },
  plan: { id: 'billing.newQuote.plan', defaultMessage: 'Plan' },
  planHint: { id: 'billing.newQuote.planHint', defaultMessage: 'Each price is per coach seat per school year.' },
  seats: { id: 'billing.newQuote.seats', defaultMessage: 'Coach seats' },
  seatsHint: { id: 'billing.newQuote.seatsHint', defaultMessage: 'In use today: {count, number}' },
  term: { id: 'billing.newQuote.term', defaultMessage: 'Term' },
  notes: { id: 'billing.newQuote.notes', defaultMessage: 'Notes' },
  notesHint: {
    id: 'billing.newQuote.notesHint',
    defaultMessage: 'Optional: anything your business office needs on the quote (a requisition number, a funding source).',
  },
  total: { id: 'billing.newQuote.total', defaultMessage: 'Total: <b>{total}</b> for {years, plural, one {# school year} other {# school years}}' },
  totalNoSeats: { id: 'billing.newQuote.totalNoSeats', defaultMessage: 'Total: enter the seats first' },
  cancel: { id: 'billing.newQuote.cancel', defaultMessage: 'Cancel' },
  create: { id: 'billing.newQuote.create', defaultMessage: 'Create quote' },
  preview: { id: 'billing.newQuote.preview', defaultMessage: 'Price preview' },
  previewNote: { id: 'billing.newQuote.previewNote', defaultMessage: 'The saved quote shows the final figures.' },
  previewEmpty: {
    id: 'billing.newQuote.previewEmpty',
    defaultMessage: 'Enter a whole number of seats from 1 to {max, number} to see the price.',
  },
});

/** The terms a quote may have, each with its multi-year discount. */
const termOptions = () => TERM_YEARS.map((years) => {
  const bps = MULTI_YEAR_DISCOUNT_BPS[years] ?? 0;
  return { value: String(years), label: bps > 0 ? t(m.termOff, { years, discount: bps / 10_000 }) : termLabel(years) };
});

export interface NewQuoteDefaults {
  plan: string;
  seats: number;
  termYears: number;
}

/** `focusFirst`: opened by the New quote button (which goes away), so focus moves to the first field. */
export function NewQuoteForm({ billing, defaults, onCancel, focusFirst = false }: { billing: BillingSummary; defaults: NewQuoteDefaults; onCancel: () => void; focusFirst?: boolean }) {
  const navigate = useNavigate();
  const toast = useToast();
  const form = useFormErrors({
    plan: billing.plans.some((p) => p.key === defaults.plan) ? defaults.plan : billing.plan.key,
    seats: String(defaults.seats),
    term_years: (TERM_YEARS as readonly number[]).includes(defaults.termYears) ? String(defaults.termYears) : '1',
    notes: '',
  });

  useEffect(() => {
    if (focusFirst) form.formRef.current?.querySelector<HTMLElement>('select, input')?.focus();
  }, [focusFirst, form.formRef]);

  const plan = billing.plans.find((p) => p.key === form.values.plan);
  const seats = seatsOf(form.values.seats);
  const term = Number(form.values.term_years);
  const preview = plan && seats !== null ? priceQuote(plan, seats, term) : null;

  const submit = form.onSubmit(async () => {
    const data = form.check(createQuoteSchema, {
      plan: form.values.plan,
      seats: form.values.seats.trim() === '' ? null : Number(form.values.seats),
      term_years: term,
      notes: form.values.notes,
    });
    if (!data) return;
    await form.run(async () => {
      const quote = await createQuote(data);
      toast.success(t(m.created, { number: quote.number }));
      navigate(`/app/settings/billing/quotes/${quote.id}`);
    });
  });

  return (
    <Card
      className="billing-new-quote"
      titleId="new-quote-title"
      title={t(m.title)}
      intro={t(m.intro, { days: QUOTE_VALID_DAYS })}
    >
      <div className="billing-new-quote__grid">
        <form ref={form.formRef} className="form" noValidate onSubmit={submit} aria-labelledby="new-quote-title">
          <FormError error={form.formError} />
          <SelectField
            label={t(m.plan)}
            required
            hint={t(m.planHint)}
            options={billing.plans.map((p) => ({ value: p.key, label: `${p.name} — ${formatUsd(p.price_per_seat_cents)}` }))}
            {...form.field('plan')}
          />
          <div className="billing-new-quote__row">
            <TextField
              label={t(m.seats)}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_SEATS}
              step={1}
              required
              hint={t(m.seatsHint, { count: billing.seats.in_use })}
              {...form.field('seats')}
            />
            <SelectField label={t(m.term)} required options={termOptions()} className="billing-new-quote__term" {...form.field('term_years')} />
          </div>
          <TextAreaField
            label={t(m.notes)}
            hint={t(m.notesHint)}
            rows={3}
            maxLength={QUOTE_NOTES_MAX}
            {...form.field('notes')}
          />
          <p className="billing-new-quote__total" aria-live="polite">
            {preview
              ? tRich(m.total, { total: formatUsd(preview.total_cents), years: term, b: (chunks) => <strong>{chunks}</strong> })
              : t(m.totalNoSeats)}
          </p>
          <div className="form-actions">
            <Button variant="secondary" onClick={onCancel} disabled={form.busy}>{t(m.cancel)}</Button>
            <Button type="submit" busy={form.busy}>{t(m.create)}</Button>
          </div>
        </form>
        <div className="billing-preview">
          <h3 className="billing-preview__title">{t(m.preview)}</h3>
          {preview && plan ? (
            <>
              <LineItemsTable items={preview.line_items} totals={preview} caption={t(m.preview)} compact />
              <p className="muted text-sm">{t(m.previewNote)}</p>
            </>
          ) : (
            <p className="muted">{t(m.previewEmpty, { max: MAX_SEATS })}</p>
          )}
        </div>
      </div>
    </Card>
  );
}
