// What the service worker keeps for offline use (issue 31): which API reads (client/sw/offlineReads.ts), how the
// page tells how old its answers are (client/lib/answerAge.ts), and the build's precache list
// (scripts/build.ts precacheManifest) over a made-up dist/public.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { precacheManifest } from '../../scripts/build';
import { answersCachedAt, noteAnswer, onAnswerAge } from '../lib/answerAge';
import { isOfflineRead } from './offlineReads';

describe('isOfflineRead', () => {
  it('keeps the reads of the dashboard, Activity, the educators, interaction types, observation forms and the session', () => {
    for (const p of ['/api/auth/user', '/api/report/pulse', '/api/me/home', '/api/interaction', '/api/activity', '/api/staff', '/api/staff/42',
      '/api/interaction-type', '/api/observation-form', '/api/building', '/api/group', '/api/coach', '/api/coaching-request', '/api/trial', '/api/alert']) {
      expect(isOfflineRead(p), p).toBe(true);
    }
  });

  it('leaves out everything else: sign-in, other records, reports, exports, non-API paths', () => {
    for (const p of ['/api/auth/login', '/api/auth/sso/options', '/api/interaction/5', '/api/staff/42/notes', '/api/staff/export',
      '/api/report/interactions', '/api/observation/3', '/api/export', '/app/activity', '/api/interactionx', '/x/api/staff']) {
      expect(isOfflineRead(p), p).toBe(false);
    }
  });
});

describe('the age of the answers on screen', () => {
  it('is the earliest stored instant since the last answer from the network, and clears with the next one', () => {
    const seen: Array<string | null> = [];
    const stop = onAnswerAge(() => seen.push(answersCachedAt()));
    noteAnswer(null);
    expect(answersCachedAt()).toBeNull();
    noteAnswer('2026-11-29T15:41:00.000Z');
    noteAnswer('2026-11-29T15:30:00.000Z');
    noteAnswer('2026-11-29T15:50:00.000Z');
    noteAnswer('not a date');
    expect(answersCachedAt()).toBe('2026-11-29T15:30:00.000Z');
    noteAnswer(null);
    expect(answersCachedAt()).toBeNull();
    stop();
    noteAnswer('2026-11-29T15:41:00.000Z');
    expect(seen).toEqual(['2026-11-29T15:41:00.000Z', '2026-11-29T15:30:00.000Z', null]);
    noteAnswer(null);
  });
});

describe('precacheManifest', () => {
  let dir = '';
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('lists the hashed chunks and stylesheets without a revision, the shell and the app files with their content hash', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coachwell-precache-'));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    };
    write('index.html', '<!doctype html>');
    write('favicon.svg', '<svg/>');
    write('manifest.webmanifest', '{}');
    write('icons/icon-192.png', 'png');
    write('assets/main-AAAAAAAA.js', 'x');
    write('assets/main-AAAAAAAA.js.map', '{}');
    write('assets/main-AAAAAAAA.js.br', 'x');
    write('assets/main-AAAAAAAA.js.LEGAL.txt', 'x');
    write('assets/chunks/StaffListScreen-BBBBBBBB.js', 'x');
    write('assets/css/staff-CCCCCCCC.css', 'x');
    write('pages/login-app.html', '<form>');
    write('help/picture.png', 'png');
    write('preload.json', '{}');
    const entries = precacheManifest(dir);
    expect(entries).toEqual([
      { url: '/assets/chunks/StaffListScreen-BBBBBBBB.js', revision: null },
      { url: '/assets/css/staff-CCCCCCCC.css', revision: null },
      { url: '/assets/main-AAAAAAAA.js', revision: null },
      { url: '/favicon.svg', revision: expect.stringMatching(/^[0-9a-f]{32}$/) },
      { url: '/icons/icon-192.png', revision: expect.stringMatching(/^[0-9a-f]{32}$/) },
      { url: '/index.html', revision: expect.stringMatching(/^[0-9a-f]{32}$/) },
      { url: '/manifest.webmanifest', revision: expect.stringMatching(/^[0-9a-f]{32}$/) },
    ]);
    // A new build whose shell changed: only the shell's revision moves.
    const before = new Map(entries.map((e) => [e.url, e.revision]));
    write('index.html', '<!doctype html><title>new</title>');
    const after = precacheManifest(dir);
    expect(after.filter((e) => e.revision !== before.get(e.url)).map((e) => e.url)).toEqual(['/index.html']);
  });
});
