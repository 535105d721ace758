// Coaching request commands (issue 29, item 4): each write in one transaction with its audit row; the emails
// leave after the commit (a failed email is logged: the request is in the queue either way).
// - ask: at most COACHING_REQUESTS_PER_DAY a day per educator (the district's day), counted under the
//   educator's row lock so two requests at once cannot both be the tenth; its holders are the educator's
//   coaches today, else the coaches of their school; neither: 409.
// - accept: a current holder schedules the session the way the log form does (an interaction with status
//   `scheduled`, the holder as coach, the educator as its one participant, the default school of
//   lib/defaultSchool.ts), audited `interaction_created` like any other, and the request is claimed by a
//   conditional update (one acceptance wins).
// - pass: a current holder hands it to one coach, or to the other coaches of the educator's school, with a
//   note; every current holder's row ends (it leaves every queue it was in).
// - withdraw: the educator, while it waits.
// Emails name the educator and the topic only: the message and times stay behind sign-in.
import {
  COACHING_REQUEST_MESSAGES as M, COACHING_REQUESTS_PER_DAY, type CoachingRequestPayload, WAITING_STATUSES,
} from '../../../common/schemas/coachingRequests';
import type { DB } from '../../../db/connection';
import { nowIso } from '../../../db/connection';
import { lockRecord } from '../../../db/locks';
import { isActiveHolder } from '../../access/coachingRecords';
import type { Deps } from '../../deps';
import { conflict, forbidden, HttpError, validationError } from '../../http/errors';
import { hitWithMessage } from '../../http/rateLimit';
import { recordAudit } from '../../lib/audit';
import { defaultSchoolOf } from '../../lib/defaultSchool';
import { actionEmail, type Mail, noticeEmail, quoted } from '../../lib/mailer';
import type { Locale } from '../../../common/locales';
import { FORMAT_LOCALES } from '../../../common/i18n/messages';
import { defineServerMessages, formatServer } from '../../i18n/messages';
import { recipientLocale, recipientLocales } from '../../i18n/recipients';
import { localDateTime, startOfLocalDay, todayIn } from '../../lib/zone';
import { PERMISSIONS } from '../../../common/permissions';
import type { RequestReader } from './policies';
import { coachesOf, findPerson, holdersOf, type Person, requestsSince, schoolCoachesOf, sessionType } from './queries';

const HOUR_MS = 3_600_000;
/** Passes one person may make in an hour (each emails the new holders). */
export const PASSES_PER_HOUR = 30;

type Holder = Person & { reason: 'coach' | 'school' | 'passed' };

// The emails, each in its recipient's language (issue 33).
const mm = defineServerMessages({
  waitingSubject: { id: 'coachingRequests.waiting.subject', defaultMessage: 'A coaching request is waiting for you' },
  waitingAction: { id: 'coachingRequests.waiting.action', defaultMessage: 'Open your dashboard' },
  waitingOutro: {
    id: 'coachingRequests.waiting.outro',
    defaultMessage: 'Accept it to schedule a session, or pass it on with a note. The educator sees where their request stands.',
  },
  askedCoach: { id: 'coachingRequests.asked.coach', defaultMessage: '{who} asked for coaching: {topic}. You are their coach, so the request is in your queue.' },
  askedSchool: {
    id: 'coachingRequests.asked.school',
    defaultMessage: '{who} asked for coaching: {topic}. They have no coach, and you coach at their school, so the request is in your queue.',
  },
  passed: { id: 'coachingRequests.passed', defaultMessage: '{who} passed on to you a coaching request from {educator}: {topic}. Their note is with the request.' },
  acceptedSubject: { id: 'coachingRequests.accepted.subject', defaultMessage: 'Your coaching request was accepted' },
  acceptedFirst: { id: 'coachingRequests.accepted.first', defaultMessage: '{coach} accepted your coaching request {topic} and scheduled a session on {when}.' },
  acceptedSecond: { id: 'coachingRequests.accepted.second', defaultMessage: 'You see it with your request under Ask for coaching: {link}' },
});

function requestMail(deps: Deps, to: Person, locale: Locale, intro: string): ReturnType<typeof actionEmail> {
  return actionEmail({
    locale,
    to: to.email,
    subject: formatServer(locale, mm.waitingSubject),
    intro,
    action: formatServer(locale, mm.waitingAction),
    link: `${deps.config.appUrl}/app#coaching-requests`,
    outro: formatServer(locale, mm.waitingOutro),
  });
}

async function sendAll(deps: Deps, mails: Mail[]): Promise<void> {
  for (const mail of mails) {
    try {
      await deps.mailer.send(mail);
    } catch (err) {
      // The request is in the coaches' queue on their dashboard either way.
      deps.log(err);
    }
  }
}

/** POST /api/coaching-request: answers the new request's id. */
export async function askForCoaching(deps: Deps, reader: RequestReader, staffId: number, input: CoachingRequestPayload): Promise<number> {
  const { db } = deps;
  const districtId = reader.auth.district.id;
  const zone = reader.auth.district.timezone;
  const day = todayIn(zone);
  const { id, holders } = await db.transaction().execute(async (trx) => {
    // One educator's requests one at a time: the day's count and the insert see each other.
    await lockRecord(trx, 'staff', staffId);
    if (await requestsSince(trx, districtId, staffId, startOfLocalDay(day, zone)) >= COACHING_REQUESTS_PER_DAY) {
      throw new HttpError(429, M.tooMany, 'rate_limited');
    }
    const coaches = await coachesOf(trx, districtId, staffId, day);
    const found: Holder[] = coaches.length
      ? coaches.map((c) => ({ ...c, reason: 'coach' as const }))
      : (await schoolCoachesOf(trx, districtId, staffId, day)).map((c) => ({ ...c, reason: 'school' as const }));
    if (!found.length) throw conflict(M.noCoach);
    const now = nowIso();
    const row = await trx.insertInto('coaching_requests').values({
      district_id: districtId, staff_id: staffId, requested_by_user_id: reader.auth.user.id,
      topic: input.topic, message: input.message, preferred_times: input.preferred_times, status: 'open',
      interaction_id: null, accepted_by_user_id: null, accepted_at: null, pass_note: null, passed_by_user_id: null, passed_at: null,
      withdrawn_at: null, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await trx.insertInto('coaching_request_holders')
      .values(found.map((h) => ({ district_id: districtId, request_id: row.id, user_id: h.id, reason: h.reason, created_at: now, ended_at: null })))
      .execute();
    await recordAudit(trx, reader.actor, {
      action: 'coaching_request_created', subjectType: 'coaching_request', subjectId: row.id,
      details: { staff_id: staffId, holders: found.map((h) => h.id), holders_are: found[0]!.reason },
    });
    return { id: row.id, holders: found };
  });
  const who = quoted(reader.auth.user.name);
  const locales = await recipientLocales(deps.db, reader.auth.district, holders.map((h) => h.id));
  await sendAll(deps, holders.map((h) => {
    const locale = locales.get(h.id)!;
    return requestMail(deps, h, locale, formatServer(locale, h.reason === 'coach' ? mm.askedCoach : mm.askedSchool, { who, topic: quoted(input.topic) }));
  }));
  return id;
}

interface Waiting { id: number; staff_id: number; status: string; topic: string }

/** The request as it stands in the transaction: 409 once it no longer waits, else 403 unless the reader holds it now. */
async function heldWaiting(trx: DB, reader: RequestReader, id: number): Promise<{ request: Waiting; current: number[] }> {
  const districtId = reader.auth.district.id;
  const request = await trx.selectFrom('coaching_requests').select(['id', 'staff_id', 'status', 'topic'])
    .where('district_id', '=', districtId).where('id', '=', id).executeTakeFirstOrThrow();
  const current = (await holdersOf(trx, districtId, [id])).filter((h) => h.ended_at === null).map((h) => h.user_id);
  if (!WAITING_STATUSES.includes(request.status as never)) throw conflict(M.closed);
  if (!current.includes(reader.auth.user.id)) throw forbidden(M.notHolder);
  return { request, current };
}

/** Claims a waiting request: a conditional update, so of two at once only one goes on (the other: 409). */
async function claim(trx: DB, districtId: number, id: number, set: Record<string, unknown>): Promise<void> {
  const result = await trx.updateTable('coaching_requests').set(set)
    .where('district_id', '=', districtId).where('id', '=', id).where('status', 'in', [...WAITING_STATUSES])
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw conflict(M.closed);
}

async function endHolders(trx: DB, districtId: number, id: number, now: string): Promise<void> {
  await trx.updateTable('coaching_request_holders').set({ ended_at: now })
    .where('district_id', '=', districtId).where('request_id', '=', id).where('ended_at', 'is', null).execute();
}

export interface AcceptInput { starts_at: string; duration_minutes: number | null; interaction_type_id: number | null }

/** "Tuesday, December 1, 2026 at 2:45 PM" ("martes, 1 de diciembre de 2026, 2:45 p. m.") in the district's timezone. */
const sessionTime = (iso: string, timeZone: string, locale: Locale) =>
  new Intl.DateTimeFormat(FORMAT_LOCALES[locale], { timeZone, dateStyle: 'full', timeStyle: 'short' }).format(new Date(iso));

/** POST /api/coaching-request/{id}/accept: answers the scheduled interaction's id; the educator's login gets an email with the day and time. */
export async function acceptRequest(deps: Deps, reader: RequestReader, id: number, input: AcceptInput): Promise<number> {
  const districtId = reader.auth.district.id;
  const coachId = reader.auth.user.id;
  const { sessionId, educator, topic } = await deps.db.transaction().execute(async (trx) => {
    const { request } = await heldWaiting(trx, reader, id);
    const type = await sessionType(trx, districtId, input.interaction_type_id);
    const errors: Record<string, string[]> = {};
    if (!type) errors.interaction_type_id = [input.interaction_type_id === null ? M.noType : M.typeNotFound];
    if (Date.parse(input.starts_at) < Date.now() - 60_000) errors.starts_at = [M.startPast];
    if (Object.keys(errors).length) throw validationError(errors);
    const minutes = input.duration_minutes ?? type!.default_minutes;
    const building = (await defaultSchoolOf(trx, districtId, [request.staff_id], coachId,
      localDateTime(input.starts_at, reader.auth.district.timezone).date)).building;
    const now = nowIso();
    await claim(trx, districtId, id, { status: 'accepted', accepted_by_user_id: coachId, accepted_at: now, updated_at: now });
    const session = await trx.insertInto('interactions').values({
      district_id: districtId, interaction_type_id: type!.id, coach_id: coachId, starts_at: input.starts_at, duration_minutes: minutes,
      status: 'scheduled', building_id: building?.id ?? null, notes: null, private_notes: null, next_steps: null, sequence: 0, import_uid: null,
      coaching_cycle_id: null, created_by: coachId, updated_by: coachId, created_at: now, updated_at: now, deleted_at: null,
    }).returning('id').executeTakeFirstOrThrow();
    await trx.insertInto('interaction_participants')
      .values({ district_id: districtId, interaction_id: session.id, staff_id: request.staff_id, group_id: null }).execute();
    await trx.updateTable('coaching_requests').set({ interaction_id: session.id })
      .where('district_id', '=', districtId).where('id', '=', id).execute();
    await endHolders(trx, districtId, id, now);
    // The same audit row as the log form's scheduled interaction (interactions/service.ts `auditable`).
    await recordAudit(trx, reader.actor, {
      action: 'interaction_created', subjectType: 'interaction', subjectId: session.id,
      details: {
        interaction_type_id: type!.id, coach_id: coachId, starts_at: input.starts_at, duration_minutes: minutes, status: 'scheduled',
        building_id: building?.id ?? null, participants: [request.staff_id], groups: [],
      },
    });
    await recordAudit(trx, reader.actor, {
      action: 'coaching_request_accepted', subjectType: 'coaching_request', subjectId: id,
      details: { staff_id: request.staff_id, interaction_id: session.id },
    });
    const educator = await trx.selectFrom('staff').innerJoin('users', 'users.id', 'staff.user_id')
      .select(['users.id', 'users.name', 'users.email'])
      .where('staff.district_id', '=', districtId).where('staff.id', '=', request.staff_id)
      .where('users.district_id', '=', districtId).where('users.status', '=', 'active')
      .executeTakeFirst();
    return { sessionId: session.id, educator, topic: request.topic };
  });
  if (educator) {
    const locale = await recipientLocale(deps.db, reader.auth.district, educator.id);
    await sendAll(deps, [noticeEmail({
      to: educator.email,
      subject: formatServer(locale, mm.acceptedSubject),
      paragraphs: [
        formatServer(locale, mm.acceptedFirst, {
          coach: quoted(reader.auth.user.name), topic: quoted(topic), when: sessionTime(input.starts_at, reader.auth.district.timezone, locale),
        }),
        formatServer(locale, mm.acceptedSecond, { link: `${deps.config.appUrl}/app/coaching-requests` }),
      ],
    })]);
  }
  return sessionId;
}

export interface PassInput { to_user_id: number | null; note: string }

/** POST /api/coaching-request/{id}/pass. */
export async function passRequest(deps: Deps, reader: RequestReader, id: number, input: PassInput): Promise<void> {
  const districtId = reader.auth.district.id;
  const me = reader.auth.user.id;
  await hitWithMessage(deps.limiter, `coaching-request-pass|user|${me}`, PASSES_PER_HOUR, HOUR_MS, M.tooManyPasses);
  const { to, topic, staffName } = await deps.db.transaction().execute(async (trx) => {
    const { request, current } = await heldWaiting(trx, reader, id);
    let to: Person[];
    if (input.to_user_id !== null) {
      const person = input.to_user_id === me ? undefined : await findPerson(trx, districtId, input.to_user_id);
      if (!person || !(await isActiveHolder(trx, districtId, person.id, PERMISSIONS.seeActivity))) {
        throw validationError({ to_user_id: [M.passTarget] });
      }
      to = [person];
    } else {
      to = (await schoolCoachesOf(trx, districtId, request.staff_id, todayIn(reader.auth.district.timezone))).filter((c) => c.id !== me);
      if (!to.length) throw validationError({ to_user_id: [M.passNobody] });
    }
    const now = nowIso();
    await claim(trx, districtId, id, { status: 'passed', pass_note: input.note, passed_by_user_id: me, passed_at: now, updated_at: now });
    await endHolders(trx, districtId, id, now);
    await trx.insertInto('coaching_request_holders')
      .values(to.map((p) => ({ district_id: districtId, request_id: id, user_id: p.id, reason: 'passed' as const, created_at: now, ended_at: null })))
      .execute();
    await recordAudit(trx, reader.actor, {
      action: 'coaching_request_passed', subjectType: 'coaching_request', subjectId: id,
      details: { staff_id: request.staff_id, from: current, to: to.map((p) => p.id) },
    });
    const staff = await trx.selectFrom('staff').select(['first_name', 'last_name']).where('district_id', '=', districtId)
      .where('id', '=', request.staff_id).executeTakeFirstOrThrow();
    return { to, topic: request.topic, staffName: `${staff.first_name} ${staff.last_name}` };
  });
  const locales = await recipientLocales(deps.db, reader.auth.district, to.map((p) => p.id));
  await sendAll(deps, to.map((p) => {
    const locale = locales.get(p.id)!;
    return requestMail(deps, p, locale, formatServer(locale, mm.passed, { who: quoted(reader.auth.user.name), educator: quoted(staffName), topic: quoted(topic) }));
  }));
}

/** POST /api/coaching-request/{id}/withdraw: the educator who asked, while it waits. */
export async function withdrawRequest(deps: Deps, reader: RequestReader, id: number): Promise<void> {
  const districtId = reader.auth.district.id;
  await deps.db.transaction().execute(async (trx) => {
    const request = await trx.selectFrom('coaching_requests').select(['staff_id'])
      .where('district_id', '=', districtId).where('id', '=', id).executeTakeFirstOrThrow();
    if (reader.auth.impersonator || request.staff_id !== reader.staffId) throw forbidden(M.notOwner);
    const now = nowIso();
    await claim(trx, districtId, id, { status: 'withdrawn', withdrawn_at: now, updated_at: now });
    await endHolders(trx, districtId, id, now);
    await recordAudit(trx, reader.actor, {
      action: 'coaching_request_withdrawn', subjectType: 'coaching_request', subjectId: id, details: { staff_id: request.staff_id },
    });
  });
}
