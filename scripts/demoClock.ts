// `npm run test:demo-clock -- [from] [hours between] [count]`: runs the demo's server tests at instants spread over
// the coming days, as if the suite ran then. The demo is seeded from "now" (a school year up to today, the next days'
// sessions, what is due this week), so a test that holds at one hour can fail at another; three did in CI
// (docs/testing.md "The demo at any hour"). Defaults: from the next hour, every 5 h 47 min, 12 instants (about three
// days, every hour of the day by turns). Exits 1 naming each instant and test that failed.
import { spawnSync } from 'node:child_process';

const [fromArg, stepArg, countArg] = process.argv.slice(2);
const from = fromArg ? Date.parse(fromArg) : Math.ceil(Date.now() / 3_600_000) * 3_600_000;
const stepMs = (stepArg ? Number(stepArg) : 5 + 47 / 60) * 3_600_000;
const count = countArg ? Number(countArg) : 12;
if (Number.isNaN(from) || !(stepMs > 0) || !(count > 0)) {
  console.error('usage: npm run test:demo-clock -- [from ISO instant] [hours between] [count]');
  process.exit(2);
}

const failures: string[] = [];
for (let k = 0; k < count; k++) {
  const at = new Date(from + k * stepMs).toISOString();
  const run = spawnSync('npx', ['vitest', 'run', '--config', 'scripts/vitest.demoClock.config.ts', '--reporter=dot'], {
    env: { ...process.env, DEMO_CLOCK: at, NO_COLOR: '1', FORCE_COLOR: '0' }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024,
  });
  const failed = `${run.stdout}\n${run.stderr}`.split('\n').filter((line) => /^\s*(FAIL|×)\s/.test(line)).map((line) => line.trim());
  const verdict = run.status === 0 ? 'passed' : `FAILED\n  ${[...new Set(failed)].join('\n  ') || `exit ${run.status}`}`;
  console.log(`${at} ${verdict}`);
  if (run.status !== 0) failures.push(at);
}
console.log(failures.length ? `${failures.length} of ${count} instants failed: ${failures.join(', ')}` : `all ${count} instants passed`);
process.exit(failures.length ? 1 : 0);
