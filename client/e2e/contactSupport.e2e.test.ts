// "Contact support" and the help articles for district staff (issue 26), through the real screens at
// 1366 and 390 px: a coach on Educators opens Support, writes to support (errors name the fields, then a
// clear confirmation) and the email reaches the support address with the district and the page they
// came from; an article shows its pictures of the screens under the real CSP, with alt text, never wider
// than the phone; an impersonating provider admin cannot send. axe-core on every state.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { api, axeBlocking, browserSuite, fullPageShot, runCli } from './harness';

vi.setConfig({ testTimeout: 90_000 });
const suite = browserSuite();
const WIDTHS = [['desktop', { width: 1366, height: 900 }], ['phone', { width: 390, height: 844 }]] as const;
const COACH = 'coach@maplegrove.example';

/** With E2E_SHOTS=<folder>, the states worth looking at are saved there as PNGs. */
const shot = (page: Page, name: string) => fullPageShot(process.env.E2E_SHOTS, page, name);

const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/** The support emails written so far (file mode: DATA_DIR/mail/*.eml), newest last, as text. */
function supportMails(): string[] {
  const dir = path.join(suite.server.dataDir, 'mail');
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((f) => f.endsWith('.eml') && f.includes('support@coachwell.example')).sort()
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '='));
}

describe('Contact support', () => {
  for (const [label, viewport] of WIDTHS) {
    it(`a coach writes to support from the Support page, with the page they came from (${label})`, async () => {
      const page = await suite.signedIn(COACH, { viewport, bypassCSP: true });
      await page.goto('/app/staff');
      await page.getByRole('heading', { level: 1, name: 'Educators' }).waitFor();
      await page.goto('/app/support');
      await page.getByRole('heading', { level: 1, name: 'Support knowledge base' }).waitFor();
      expect(await overflows(page)).toBe(false);

      await page.getByRole('button', { name: 'Contact support' }).click();
      const dialog = page.getByRole('dialog', { name: 'Contact support' });
      await dialog.waitFor();
      await dialog.getByText('The page you came from: Educators').waitFor();
      await dialog.getByText('Your district: Maple Grove', { exact: false }).waitFor();
      expect(await axeBlocking(page)).toEqual([]);
      await shot(page, `contact-support-form-${label}`);
      expect(await overflows(page)).toBe(false);

      // Errors name the fields, and focus goes to the first.
      await dialog.getByRole('button', { name: 'Send message' }).click();
      await dialog.getByText('Subject is required.').waitFor();
      await dialog.getByText('Message is required.').waitFor();
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('subject');
      expect(await axeBlocking(page)).toEqual([]);
      await shot(page, `contact-support-errors-${label}`);

      const before = supportMails().length;
      const subject = `Caseload count looks wrong (${label})`;
      await dialog.getByLabel('Subject').fill(subject);
      await dialog.getByLabel('Message').fill('My caseload shows 12 educators but I coach 14.\nWhere do I add the other two?');
      await dialog.getByRole('button', { name: 'Send message' }).click();
      const sent = page.getByRole('dialog', { name: 'Message sent' });
      await sent.getByText('Thanks, your message is on its way to Coachwell support. The answer will come by email to coach@maplegrove.example.').waitFor();
      expect(await axeBlocking(page)).toEqual([]);
      await shot(page, `contact-support-sent-${label}`);

      const mails = supportMails();
      expect(mails.length).toBe(before + 1);
      const mail = mails.at(-1)!;
      expect(mail).toContain(`Subject: Support request from Maple Grove`);
      expect(mail).toContain(subject);
      expect(mail).toContain('Reply-To: coach@maplegrove.example');
      expect(mail).toContain(`Page: ${suite.server.url}/app/staff`);
      expect(mail).toMatch(/District: Maple Grove[^\n]*Professional plan/);

      await sent.getByRole('button', { name: 'Close' }).first().click();
      await sent.waitFor({ state: 'detached' });
    });
  }

  it('an impersonating provider admin sees why it cannot send, and the server refuses (403)', async () => {
    const users = await runCli(suite.server, ['list-users']);
    const coachId = Number(users.match(/^\s*(\d+)\s+coach@maplegrove\.example\s/m)?.[1]);
    expect(coachId, users).toBeGreaterThan(0);
    const staff = await suite.signedIn('support@coachwell.example', { viewport: WIDTHS[0][1], bypassCSP: true });
    expect((await api(staff, 'POST', 'auth/impersonate', { user_id: coachId })).status).toBe(200);
    await staff.goto('/app/support');
    await staff.getByRole('button', { name: 'Contact support' }).click();
    const dialog = staff.getByRole('dialog', { name: 'Contact support' });
    await dialog.getByText('You are impersonating this person').waitFor();
    expect(await dialog.getByRole('button', { name: 'Send message' }).isDisabled()).toBe(true);
    expect(await axeBlocking(staff)).toEqual([]);
    await shot(staff, 'contact-support-impersonating');
    const before = supportMails().length;
    const res = await api<{ message: string }>(staff, 'POST', 'support-request', { subject: 'Hi', message: 'From the provider', page: '/app' });
    expect(res.status).toBe(403);
    expect(res.json.message).toBe('While impersonating you cannot contact support as this person: write to support yourself.');
    expect(supportMails().length).toBe(before);
  });
});

describe('help articles show the real screens', () => {
  for (const [label, viewport] of WIDTHS) {
    it(`an article's pictures load under the CSP, with alt text, within the page (${label})`, async () => {
      // The real CSP (axe needs it bypassed: it is checked on a second page below).
      const page = await suite.signedIn(COACH, { viewport });
      const refused: string[] = [];
      page.on('console', (m) => { if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) refused.push(m.text()); });
      await page.goto('/app/support/logging-an-interaction');
      await page.getByRole('heading', { level: 1, name: 'Logging an interaction' }).waitFor();
      const picture = page.locator('article.prose img').first();
      await picture.waitFor();
      await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('article.prose img')].every((img) => img.complete && img.naturalWidth > 0));
      expect(await picture.getAttribute('src')).toBe('/help/log-interaction.png');
      expect((await picture.getAttribute('alt'))!.length).toBeGreaterThan(20);
      const box = await picture.boundingBox();
      expect(box!.width).toBeLessThanOrEqual(viewport.width);
      expect(await overflows(page)).toBe(false);
      expect(refused).toEqual([]);
      // No developer paths in what the person reads.
      const text = await page.locator('article.prose').innerText();
      expect(text).not.toMatch(/\/api\/|\.tsx?\b|server\/|client\/|\/app\//);
      await shot(page, `help-article-${label}`);

      const checked = await suite.signedIn(COACH, { viewport, bypassCSP: true });
      await checked.goto('/app/support/logging-an-interaction');
      await checked.locator('article.prose img').first().waitFor();
      expect(await axeBlocking(checked)).toEqual([]);
      // Saying it did not help offers a person.
      await checked.getByRole('button', { name: 'No', exact: true }).click();
      await checked.getByText('Still stuck?').waitFor();
      expect(await checked.getByRole('button', { name: 'Contact support' }).count()).toBe(2);
      await shot(checked, `help-article-not-helpful-${label}`);
      expect(await axeBlocking(checked)).toEqual([]);
    });
  }
});
