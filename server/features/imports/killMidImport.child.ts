// Run by killMidImport.test.ts in a child process: prepares a database file, starts a 300-row staff
// import and stops in the middle of its transaction (after row 150), printing "MID <import id>", then
// waits to be killed. Not a test itself.
import { prepareDatabase } from '../../bootstrap';
import { buildBuilding, buildDistrict, buildUser } from '../../testing/factories';
import { findImport } from './queries';
import { createImport, runStaffImport, saveMapping } from './service';

const file = process.argv[2]!;
const { db } = await prepareDatabase({ databaseFile: file });
const district = await buildDistrict(db, { name: 'Kill Test District' });
const school = await buildBuilding(db, district.id, { name: 'Kill Elementary' });
const admin = await buildUser(db, { role: 'district-admin', districtId: district.id });
const actor = { districtId: district.id, userId: admin.id, impersonatorId: null, ip: null, userAgent: null };
const headers = ['First name', 'Last name', 'Email', 'School'];
const rows = Array.from({ length: 300 }, (_, i) => ({ rowNumber: i + 2, cells: [`First${i}`, `Last${i}`, `kill${i}@example.org`, school.name] }));
const id = await createImport(db, actor, 'staff', { fileName: 'kill.csv', format: 'csv', headers, rows, skipped: 0 });
const options = { full_sync: false, skip_invalid: false, create_missing_schools: false, send_invites: false };
await saveMapping(db, district.id, (await findImport(db, district.id, id))!, { 'First name': 'first_name', 'Last name': 'last_name', Email: 'email', School: 'school' }, options);
await runStaffImport(db, actor, (await findImport(db, district.id, id))!, undefined, {
  afterRow: async (index) => {
    if (index !== 150) return;
    process.stdout.write(`MID ${id} ${district.id}\n`);
    setInterval(() => {}, 1000);
    await new Promise(() => {});
  },
});
process.stdout.write('FINISHED\n');
