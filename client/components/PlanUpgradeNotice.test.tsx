// The locked-feature card's two wordings (issue 26): the person who can upgrade (manages billing) is told
// how — Billing and quotes, and a quote for the plan that has the feature — and everyone else whom to ask.
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { planFeatureMessage } from '../../common/plans';
import { PlanUpgradeNoticeView, planFeatureSentence } from './PlanUpgradeNotice';

const render = (canBuy: boolean) => {
  const html = renderToStaticMarkup(<MemoryRouter><PlanUpgradeNoticeView feature="advanced-reports" canBuy={canBuy} /></MemoryRouter>);
  return { html, text: html.replace(/<[^>]+>/g, '').replace(/&#x27;|&apos;/g, "'") };
};

describe('PlanUpgradeNotice', () => {
  it('tells the person who manages billing how to upgrade, never to ask their district administrator', () => {
    const { html, text } = render(true);
    expect(text).toContain(planFeatureSentence('advanced-reports'));
    expect(planFeatureSentence('advanced-reports')).toMatch(/part of the Enterprise plan\.$/);
    expect(text).toContain("You manage your district's billing, so you can upgrade: request a quote for the Enterprise plan");
    expect(text).not.toMatch(/Ask your district administrator/);
    expect(html).toContain('href="/app/settings/billing"');
    expect(html).toMatch(/href="\/app\/settings\/billing\/quotes\?new=1&amp;plan=enterprise"[^>]*>(<span[^>]*>)?Request a quote</);
  });

  it('tells everyone else whom to ask, with no way to buy', () => {
    const { html, text } = render(false);
    expect(text).toContain(planFeatureMessage('advanced-reports'));
    expect(text).toContain('Ask your district administrator about upgrading.');
    expect(html).not.toContain('Request a quote');
    expect(html).not.toContain('href="/app/settings/billing"');
    expect(html).toContain('See plans');
  });

  it('keeps the feature and plan sentence of the server\'s message', () => {
    expect(planFeatureSentence('calendar-sync')).toBe('Calendar sync is part of the Professional plan.');
  });
});
