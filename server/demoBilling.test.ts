// The demo billing of Maple Grove (db/seeds/demoBilling.ts), seeded with the whole demo.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { seedDemoBilling } from '../db/seeds/demoBilling';
import { createApp } from './app';
import { loadConfig } from './config';
import { RateLimiter } from './http/rateLimit';
import { createMemoryMailer } from './lib/mailer';
import { seededDemoBeforeAll } from './testing/hooks';

describe('demo billing', () => {
  const demo = seededDemoBeforeAll();

  it('gives Maple Grove a billing contact, a renewal at the end of the school year, quotes and invoices', async () => {
    const district = await demo.db.selectFrom('districts').selectAll().where('id', '=', demo.maple.id).executeTakeFirstOrThrow();
    expect(district).toMatchObject({ billing_contact_name: 'Karen Lindqvist', billing_contact_email: 'accounts.payable@maplegrove.example', tax_exempt_number: 'E9998-1234-05' });
    expect(district.renews_on).toMatch(/^\d{4}-07-31$/);
    expect(district.renews_on! > new Date().toISOString().slice(0, 10)).toBe(true);
    const quotes = await demo.db.selectFrom('quotes').selectAll().where('district_id', '=', demo.maple.id).orderBy('id').execute();
    expect(quotes.map((q) => [q.status, q.activated_at !== null, q.plan_name])).toEqual([['accepted', true, 'Professional'], ['draft', false, 'Enterprise']]);
    expect(quotes[0]!.po_number).toMatch(/^MG-PO-/);
    const invoices = await demo.db.selectFrom('invoices').selectAll().where('district_id', '=', demo.maple.id).orderBy('id').execute();
    expect(invoices.map((i) => [i.status, i.quote_id])).toEqual([['paid', quotes[0]!.id], ['open', null]]);
    expect(invoices[0]!.amount_cents).toBe(quotes[0]!.total_cents);
    expect(invoices[1]!.due_on > new Date().toISOString().slice(0, 10)).toBe(true);
  });

  it('is idempotent: seeding it again adds nothing', async () => {
    const admin = await demo.db.selectFrom('users').select('id').where('email', '=', 'admin@maplegrove.example').executeTakeFirstOrThrow();
    await seedDemoBilling(demo.db, { districtId: demo.maple.id, adminId: admin.id, providerAdminId: null });
    expect(await demo.db.selectFrom('quotes').select('id').where('district_id', '=', demo.maple.id).execute()).toHaveLength(2);
    expect(await demo.db.selectFrom('invoices').select('id').where('district_id', '=', demo.maple.id).execute()).toHaveLength(2);
  });

  it('reads back through the API as the admin sees it', async () => {
    const config = { ...loadConfig({ NODE_ENV: 'test' }), databaseFile: ':memory:', publicDir: '/nonexistent' };
    const app = createApp({ db: demo.db, config, mailer: createMemoryMailer(), limiter: new RateLimiter(demo.db, false), log: () => {} });
    const agent = request.agent(app);
    await agent.get('/api/auth/user');
    const xsrf = () => decodeURIComponent((agent as unknown as { jar: { getCookie: (n: string, o: unknown) => { value: string } } }).jar
      .getCookie('XSRF-TOKEN', { domain: '127.0.0.1', path: '/', secure: false, script: true }).value);
    const login = await agent.post('/api/auth/login').set({ 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': xsrf() })
      .send({ email: 'admin@maplegrove.example', password: 'coachwell-demo', area: 'app' });
    expect(login.status).toBe(200);
    const billing = await agent.get('/api/billing');
    expect(billing.body).toMatchObject({ status: 'active', seats: { purchased: 12, in_use: 3, over: false }, plan: { key: 'professional' } });
    const quotes = await agent.get('/api/quote');
    expect(quotes.body.data.map((q: { status: string }) => q.status)).toEqual(['draft', 'accepted']);
    const invoices = await agent.get('/api/invoice');
    expect(invoices.body.data.map((i: { status: string }) => i.status)).toEqual(['open', 'paid']);
  });
});
