// GET /api/export/interactions.csv and /api/export/skill-ratings.csv: who may download them, the date
// range in the district's timezone, the notes-privacy rule, no private notes ever, and the CSV itself.
import { parse } from 'csv-parse/sync';
import { beforeEach, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES } from '../../../common/schemas/imports';
import { appWith, bodyAsText, guestAgent, loginAs, type TestApp } from '../../testing/app';
import { itRequiresLogin } from '../../testing/checks';
import { insertField, insertInteraction, setSharedNotesVisible } from '../../testing/interactions.fixture';
import { buildSkillsWorld, insertRating, type SkillsWorld } from '../../testing/skills.fixture';
import { interactionsExportPages } from './coachingExports';

let t: TestApp;
let w: SkillsWorld;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildSkillsWorld(app.db)));
});

const rowsOf = (text: string) => parse(text, { bom: true, columns: true }) as Record<string, string>[];

describe('GET /api/export/interactions.csv', () => {
  itRequiresLogin(() => t.app, 'get', '/api/export/interactions.csv');

  it('422 naming the field for a malformed date or a range that ends before it starts', async () => {
    const admin = await loginAs(t.app, w.admin);
    const bad = await admin.get('/api/export/interactions.csv?from=2026-02-30');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ from: ['From must be a date (YYYY-MM-DD).'] });
    const backwards = await admin.get('/api/export/interactions.csv?from=2026-10-02&to=2026-10-01');
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors).toEqual({ to: ['To must be on or after From.'] });
    const list = await admin.get('/api/export/interactions.csv?from[]=x&from[]=y');
    expect(list.status).toBe(422);
    expect(Object.keys(list.body.errors)).toEqual(['from']);
  });

  it('to=9999-12-31, the last day there is, reads as no end: the whole download, not an answer cut off after its headers', async () => {
    const oct = await insertInteraction(t.db, { districtId: w.district.id, typeId: w.observation.id, coachId: w.coach.id, startsAt: '2026-10-06T14:00:00.000Z' });
    const far = await insertInteraction(t.db, { districtId: w.district.id, typeId: w.checkIn.id, coachId: w.coach.id, startsAt: '9999-12-30T14:00:00.000Z', status: 'scheduled' });
    const res = await bodyAsText((await loginAs(t.app, w.admin)).get('/api/export/interactions.csv?from=2026-10-01&to=9999-12-31'));
    expect(res.status).toBe(200);
    expect(rowsOf(res.body as string).map((r) => Number(r.ID))).toEqual([oct.id, far.id]);
  });

  it('403 with the reason for a principal or a coach (part of the district), and for an educator', async () => {
    for (const user of [w.principal, w.coach]) {
      const res = await (await loginAs(t.app, user)).get('/api/export/interactions.csv');
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(IMPORT_MESSAGES.exportInteractionsNeedsDistrict);
    }
    expect((await (await loginAs(t.app, w.teacher)).get('/api/export/interactions.csv')).status).toBe(403);
  });

  it('the district\'s interactions in the range (Chicago days), oldest first: names, groups, fields; never private notes or another district\'s rows', async () => {
    const field = await insertField(t.db, { districtId: w.district.id, typeId: w.observation.id, label: 'Focus', kind: 'short_text' });
    const rating = await insertField(t.db, { districtId: w.district.id, typeId: w.observation.id, label: 'Engagement', kind: 'number', sortOrder: 2 });
    // 2026-10-01 00:30 in Chicago is 05:30 UTC; 2026-09-30 23:30 Chicago is 04:30 UTC on Oct 1.
    const inRange = await insertInteraction(t.db, {
      districtId: w.district.id, typeId: w.observation.id, coachId: w.coach.id, startsAt: '2026-10-01T05:30:00.000Z', minutes: 50,
      buildingId: w.lincoln.id, staff: [{ id: w.ana.id, groupId: w.group.id }, { id: w.jordan.id }], groupIds: [w.group.id],
      notes: '=HYPERLINK("x")', privateNotes: 'PRIVATE-SECRET', nextSteps: 'Model turn and talk',
      values: [{ fieldId: field.id, value: 'Questioning' }, { fieldId: rating.id, value: 4 }],
    });
    await insertInteraction(t.db, { districtId: w.district.id, typeId: w.checkIn.id, coachId: w.coach2.id, startsAt: '2026-10-01T04:30:00.000Z', staff: [{ id: w.cy.id }] });
    await insertInteraction(t.db, { districtId: w.district.id, typeId: w.checkIn.id, coachId: w.coach2.id, startsAt: '2026-10-02T12:00:00.000Z', deletedAt: '2026-10-03T00:00:00.000Z' });
    const later = await insertInteraction(t.db, { districtId: w.district.id, typeId: w.checkIn.id, coachId: w.coach2.id, startsAt: '2026-10-02T12:00:00.000Z', status: 'scheduled' });

    const res = await bodyAsText((await loginAs(t.app, w.admin)).get('/api/export/interactions.csv?from=2026-10-01&to=2026-10-02'));
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="interactions-from-2026-10-01-to-2026-10-02.csv"');
    const text = res.body as string;
    expect(text.startsWith('\uFEFF"ID","Date","Start time"')).toBe(true);
    expect(text).not.toContain('PRIVATE-SECRET');
    expect(text).not.toContain('Cedar');
    const rows = rowsOf(text);
    expect(rows.map((r) => Number(r.ID))).toEqual([inRange.id, later.id]);
    expect(rows[0]).toEqual({
      ID: String(inRange.id), Date: '2026-10-01', 'Start time': '00:30', 'Duration (minutes)': '50', Type: 'Classroom observation',
      'Counts as coaching': 'Yes', Status: 'completed', Coach: 'Casey Coach', School: 'Lincoln Middle', Educators: 'Ana Alvarez; Jordan Ellis',
      'Educator IDs': `${w.ana.id}; ${w.jordan.id}`, Groups: 'Math PLC', 'Coaching cycle': '', 'Focus skills': '',
      Notes: `'=HYPERLINK("x")`, 'Next steps': 'Model turn and talk', 'Custom fields': 'Focus: Questioning; Engagement: 4',
      'Logged by': 'Casey Coach', 'Created at': inRange.created_at, 'Updated at': inRange.updated_at,
    });
    expect(rows[1]).toMatchObject({ Date: '2026-10-02', 'Start time': '07:00', Status: 'scheduled', Educators: '' });
  });

  it('with shared notes hidden from administrators: no notes, next steps or text answers of others\' interactions, but the exporter\'s own', async () => {
    await setSharedNotesVisible(t.db, w.district.id, false);
    const field = await insertField(t.db, { districtId: w.district.id, typeId: w.observation.id, label: 'Focus', kind: 'short_text' });
    const rating = await insertField(t.db, { districtId: w.district.id, typeId: w.observation.id, label: 'Engagement', kind: 'number', sortOrder: 2 });
    await insertInteraction(t.db, {
      districtId: w.district.id, typeId: w.observation.id, coachId: w.coach.id, startsAt: '2026-10-01T15:00:00.000Z', notes: 'Coach notes', nextSteps: 'Next',
      values: [{ fieldId: field.id, value: 'Questioning' }, { fieldId: rating.id, value: 4 }],
    });
    await insertInteraction(t.db, { districtId: w.district.id, typeId: w.checkIn.id, coachId: w.admin.id, startsAt: '2026-10-02T15:00:00.000Z', notes: 'Admin own notes' });
    const rows = rowsOf((await bodyAsText((await loginAs(t.app, w.admin)).get('/api/export/interactions.csv'))).body as string);
    expect(rows.map((r) => [r.Notes, r['Next steps'], r['Custom fields']])).toEqual([['', '', 'Engagement: 4'], ['Admin own notes', '', '']]);
  });

  it('reads in pages by start time without skipping or repeating rows that share an instant', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      ids.push((await insertInteraction(t.db, { districtId: w.district.id, typeId: w.checkIn.id, coachId: w.coach.id, startsAt: i < 3 ? '2026-10-05T15:00:00.000Z' : '2026-10-06T15:00:00.000Z' })).id);
    }
    const seen: unknown[] = [];
    for await (const page of interactionsExportPages(t.db, { districtId: w.district.id, timeZone: 'America/Chicago', userId: w.admin.id, from: null, to: null }, 2)) {
      seen.push(...page.map((r) => r[0]));
    }
    expect(seen).toEqual(ids);
  });
});

describe('GET /api/export/skill-ratings.csv', () => {
  it('401 without login; 403 with the reason for a principal (school scope), an educator and an Essentials district', async () => {
    expect((await (await guestAgent(t.app)).get('/api/export/skill-ratings.csv')).status).toBe(401);
    const principal = await (await loginAs(t.app, w.principal)).get('/api/export/skill-ratings.csv');
    expect(principal.status).toBe(403);
    expect(principal.body.message).toBe(IMPORT_MESSAGES.exportSkillsNeedsDistrict);
    expect((await (await loginAs(t.app, w.teacher)).get('/api/export/skill-ratings.csv')).status).toBe(403);
    const essentials = await (await loginAs(t.app, w.essentialsAdmin)).get('/api/export/skill-ratings.csv');
    expect(essentials.status).toBe(403);
    expect(essentials.body.message).toBe(IMPORT_MESSAGES.exportSkillsNeedsPlan);
  });

  it('every rating of the district (history included) with domain, skill, level name and rater; not another district\'s', async () => {
    const skill = w.fw.skills[0]!;
    const domain = w.fw.domains.find((d) => d.id === skill.domain_id)!;
    const level2 = await t.db.selectFrom('skill_levels').select('name').where('framework_id', '=', w.fw.framework.id).where('level', '=', 2).executeTakeFirstOrThrow();
    const first = await insertRating(t.db, { districtId: w.district.id, staffId: w.ana.id, skillId: skill.id, level: 2, ratedOn: '2026-09-10', ratedBy: w.coach.id, note: '@risk' });
    const second = await insertRating(t.db, { districtId: w.district.id, staffId: w.ana.id, skillId: skill.id, level: 3, ratedOn: '2026-10-10', ratedBy: w.coach.id });
    await insertRating(t.db, { districtId: w.other.id, staffId: w.stranger.id, skillId: w.otherFw.skills[0]!.id, level: 1, ratedOn: '2026-10-10' });
    const res = await bodyAsText((await loginAs(t.app, w.admin)).get('/api/export/skill-ratings.csv'));
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="skill-ratings-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = rowsOf(res.body as string);
    expect(rows.map((r) => Number(r['Rating ID']))).toEqual([first.id, second.id]);
    expect(rows[0]).toEqual({
      'Rating ID': String(first.id), 'Educator ID': String(w.ana.id), Educator: 'Ana Alvarez', 'Employee ID': w.ana.employee_id, Email: w.ana.email,
      Domain: domain.name, Skill: skill.name, Level: '2', 'Level name': level2.name, 'Rated on': '2026-09-10', 'Rated by': 'Casey Coach',
      Note: "'@risk", 'Interaction ID': '',
    });
    expect(rows[1]).toMatchObject({ Level: '3', 'Rated on': '2026-10-10', Note: '' });
  });
});
