// The Quotes screen's URL: `status` (a quote status), `page`, and the new quote form's `new=1`, `plan`,
// `seats` and `term` (the links from /pricing, Billing and an expired quote). Anything else reads as absent.
import { TERM_YEARS } from '../../../common/plans';
import { MAX_SEATS } from '../../../common/schemas/adminDistricts';
import { QUOTE_STATUSES, type QuoteStatus } from '../../../common/schemas/billing';

export interface QuotesUrlState {
  status: QuoteStatus | undefined;
  page: number;
  creating: boolean;
  plan: string;
  seats: number | null;
  term: number;
}

const wholeNumber = (raw: string | null): number | null => (raw !== null && /^\d{1,7}$/.test(raw) ? Number(raw) : null);

export function readQuotesQuery(params: URLSearchParams): QuotesUrlState {
  const status = params.get('status') ?? '';
  const page = wholeNumber(params.get('page'));
  const seats = wholeNumber(params.get('seats'));
  const term = wholeNumber(params.get('term'));
  return {
    status: (QUOTE_STATUSES as readonly string[]).includes(status) ? (status as QuoteStatus) : undefined,
    page: page !== null && page > 1 ? page : 1,
    creating: params.get('new') === '1',
    plan: params.get('plan') ?? '',
    seats: seats !== null && seats >= 1 && seats <= MAX_SEATS ? seats : null,
    term: term !== null && (TERM_YEARS as readonly number[]).includes(term) ? term : 1,
  };
}

/** Seats as typed in the form, when a whole number from 1 to MAX_SEATS; null otherwise (no preview). */
export function seatsOf(raw: string): number | null {
  const n = wholeNumber(raw.trim());
  return n !== null && n >= 1 && n <= MAX_SEATS ? n : null;
}
