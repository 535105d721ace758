// Quotes for the provider-billing browser tests and screenshots, written straight into the running
// server's database (as reports.e2e does for a plan change): the district quote API is built on its own
// branch, and these screens only read quotes. Priced by common/money.ts like the real ones; numbered
// from the same counters, so later numbers never collide.
import path from 'node:path';
import Database from 'better-sqlite3';
import { priceQuote } from '../../common/money';
import { PLANS } from '../../common/plans';

export interface SeedQuote {
  district: string;
  plan: string;
  seats: number;
  termYears: number;
  status: 'draft' | 'sent' | 'accepted' | 'declined';
  /** Days from today (negative: in the past); default 30 days after it was created. */
  validInDays?: number;
  poNumber?: string;
  daysAgo?: number;
}

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** Inserts the quotes (in order, so the last is the newest) and answers their numbers. */
export function insertQuotes(dataDir: string, quotes: SeedQuote[]): string[] {
  const db = new Database(path.join(dataDir, 'coachwell.sqlite'));
  try {
    return db.transaction(() => quotes.map((q) => {
      const plan = PLANS.find((p) => p.key === q.plan)!;
      const price = priceQuote(plan, q.seats, q.termYears);
      const at = new Date(Date.now() - (q.daysAgo ?? 0) * 86_400_000).toISOString();
      const year = at.slice(0, 4);
      const { value } = db.prepare("INSERT INTO billing_counters (name, value) VALUES (?, 1) ON CONFLICT(name) DO UPDATE SET value = value + 1 RETURNING value")
        .get(`quote-${year}`) as { value: number };
      const number = `Q-${year}-${String(value).padStart(4, '0')}`;
      const district = db.prepare('SELECT id FROM districts WHERE name LIKE ?').get(`${q.district}%`) as { id: number };
      const planId = (db.prepare('SELECT id FROM plans WHERE key = ?').get(q.plan) as { id: number }).id;
      const accepted = q.status === 'accepted';
      db.prepare(`INSERT INTO quotes (district_id, number, plan_id, plan_name, price_per_seat_cents, seats, term_years, notes, line_items,
          subtotal_cents, discount_bps, discount_cents, total_cents, status, valid_until, created_at, updated_at, sent_at, sent_to,
          accepted_at, po_number, signer_name, signer_title, declined_at, decline_reason)
        VALUES (?, ?, ?, ?, ?, ?, ?, '', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
        district.id, number, planId, plan.name, plan.price_per_seat_cents, q.seats, q.termYears, JSON.stringify(price.line_items),
        price.subtotal_cents, price.discount_bps, price.discount_cents, price.total_cents, q.status, day(q.validInDays ?? 30 - (q.daysAgo ?? 0)), at, at,
        q.status === 'draft' ? null : at, q.status === 'draft' ? null : 'business@example.org',
        accepted ? at : null, accepted ? (q.poNumber ?? null) : null, accepted ? 'Robin Business' : null, accepted ? 'Business manager' : null,
        q.status === 'declined' ? at : null, q.status === 'declined' ? 'Budget not approved' : null,
      );
      return number;
    }))();
  } finally {
    db.close();
  }
}
