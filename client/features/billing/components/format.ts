// Words and dates the billing screens share. Money is always formatUsd (common/money.ts).
import type { Locale } from 'date-fns';
import { formatDay, utcToLocalDate } from '../../../lib/dates';
import { defineMessages, t } from '../../../lib/i18n';

const m = defineMessages({
  term: { id: 'billing.term', defaultMessage: '{years, plural, one {# school year} other {# school years}}' },
});

/** A quote's term: "2 school years". */
export const termLabel = (years: number) => t(m.term, { years });

/** A YYYY-MM-DD day in the user's date language. */
export const day = (value: string | null | undefined, locale?: Locale) => formatDay(value, locale);

/** An instant as the calendar day it falls on in the district's timezone. */
export const dayOfInstant = (iso: string | null | undefined, timeZone: string | undefined, locale?: Locale) =>
  iso ? formatDay(utcToLocalDate(iso, timeZone), locale) : '';

/** Where "Create a quote" goes with a plan (and seats and term) chosen. */
export function newQuotePath(plan?: string, seats?: number, termYears?: number): string {
  const params = new URLSearchParams({ new: '1' });
  if (plan) params.set('plan', plan);
  if (seats) params.set('seats', String(seats));
  if (termYears) params.set('term', String(termYears));
  return `/app/settings/billing/quotes?${params.toString()}`;
}
