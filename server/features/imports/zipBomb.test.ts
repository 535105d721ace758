// A zip bomb (issue 25, item 2): a OneRoster zip whose entry declares 100 bytes and inflates to hundreds of
// MB. The zip is unpacked in a worker thread, counting the bytes actually inflated: refused with a 422 once
// past the limit, nothing written, and the server answers other requests meanwhile.
import { zipSync } from 'fflate';
import { beforeEach, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES } from '../../../common/schemas/imports';
import { appWith, csrfHeaders, loginAs, type TestApp, whileHealthAsked } from '../../testing/app';
import { staffWorld, type StaffWorld } from '../../testing/staff.fixture';
import { deflatedZeros, lyingZip } from '../../testing/zipBomb.fixture';
import { UNZIPPED_MAX_BYTES } from './sources';
import { unzipCsvFiles, ZipRefused } from './unzip';

const BOMB_MB = Math.ceil(UNZIPPED_MAX_BYTES / 1024 / 1024) + 40;
const bomb = lyingZip([{ name: 'users.csv', deflated: deflatedZeros(BOMB_MB) }, { name: 'orgs.csv', deflated: deflatedZeros(1) }], 100);

describe('unzipCsvFiles', () => {
  it('reads an ordinary zip as fflate’s unzipSync does (the .csv entries, not __MACOSX)', () => {
    const enc = (s: string) => new TextEncoder().encode(s);
    const zip = zipSync({ 'set/users.csv': enc('sourcedId\nu1\n'), 'orgs.csv': enc('sourcedId\no1\n'), 'readme.txt': enc('hi'), '__MACOSX/._users.csv': enc('x'), 'empty.csv': new Uint8Array() });
    const files = unzipCsvFiles(zip, 1000).map((f) => [f.name, new TextDecoder().decode(f.bytes)]).sort();
    expect(files).toEqual([['empty.csv', ''], ['orgs.csv', 'sourcedId\no1\n'], ['set/users.csv', 'sourcedId\nu1\n']]);
  });

  it('refuses by the bytes actually inflated, whatever the zip declares, and by the declared sizes at once', () => {
    expect(() => unzipCsvFiles(bomb, UNZIPPED_MAX_BYTES)).toThrow(new ZipRefused('tooLarge'));
    const honest = zipSync({ 'users.csv': new Uint8Array(2000) });
    expect(() => unzipCsvFiles(honest, 1000)).toThrow(new ZipRefused('tooLarge'));
    expect(() => unzipCsvFiles(new TextEncoder().encode('PK\u0003\u0004garbage'), 1000)).toThrow(new ZipRefused('badZip'));
  });
});

let t: TestApp;
let w: StaffWorld;
beforeEach(async () => {
  ({ t, w } = await appWith(staffWorld));
});

describe('POST /api/import/staff with a zip bomb', () => {
  it(`a ${(bomb.length / 1024).toFixed(0)} KB zip declaring 100 bytes that inflates to ${BOMB_MB} MB: 422, nothing written, /api/health answers meanwhile`, async () => {
    const admin = await loginAs(t.app, w.admin);
    const importsBefore = await t.db.selectFrom('imports').select('id').execute();
    const { res, healthy, ms } = await whileHealthAsked(t.app,
      admin.post('/api/import/staff?file_name=r.zip').set(csrfHeaders(admin)).set('Content-Type', 'application/zip').send(Buffer.from(bomb)), 50);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ file: [IMPORT_MESSAGES.tooLarge] });
    // Answers at all (a generous bound for a busy machine).
    expect(ms).toBeLessThan(20_000);
    expect(healthy.length).toBeGreaterThan(0);
    expect(healthy.every((s) => s === 200)).toBe(true);
    expect(await t.db.selectFrom('imports').select('id').execute()).toEqual(importsBefore);
  }, 30_000);
});
