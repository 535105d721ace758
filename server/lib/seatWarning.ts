// The seats-over-purchase warning (issue 14). Coach seats in use are the district's ACTIVE logins with
// the coach role; when they exceed the seats purchased, the billing contact (if set) and the district's
// active administrators get one email per new overage level, at most once a day. It never blocks
// anything: the features that can add a coach seat (users, invite acceptance, the user CSV import)
// call warnIfOverSeats after their write, and a failure here is logged, never thrown.
// Lives below the features because several of them call it (features never import each other).
import type { DB } from '../../db/connection';
import { nowIso } from '../../db/connection';
import { noticeEmail, quoted, type Mailer } from './mailer';
import { defineServerMessages, formatServer } from '../i18n/messages';
import { districtLocale } from '../i18n/recipients';

const m = defineServerMessages({
  subject: { id: 'billing.seatWarning.subject', defaultMessage: 'Coachwell: more coaches than coach seats purchased' },
  over: {
    id: 'billing.seatWarning.over',
    defaultMessage: 'Your district {district} has {coaches, plural, one {# active coach login} other {# active coach logins}} and {seats, plural, one {# coach seat} other {# coach seats}} purchased on the {plan} plan: {over, plural, one {# seat} other {# seats}} over.',
  },
  nothingBlocked: {
    id: 'billing.seatWarning.nothingBlocked',
    defaultMessage: 'Nothing is blocked: every coach keeps working. To add seats, a district administrator can request a quote in Coachwell under Settings → Billing → Quotes, or deactivate coach logins that are no longer needed under Settings → Users.',
  },
  why: { id: 'billing.seatWarning.why', defaultMessage: 'You get this email once for each new number of seats over, at most once a day.' },
});

const DAY_MS = 24 * 60 * 60 * 1000;

/** Coach seats in use: the district's ACTIVE logins holding the coach role. */
export async function countCoachSeatsInUse(db: DB, districtId: number): Promise<number> {
  const { n } = await db.selectFrom('users').innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select((eb) => eb.fn.count<number>('users.id').distinct().as('n'))
    .where('users.district_id', '=', districtId).where('users.status', '=', 'active').where('roles.name', '=', 'coach')
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * Whether a district is over its seats. A trial with no seats purchased is trying the product and
 * has nothing to be over.
 */
export function isOverSeats(district: { status: string; seats: number }, inUse: number): boolean {
  if (district.status === 'trial' && district.seats === 0) return false;
  return inUse > district.seats;
}

/**
 * Emails the warning when the district is over its seats at a level not warned about yet and no
 * warning went out in the last 24 hours. Answers whether one was sent; never throws.
 */
export async function warnIfOverSeats(db: DB, mailer: Mailer, districtId: number, log: (err: unknown) => void = console.error): Promise<boolean> {
  try {
    return await warn(db, mailer, districtId);
  } catch (err) {
    log(err);
    return false;
  }
}

async function warn(db: DB, mailer: Mailer, districtId: number): Promise<boolean> {
  const district = await db.selectFrom('districts as d').innerJoin('plans as p', 'p.id', 'd.plan_id')
    .select(['d.id', 'd.name', 'd.settings', 'd.status', 'd.seats', 'd.billing_contact_email', 'd.seat_warning_sent_at', 'd.seat_warning_seats_used', 'p.name as plan_name'])
    .where('d.id', '=', districtId).executeTakeFirst();
  if (!district) return false;
  const inUse = await countCoachSeatsInUse(db, districtId);
  if (!isOverSeats(district, inUse)) {
    // Back within the seats: the next overage is a new level again (still at most one email a day).
    if (district.seat_warning_seats_used !== null) {
      await db.updateTable('districts').set({ seat_warning_seats_used: null }).where('id', '=', districtId).execute();
    }
    return false;
  }
  if (district.seat_warning_seats_used !== null && inUse <= district.seat_warning_seats_used) return false;
  const now = Date.now();
  if (district.seat_warning_sent_at !== null && now - Date.parse(district.seat_warning_sent_at) < DAY_MS) return false;

  // Claim this warning with a conditional write, so two requests at once send it once.
  const sentAt = nowIso();
  const claimed = await db.updateTable('districts').set({ seat_warning_sent_at: sentAt, seat_warning_seats_used: inUse })
    .where('id', '=', districtId)
    .where((eb) => (district.seat_warning_sent_at === null ? eb('seat_warning_sent_at', 'is', null) : eb('seat_warning_sent_at', '=', district.seat_warning_sent_at)))
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return false;

  const admins = await db.selectFrom('users').innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['users.email']).distinct()
    .where('users.district_id', '=', districtId).where('users.status', '=', 'active').where('roles.name', '=', 'district-admin')
    .orderBy('users.email').execute();
  const recipients = [...new Set([district.billing_contact_email, ...admins.map((a) => a.email)]
    .filter((e): e is string => !!e).map((e) => e.toLowerCase()))];
  const over = inUse - district.seats;
  // In the district's language (issue 33), to its billing contact and administrators alike.
  const locale = districtLocale(district);
  const f = (message: (typeof m)[keyof typeof m], values?: Record<string, string | number>) => formatServer(locale, message, values);
  for (const to of recipients) {
    await mailer.send(noticeEmail({
      to,
      subject: f(m.subject),
      paragraphs: [
        f(m.over, { district: quoted(district.name), coaches: inUse, seats: district.seats, plan: district.plan_name, over }),
        f(m.nothingBlocked),
        f(m.why),
      ],
    }));
  }
  return true;
}
