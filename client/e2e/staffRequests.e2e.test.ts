// School staff requests in the browser: a principal asks for an educator from another school, a
// district admin approves one request (the educator's school history changes) and denies another.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, browserSuite } from './harness';

const SCREEN = '/app/settings/building-history-requests';

// Pages keep Playwright's own default timeouts.
const suite = browserSuite({ timeout: null });

const card = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });

it('a principal asks for an educator from another school with a note; it shows as pending', async () => {
  // A browser on another clock than the principal's profile timezone: times show on the profile's.
  const page = await suite.signedIn('principal@maplegrove.example', { timezoneId: 'Asia/Tokyo' });
  await page.goto(SCREEN);
  await expect.poll(() => page.title()).toBe('School staff requests | Coachwell');
  await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('School staff requests');
  // The demo has three pending requests by this principal; each can be withdrawn, none approved.
  await page.getByRole('button', { name: 'Withdraw request for Olivia Johnson' }).waitFor();
  expect(await page.getByRole('button', { name: /^Approve/ }).count()).toBe(0);

  await page.getByRole('button', { name: 'New request' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New school staff request' });
  await dialog.getByLabel(/^Search educators/).fill('yuki');
  await dialog.getByRole('radio', { name: /Yuki Adams/ }).check();
  expect(await dialog.getByLabel(/^School/).inputValue()).not.toBe('');
  await dialog.getByLabel(/^Start date/).fill('2026-12-07');
  await dialog.getByLabel(/^Note/).fill('Needed for the new robotics elective.');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByText('Request sent').waitFor();

  const yuki = card(page, 'Yuki Adams');
  await yuki.waitFor();
  const text = await yuki.innerText();
  expect(text).toContain('Pending');
  expect(text).toContain('Maple Grove High School');
  expect(text).toContain('Lincoln Middle School');
  expect(text).toContain('Dec 7, 2026');
  const requested = yuki.locator('time').first();
  const at = new Date((await requested.getAttribute('datetime'))!);
  const zone = (await api<{ timezone: string }>(page, 'GET', 'auth/user')).json.timezone;
  expect(zone).not.toBe('Asia/Tokyo');
  const onProfileClock = new Intl.DateTimeFormat('en-US', { timeZone: zone, month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(at);
  expect((await requested.innerText()).replace(/\s/g, ' ')).toBe(onProfileClock.replace(/\s/g, ' '));
  expect(text).toContain('Needed for the new robotics elective.');
  expect(text).toContain('Marcus Bell');

  // The same educator and school cannot be asked for twice while pending.
  await page.getByRole('button', { name: 'New request' }).first().click();
  await dialog.getByLabel(/^Search educators/).fill('yuki');
  await dialog.getByRole('radio', { name: /Yuki Adams/ }).check();
  await dialog.getByLabel(/^Start date/).fill('2026-12-07');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await dialog.getByText('A request for this educator is already pending.').waitFor();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

it('a district admin approves one request (the school history changes) and denies another with a reason', async () => {
  const page = await suite.signedIn('admin@maplegrove.example');
  await page.goto(SCREEN);

  // Approve Olivia Johnson: Maple Grove High School → Lincoln Middle School from Jan 5, 2027.
  const olivia = card(page, 'Olivia Johnson');
  const href = await olivia.getByRole('link', { name: 'Olivia Johnson' }).getAttribute('href');
  const staffId = Number(href!.split('/').at(-1));
  await olivia.getByRole('button', { name: 'Approve request for Olivia Johnson' }).click();
  const confirm = page.getByRole('dialog', { name: 'Approve this request?' });
  expect(await confirm.innerText()).toContain('Maple Grove High School ends on Jan 4, 2027');
  await confirm.getByRole('button', { name: 'Approve request' }).click();
  await page.getByText('Request approved').waitFor();
  await olivia.waitFor({ state: 'detached' });

  await page.getByRole('link', { name: 'Approved' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('approved');
  const approved = card(page, 'Olivia Johnson');
  await approved.waitFor();
  expect(await approved.innerText()).toContain('Dana Whitfield');

  // The educator's history: the old school ends the day before, the new one starts on the date.
  const detail = await page.request.get(`/api/staff/${staffId}`);
  expect(detail.status()).toBe(200);
  const history = ((await detail.json()) as { building_history: { building: { name: string }; start_date: string; end_date: string | null }[] }).building_history
    .map((h) => [h.building.name, h.start_date, h.end_date]);
  expect(history).toContainEqual(['Maple Grove High School', '2008-08-15', '2027-01-04']);
  expect(history).toContainEqual(['Lincoln Middle School', '2027-01-05', null]);
  await page.goto(`/app/staff/${staffId}`);
  const schools = page.getByRole('list', { name: 'School history' });
  await schools.waitFor();
  await expect.poll(() => schools.innerText()).toContain('Lincoln Middle School');
  expect(await schools.innerText()).toContain('Maple Grove High School');

  // Deny Emma Thomas with a reason; the history shows it.
  await page.goto(SCREEN);
  await card(page, 'Emma Thomas').getByRole('button', { name: 'Deny request for Emma Thomas' }).click();
  const deny = page.getByRole('dialog', { name: 'Deny this request?' });
  await deny.getByRole('button', { name: 'Deny request' }).click();
  await deny.getByText('Give a reason for denying this request.').waitFor();
  await deny.getByLabel(/^Reason/).fill('Oak Hollow cannot spare a teacher mid-year.');
  await deny.getByRole('button', { name: 'Deny request' }).click();
  await page.getByText('Request denied').waitFor();

  await page.goto(`${SCREEN}?status=denied`);
  const denied = card(page, 'Emma Thomas');
  await denied.waitFor();
  const deniedText = await denied.innerText();
  expect(deniedText).toContain('Denied');
  expect(deniedText).toContain('Oak Hollow cannot spare a teacher mid-year.');
  expect(deniedText).toContain('Dana Whitfield');
});

it('the principal sees both decisions in their history', async () => {
  const page = await suite.signedIn('principal@maplegrove.example');
  await page.goto(`${SCREEN}?status=all`);
  await card(page, 'Emma Thomas').waitFor();
  expect(await card(page, 'Emma Thomas').innerText()).toContain('Oak Hollow cannot spare a teacher mid-year.');
  expect(await card(page, 'Olivia Johnson').innerText()).toContain('Approved');
  expect(await card(page, 'Yuki Adams').innerText()).toContain('Pending');
});
