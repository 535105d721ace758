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
import { termLabel } from './format';
import { LineItemsTable } from './LineItemsTable';
import { seatsOf } from '../quotesQuery';

const TERM_OPTIONS = TERM_YEARS.map((years) => {
  const bps = MULTI_YEAR_DISCOUNT_BPS[years] ?? 0;
  return { value: String(years), label: bps > 0 ? `${termLabel(years)} (${bps / 100}% off)` : termLabel(years) };
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
      toast.success(`Quote ${quote.number} has been created.`);
      navigate(`/app/settings/billing/quotes/${quote.id}`);
    });
  });

  return (
    <Card
      className="billing-new-quote"
      titleId="new-quote-title"
      title="New quote"
      intro={<>
        A numbered quote your business office can open a purchase order against. It is valid for {QUOTE_VALID_DAYS} days.
      </>}
    >
      <div className="billing-new-quote__grid">
        <form ref={form.formRef} className="form" noValidate onSubmit={submit} aria-labelledby="new-quote-title">
          <FormError error={form.formError} />
          <SelectField
            label="Plan"
            required
            hint="Each price is per coach seat per school year."
            options={billing.plans.map((p) => ({ value: p.key, label: `${p.name} — ${formatUsd(p.price_per_seat_cents)}` }))}
            {...form.field('plan')}
          />
          <div className="billing-new-quote__row">
            <TextField
              label="Coach seats"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_SEATS}
              step={1}
              required
              hint={`In use today: ${billing.seats.in_use.toLocaleString('en-US')}`}
              {...form.field('seats')}
            />
            <SelectField label="Term" required options={TERM_OPTIONS} className="billing-new-quote__term" {...form.field('term_years')} />
          </div>
          <TextAreaField
            label="Notes"
            hint="Optional: anything your business office needs on the quote (a requisition number, a funding source)."
            rows={3}
            maxLength={QUOTE_NOTES_MAX}
            {...form.field('notes')}
          />
          <p className="billing-new-quote__total" aria-live="polite">
            {preview ? <>Total: <strong>{formatUsd(preview.total_cents)}</strong> for {termLabel(term)}</> : 'Total: enter the seats first'}
          </p>
          <div className="form-actions">
            <Button variant="secondary" onClick={onCancel} disabled={form.busy}>Cancel</Button>
            <Button type="submit" busy={form.busy}>Create quote</Button>
          </div>
        </form>
        <div className="billing-preview">
          <h3 className="billing-preview__title">Price preview</h3>
          {preview && plan ? (
            <>
              <LineItemsTable items={preview.line_items} totals={preview} caption="Price preview" compact />
              <p className="muted text-sm">The saved quote shows the final figures.</p>
            </>
          ) : (
            <p className="muted">Enter a whole number of seats from 1 to {MAX_SEATS.toLocaleString('en-US')} to see the price.</p>
          )}
        </div>
      </div>
    </Card>
  );
}
