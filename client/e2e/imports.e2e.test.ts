// Export and import in the browser: upload a CSV, remap a column, preview with errors, run with
// invalid rows skipped, open the import's page, filter its rows, download the failed rows; exports
// download; a principal sees why the exports and the import are not for them.
import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import { expect, it } from 'vitest';
import { browserSuite } from './harness';

const SCREEN = '/app/settings/export-import';
const suite = browserSuite();

// "Payroll code" is not recognised (it is remapped to Employee ID by hand); Owen's school is unknown
// and Pia's email is not one.
const CSV = [
  'First name,Last name,Email,Payroll code,School,Grades',
  'Nora,Quinn,nora.quinn@maplegrove.example,MG-9001,Lincoln Middle School,7',
  'Owen,Price,owen.price@maplegrove.example,MG-9002,Hogwarts Academy,8',
  'Pia,Ross,not-an-email,MG-9003,Riverside Elementary,K',
].join('\r\n');

it('upload, remap a column, preview with errors, run, open the import, download the failed rows', async () => {
  const page = await suite.signedIn('admin@maplegrove.example', { acceptDownloads: true });
  await page.goto(SCREEN);
  await expect.poll(() => page.title()).toBe('Export and import | Coachwell');
  await page.getByLabel('CSV file or OneRoster files').setInputFiles({ name: 'roster.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  await page.getByRole('button', { name: 'Upload' }).click();

  // Mapping: recognised headers preselected; the unknown one is remapped by hand.
  const staffNumber = page.getByLabel('What “Payroll code” holds');
  await staffNumber.waitFor();
  expect(await page.getByLabel('What “First name” holds').inputValue()).toBe('first_name');
  expect(await page.getByLabel('What “School” holds').inputValue()).toBe('school');
  expect(await staffNumber.inputValue()).toBe('');
  await staffNumber.selectOption('employee_id');
  await page.getByRole('button', { name: 'Preview' }).click();

  // Preview: counts and each row's errors with its column, nothing runnable yet.
  const counts = page.getByRole('definition');
  await page.getByRole('table', { name: 'Rows with errors' }).waitFor();
  expect(await counts.allInnerTexts()).toEqual(['1', '0', '0', '2']);
  const errors = await page.getByRole('table', { name: 'Rows with errors' }).innerText();
  expect(errors).toContain('School: “Hogwarts Academy” is not one of the district’s schools.');
  expect(errors).toContain('Email: “not-an-email” is not an email address.');
  expect(await page.getByRole('button', { name: 'Run import' }).isDisabled()).toBe(true);

  // Back to the columns: skip invalid rows, preview again, run with confirmation.
  await page.getByRole('button', { name: 'Change the columns' }).click();
  expect(await page.getByLabel('What “Payroll code” holds').inputValue()).toBe('employee_id');
  await page.getByLabel('Skip invalid rows').check();
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.getByRole('button', { name: 'Run import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Run this import?' });
  expect(await dialog.innerText()).toContain('1 new and 0 updated educators; 2 rows with errors are skipped.');
  await dialog.getByRole('button', { name: 'Run import' }).click();

  // The import's page: summary, rows with outcomes, filter, failed rows.
  await page.waitForURL(/\/app\/settings\/export-imports\/staff\/\d+$/);
  await expect.poll(() => page.title()).toBe('Staff CSV Imports | Coachwell');
  await page.getByText('Completed').waitFor();
  const rows = page.getByRole('table', { name: /^Rows \(3\)/ });
  await rows.waitFor();
  expect(await rows.innerText()).toContain('Nora · Quinn · nora.quinn@maplegrove.example');
  await page.getByLabel('Show').selectOption('error');
  await page.getByRole('table', { name: /^Error rows \(2\)/ }).waitFor();
  expect(page.url()).toContain('outcome=error');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download failed rows' }).click()]);
  expect(download.suggestedFilename()).toBe('roster-failed-rows.csv');
  const failed = parse(fs.readFileSync((await download.path())!, 'utf8'), { bom: true }) as string[][];
  expect(failed.map((r) => r.slice(0, 4))).toEqual([
    ['First name', 'Last name', 'Email', 'Payroll code'],
    ['Owen', 'Price', 'owen.price@maplegrove.example', 'MG-9002'],
    ['Pia', 'Ross', 'not-an-email', 'MG-9003'],
  ]);
  expect(failed[2]![7]).toBe('Email: “not-an-email” is not an email address.');

  // The educator exists; the past imports list links the import.
  await page.getByLabel('Show').selectOption('created');
  await page.getByRole('link', { name: 'Nora · Quinn · nora.quinn@maplegrove.example' }).click();
  await page.getByRole('heading', { name: /Nora Quinn/ }).waitFor();
  await page.goto(SCREEN);
  await page.getByRole('table', { name: 'Past staff imports' }).getByRole('link', { name: 'roster.csv' }).first().waitFor();
}, 60_000);

it('downloads the educators export', async () => {
  const page = await suite.signedIn('admin@maplegrove.example', { acceptDownloads: true });
  await page.goto(SCREEN);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download educators' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^educators-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parse(fs.readFileSync((await download.path())!, 'utf8'), { bom: true, columns: true }) as Record<string, string>[];
  expect(rows.length).toBeGreaterThan(10);
  expect(rows.find((r) => r.Email === 'teacher@maplegrove.example')).toMatchObject({ 'First name': 'Jordan', 'Last name': 'Ellis', School: 'Lincoln Middle School' });
});

it('downloads the interactions of a chosen range and the skill ratings', async () => {
  const page = await suite.signedIn('admin@maplegrove.example', { acceptDownloads: true });
  await page.goto(SCREEN);
  await page.getByLabel('From', { exact: true }).fill('2026-01-01');
  await page.getByLabel('To', { exact: true }).fill('2025-12-31');
  await page.getByText('To must be on or after From.').waitFor();
  expect(await page.getByRole('link', { name: 'Download interactions' }).count()).toBe(0);
  const to = await page.evaluate(() => new Date(Date.now() + 86_400_000 * 30).toISOString().slice(0, 10));
  await page.getByLabel('To', { exact: true }).fill(to);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download interactions' }).click()]);
  expect(download.suggestedFilename()).toBe(`interactions-from-2026-01-01-to-${to}.csv`);
  const rows = parse(fs.readFileSync((await download.path())!, 'utf8'), { bom: true, columns: true }) as Record<string, string>[];
  expect(rows.length).toBeGreaterThan(100);
  expect(rows.every((r) => r.Date >= '2026-01-01' && r.Date <= to)).toBe(true);

  const [ratings] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download skill ratings' }).click()]);
  const ratingRows = parse(fs.readFileSync((await ratings.path())!, 'utf8'), { bom: true, columns: true }) as Record<string, string>[];
  expect(ratingRows.length).toBeGreaterThan(100);
  expect(Object.keys(ratingRows[0]!)).toEqual(['Rating ID', 'Educator ID', 'Educator', 'Employee ID', 'Email', 'Domain', 'Skill', 'Level', 'Level name', 'Rated on', 'Rated by', 'Note', 'Interaction ID']);
});

it('a principal is told why the exports and the import are not theirs', async () => {
  const page = await suite.signedIn('principal@maplegrove.example');
  await page.goto(SCREEN);
  await page.getByText('Exports cover the whole district').waitFor();
  expect(await page.getByRole('link', { name: 'Download educators' }).count()).toBe(0);
  expect(await page.getByRole('link', { name: 'Download interactions' }).count()).toBe(0);
  await page.getByText('Importing educators needs the permission to add staff for the whole district.').waitFor();
  expect(await page.getByRole('heading', { name: 'Past imports' }).count()).toBe(0);
});

it('the admin User CSV Import: provider staff import a district’s logins and open the import', async () => {
  const page = await suite.signedIn('support@coachwell.example');
  await page.goto('/admin/districts/1/user-import/new');
  await expect.poll(() => page.title()).toBe('User CSV Import | Coachwell');
  await page.getByText('Import the logins of Maple Grove Unified School District').waitFor();
  const csv = 'Name,Email,Role,Schools\r\nLena Ortiz,lena.ortiz@maplegrove.example,Coach,Lincoln Middle School\r\nMo Said,mo.said@maplegrove.example,Wizard,\r\n';
  await page.getByLabel('Or paste the rows').fill(csv);
  await page.getByRole('button', { name: 'Upload' }).click();
  expect(await page.getByLabel('What “Role” holds').inputValue()).toBe('role');
  await page.getByLabel('Skip invalid rows').check();
  await page.getByRole('button', { name: 'Preview' }).click();
  const errors = page.getByRole('table', { name: 'Rows with errors' });
  await errors.waitFor();
  expect(await errors.innerText()).toContain('“Wizard” is not a role.');
  await page.getByRole('button', { name: 'Run import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Run this import?' });
  expect(await dialog.innerText()).toContain('No invitation is emailed.');
  await dialog.getByRole('button', { name: 'Run import' }).click();
  await page.waitForURL(/\/admin\/districts\/1\/user-import\/\d+$/);
  await page.getByText('Completed').waitFor();
  expect(await page.getByRole('table', { name: /^Rows \(2\)/ }).innerText()).toContain('Lena Ortiz · lena.ortiz@maplegrove.example');
  await page.getByRole('link', { name: /user imports/ }).click();
  await page.getByRole('table', { name: 'Past user imports' }).getByRole('link', { name: 'pasted.csv' }).waitFor();
}, 60_000);

it('counts agree with their numbers: "1 row with errors is skipped" (issue 26)', async () => {
  const page = await suite.signedIn('admin@maplegrove.example');
  await page.goto(SCREEN);
  const csv = [
    'First name,Last name,Email,Employee ID,School,Grades',
    'Quincy,Hale,quincy.hale@maplegrove.example,MG-9101,Lincoln Middle School,6',
    'Rhea,Stone,not-an-email,MG-9102,Lincoln Middle School,7',
  ].join('\r\n');
  await page.getByLabel('CSV file or OneRoster files').setInputFiles({ name: 'one-error.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Upload' }).click();
  await page.getByLabel('What “Employee ID” holds').waitFor();
  expect(await page.locator('main').innerText()).toMatch(/one-error\.csv \(CSV\): 2 rows\./);
  await page.getByLabel('Skip invalid rows').check();
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.getByRole('button', { name: 'Run import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Run this import?' });
  await dialog.waitFor();
  expect(await dialog.innerText()).toContain('1 new and 0 updated educators; 1 row with errors is skipped.');
  expect(await dialog.innerText()).not.toContain('1 rows');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});
