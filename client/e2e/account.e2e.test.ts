// Account Settings: changing one's email (security finding 12) through the real screens. The new
// address gets a confirmation link (followed here from the .eml file); the change takes effect only
// then, and the person's other sessions end.
import { expect, it, vi } from 'vitest';
import { browserSuite, DEMO_PASSWORD, latestMailLink } from './harness';

vi.setConfig({ testTimeout: 60_000 });

const suite = browserSuite();

it('changes the email only once the link sent to the new address is followed; other devices are signed out', async () => {
  const laptop = await suite.signedIn('principal@maplegrove.example');
  const phone = await suite.signedIn('principal@maplegrove.example');

  await laptop.goto('/app/settings');
  const card = laptop.getByRole('region', { name: 'Email address' });
  await card.getByLabel(/^Email/).fill('principal.new@maplegrove.example');
  await card.getByLabel(/^Current password/).fill(DEMO_PASSWORD);
  await card.getByRole('button', { name: 'Change email' }).click();
  await card.getByText(/^Check your inbox at principal\.new@maplegrove\.example: follow the link/).waitFor();
  // Nothing has changed yet.
  expect(await card.getByLabel(/^Email/).inputValue()).toBe('principal@maplegrove.example');

  const link = await latestMailLink(suite.server, 'principal.new@maplegrove.example');
  expect(link).toMatch(new RegExp(`^${suite.server.url}/app/auth/confirm-email/[\\w-]+$`));
  await laptop.goto(link);
  await laptop.getByRole('heading', { level: 1, name: 'Confirm your new email' }).waitFor();
  await laptop.getByRole('button', { name: 'Confirm my new email' }).click();
  await laptop.getByRole('heading', { level: 1, name: 'Your email has been changed' }).waitFor();
  expect(await laptop.locator('main').innerText()).toContain('Your email is now principal.new@maplegrove.example. Other devices have been signed out.');

  // This browser stays signed in with the new address; the phone is signed out.
  await laptop.getByRole('link', { name: 'Back to your account' }).click();
  await laptop.waitForURL((u) => u.pathname === '/app/settings');
  await expect.poll(() => laptop.getByRole('region', { name: 'Email address' }).getByLabel(/^Email/).inputValue()).toBe('principal.new@maplegrove.example');
  await phone.goto('/app/settings');
  await phone.waitForURL((u) => u.pathname === '/app/auth/login');

  // The link works once.
  await laptop.goto(link);
  await laptop.getByRole('button', { name: 'Confirm my new email' }).click();
  await laptop.getByText('This confirmation link is invalid or has expired.').waitFor();
});
