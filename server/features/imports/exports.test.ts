// GET /api/export/staff.csv and /api/export/users.csv: streamed CSV that opens cleanly in Excel,
// checked by parsing the download back.
import { parse } from 'csv-parse/sync';
import { beforeEach, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES } from '../../../common/schemas/imports';
import { nowIso } from '../../../db/connection';
import { appWith, bodyAsText, guestAgent, loginAs, type TestApp } from '../../testing/app';
import { itRequiresLogin } from '../../testing/checks';
import { buildStaff } from '../../testing/factories';
import { staffWorld, type StaffWorld } from '../../testing/staff.fixture';
import { csvCell } from '../../lib/csv';
import { staffExportPages } from './exportQueries';

let t: TestApp;
let w: StaffWorld;
beforeEach(async () => {
  ({ t, w } = await appWith(staffWorld));
});

describe('csvCell', () => {
  it.each([
    ['plain', '"plain"'], ['say "hi"', '"say ""hi"""'], ['=1+1', `"'=1+1"`], ['+1', `"'+1"`], ['-2', `"'-2"`], ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\tx', `"'\tx"`], ['\rx', `"'\rx"`], ['a\nb', '"a\nb"'], [null, '""'], [12, '"12"'],
  ])('%j → %s', (value, cell) => expect(csvCell(value)).toBe(cell));
});

describe('GET /api/export/staff.csv', () => {
  itRequiresLogin(() => t.app, 'get', '/api/export/staff.csv');

  it('403 for a principal (school scope) with the reason, and for an educator', async () => {
    const res = await (await loginAs(t.app, w.principal)).get('/api/export/staff.csv');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(IMPORT_MESSAGES.exportStaffNeedsDistrict);
    expect((await (await loginAs(t.app, w.teacherUser)).get('/api/export/staff.csv')).status).toBe(403);
  });

  it('every educator of the district with school, coach and groups: BOM, CRLF, quoted, formulas neutralised', async () => {
    await buildStaff(t.db, { districtId: w.district.id, buildingId: w.north.id, firstName: '=cmd|" /C calc"!A0', lastName: 'Évora, "Jr"', email: 'evil@maple.test', employeeId: '-42' });
    const res = await bodyAsText((await loginAs(t.app, w.admin)).get('/api/export/staff.csv'));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="educators-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = res.body as string;
    expect(text.startsWith('\uFEFF"ID","First name"')).toBe(true);
    expect(text.split('\r\n')).toHaveLength(8); // header, 6 educators, the empty end
    const rows = parse(text, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r['Last name'])).toEqual(['Ellis', 'Nguyen', 'Garcia', 'Patel', 'Adams', 'Évora, "Jr"']);
    expect(rows[0]).toMatchObject({
      'First name': 'Jordan', Email: 'jordan.ellis@maple.test', 'Employee ID': 'MT-100', Position: 'Classroom Teacher', 'Grade levels': '3',
      Subjects: 'Mathematics', Status: 'active', School: 'North Elementary', Coach: 'Casey Coach', Groups: 'Math PLC',
    });
    expect(rows[3]).toMatchObject({ 'First name': 'Mia', Status: 'inactive', School: 'South Middle' });
    expect(rows[4]).toMatchObject({ 'First name': 'Zoe', School: 'South Middle', Email: '' });
    expect(rows[5]).toMatchObject({ 'First name': `'=cmd|" /C calc"!A0`, 'Employee ID': "'-42" });
    expect(text).not.toContain('Jordan","Cedar');
  });

  it('reads the district in pages (keyset), never the whole roster at once', async () => {
    const pages: number[] = [];
    for await (const page of staffExportPages(t.db, w.district.id, 2)) pages.push(page.length);
    expect(pages).toEqual([2, 2, 1]);
  });
});

describe('GET /api/export/users.csv', () => {
  it('401, 403 without manage coaches (a principal), 200 with roles, schools, status and last sign-in', async () => {
    expect((await (await guestAgent(t.app)).get('/api/export/users.csv')).status).toBe(401);
    const forbidden = await (await loginAs(t.app, w.principal)).get('/api/export/users.csv');
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe(IMPORT_MESSAGES.exportUsersNeedsPermission);
    await t.db.updateTable('users').set({ status: 'disabled', updated_at: nowIso() }).where('id', '=', w.coach2.id).execute();
    const res = await bodyAsText((await loginAs(t.app, w.admin)).get('/api/export/users.csv'));
    expect(res.status).toBe(200);
    const rows = parse(res.body as string, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.Name)).toEqual(['Dana Admin', 'Pat Principal', 'Casey Coach', 'Robin Coach', 'Jordan Ellis']);
    expect(rows[0]).toMatchObject({ Roles: 'District administrator', Status: 'Active' });
    expect(rows[0]!['Last sign-in']).toMatch(/^\d{4}-/);
    expect(rows[1]).toMatchObject({ Roles: 'Principal (building administrator)', Schools: 'North Elementary' });
    expect(rows[3]).toMatchObject({ Status: 'Deactivated' });
  });
});
