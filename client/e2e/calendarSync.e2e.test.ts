// The Calendar sync screen as the demo coach: turn the feed on, copy the address (clipboard), fetch
// the feed, regenerate (the old address stops working), preview and import an .ics file; at phone width
// without sideways scrolling, axe-core clean; a district without the plan gets the explanation.
import path from 'node:path';
import { expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { CALENDAR_MESSAGES } from '../../common/schemas/calendar';
import { axeAll, browserSuite } from './harness';

vi.setConfig({ testTimeout: 90_000 });

const suite = browserSuite();
const GOOGLE_ICS = path.resolve(import.meta.dirname, '../../server/features/calendar/fixtures/google.ics');

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

it('turns the feed on, copies the address, regenerates it (the old one stops working) and turns it off', async () => {
  const page = await suite.signedIn('coach@maplegrove.example', { permissions: ['clipboard-read', 'clipboard-write'], bypassCSP: true });
  await page.goto('/app/activity/calendar-sync');
  await page.getByRole('heading', { level: 1, name: 'Calendar sync' }).waitFor();
  const feed = page.getByRole('region', { name: 'Subscribe in your calendar app' });
  await feed.getByRole('button', { name: 'Turn on calendar feed' }).click();

  const address = feed.getByLabel('Your calendar address');
  await address.waitFor();
  const first = await address.inputValue();
  expect(first).toMatch(new RegExp(`^${suite.server.url}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
  await feed.getByRole('button', { name: 'Copy' }).click();
  await feed.getByRole('status').getByText('Address copied to the clipboard.').waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
  expect(await axeAll(page)).toEqual([]);

  const ics = await page.request.get(first);
  expect(ics.status()).toBe(200);
  expect(ics.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const text = await ics.text();
  expect(text).toContain('X-WR-CALNAME:Coachwell — ');
  // The demo coach's seeded interactions are in it.
  expect((text.match(/BEGIN:VEVENT/g) ?? []).length).toBeGreaterThan(10);

  // Titles: type only.
  await feed.getByRole('radio', { name: /Type only/ }).check();
  await page.getByText('Event titles show the type only.').waitFor();

  await feed.getByRole('button', { name: 'Regenerate address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Make a new address?' });
  await dialog.getByRole('button', { name: 'Regenerate address' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await expect.poll(() => address.inputValue()).not.toBe(first);
  const second = await address.inputValue();
  expect((await page.request.get(first)).status()).toBe(404);
  expect((await page.request.get(second)).status()).toBe(200);

  // After a reload the address is not shown again (only its hash is stored).
  await page.reload();
  await page.getByText('Your calendar feed is on').waitFor();
  expect(await page.getByLabel('Your calendar address').count()).toBe(0);
  expect(await page.getByRole('radio', { name: /Type only/ }).isChecked()).toBe(true);

  await page.getByRole('button', { name: 'Turn off' }).click();
  await page.getByRole('dialog', { name: 'Turn off your calendar feed?' }).getByRole('button', { name: 'Turn off' }).click();
  await page.getByRole('button', { name: 'Turn on calendar feed' }).waitFor();
  expect((await page.request.get(second)).status()).toBe(404);
});

it('previews an .ics file and imports the chosen events, at phone width, axe-core clean', async () => {
  const page = await suite.signedIn('coach2@maplegrove.example', { viewport: { width: 390, height: 844 }, bypassCSP: true });
  await page.goto('/app/activity/calendar-sync');
  const card = page.getByRole('region', { name: 'Import from a calendar file' });
  await card.waitFor();

  // A file that is not a calendar: the error names the file, nothing else happens.
  await card.getByLabel('Calendar file (.ics)').setInputFiles({ name: 'notes.ics', mimeType: 'text/calendar', buffer: Buffer.from('Subject,Start\nMeeting,10/05/2026\n') });
  await card.getByLabel(/^From/).fill('2026-10-01');
  await card.getByLabel(/^To/).fill('2026-10-31');
  await card.getByRole('button', { name: 'Preview events' }).click();
  await card.getByText(CALENDAR_MESSAGES.fileNotCalendar).waitFor();

  await card.getByLabel('Calendar file (.ics)').setInputFiles(GOOGLE_ICS);
  await card.getByRole('button', { name: 'Preview events' }).click();
  await card.getByRole('table').waitFor();
  expect(await card.getByRole('row').count()).toBe(7); // the header and six events
  await card.getByText('Cancelled in your calendar.').waitFor();
  expect(await card.getByRole('checkbox', { name: 'In-service day' }).isDisabled()).toBe(true);

  await card.getByRole('checkbox', { name: 'Observation: Jordan Ellis, period 3' }).check();
  await card.getByRole('combobox', { name: 'Import “PLC – Grade 6 (moved)” as' }).selectOption({ label: 'Meeting' });
  expect(await noSidewaysScroll(page)).toBe(true);
  expect(await axeAll(page)).toEqual([]);

  await card.getByRole('button', { name: 'Import 2 events' }).click();
  await card.getByText('Imported 2 events: 2 new, 0 updated.').waitFor();
  await card.getByText('Imported as an interaction').waitFor();
  await card.getByText('Imported as time').waitFor();

  // The same again updates instead of adding.
  await card.getByRole('checkbox', { name: 'Observation: Jordan Ellis, period 3' }).check();
  await card.getByRole('button', { name: 'Import 1 event' }).click();
  await card.getByText('Imported 1 event: 0 new, 1 updated.').waitFor();
  expect(await noSidewaysScroll(page)).toBe(true);
});

it('explains the Professional plan to a district without calendar sync', async () => {
  const page = await suite.signedIn('admin@cedarfalls.example', { bypassCSP: true });
  await page.goto('/app/activity/calendar-sync');
  await page.getByRole('heading', { name: 'Available on the Professional plan' }).waitFor();
  // Cedar Falls' administrator manages billing: told how to upgrade, not to ask themselves (issue 26).
  await page.getByText(`${CALENDAR_MESSAGES.planRequired.split('. ')[0]}. You manage your district's billing`).waitFor();
  expect(await page.getByRole('button', { name: 'Turn on calendar feed' }).count()).toBe(0);
  expect(await axeAll(page)).toEqual([]);
});
