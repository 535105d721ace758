// A zip bomb (issue 25, item 2): a OneRoster zip whose entry declares 100 bytes and inflates to hundreds of
// MB. The zip is unpacked in a worker thread, counting the bytes actually inflated: refused with a 422 once
// past the limit, nothing written, and the server answers other requests meanwhile.
import { Deflate, zipSync } from 'fflate';
import { beforeEach, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES } from '../../../common/schemas/imports';
import { createTestApp, csrfHeaders, loginAs, type TestApp, whileHealthAsked } from '../../testing/app';
import { staffWorld, type StaffWorld } from '../../testing/staff.fixture';
import { UNZIPPED_MAX_BYTES } from './sources';
import { unzipCsvFiles, ZipRefused } from './unzip';

/** `megabytes` MB of zeros, deflated a megabyte at a time (without ever holding them whole). */
function deflatedZeros(megabytes: number): Uint8Array {
  const parts: Uint8Array[] = [];
  const deflate = new Deflate({ level: 9 }, (chunk) => parts.push(chunk));
  const zeros = new Uint8Array(1024 * 1024);
  for (let i = 0; i < megabytes; i++) deflate.push(zeros, i === megabytes - 1);
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) (out.set(p, at), (at += p.length));
  return out;
}

/** A zip of deflated entries whose headers declare `declaredSize` inflated bytes each (the bomb lies; CRCs are 0). */
function lyingZip(entries: { name: string; deflated: Uint8Array }[], declaredSize: number): Uint8Array {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const { name, deflated } of entries) {
    const fileName = new TextEncoder().encode(name);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(8, 8, true); // deflate
    local.setUint32(18, deflated.length, true);
    local.setUint32(22, declaredSize, true);
    local.setUint16(26, fileName.length, true);
    const central = new DataView(new ArrayBuffer(46));
    central.setUint32(0, 0x02014b50, true);
    central.setUint16(4, 20, true);
    central.setUint16(6, 20, true);
    central.setUint16(10, 8, true);
    central.setUint32(20, deflated.length, true);
    central.setUint32(24, declaredSize, true);
    central.setUint16(28, fileName.length, true);
    central.setUint32(42, offset, true);
    locals.push(new Uint8Array(local.buffer), fileName, deflated);
    centrals.push(new Uint8Array(central.buffer), fileName);
    offset += 30 + fileName.length + deflated.length;
  }
  const directorySize = centrals.reduce((n, c) => n + c.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, entries.length, true);
  end.setUint16(10, entries.length, true);
  end.setUint32(12, directorySize, true);
  end.setUint32(16, offset, true);
  const parts = [...locals, ...centrals, new Uint8Array(end.buffer)];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) (out.set(p, at), (at += p.length));
  return out;
}

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
  t = await createTestApp();
  w = await staffWorld(t);
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
