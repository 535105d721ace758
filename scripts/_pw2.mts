import { chromium } from 'playwright-core';
import { signIn } from './benchLib';
const who = process.argv[2]!; const url = process.argv[3]!;
const c = await signIn(38471, who, 'coachwell-demo');
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
const ctx = await b.newContext({ viewport: { width: 412, height: 823 } });
await ctx.addCookies(c.split('; ').map((p) => ({ name: p.slice(0, p.indexOf('=')), value: p.slice(p.indexOf('=') + 1), url: 'http://127.0.0.1:38471' })));
const p = await ctx.newPage();
const cdp = await ctx.newCDPSession(p); await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await p.addInitScript(() => {
  (window as any).__ls = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries() as any[]) (window as any).__ls.push({ t: Math.round(e.startTime), v: e.value.toFixed(3), src: e.sources.map((s: any) => `${s.node?.className ?? s.node?.nodeName} ${JSON.stringify(s.previousRect.y)}→${JSON.stringify(s.currentRect.y)} h${s.previousRect.height}→${s.currentRect.height}`) }); }).observe({ type: 'layout-shift', buffered: true });
});
await p.goto('http://127.0.0.1:38471' + url);
await p.waitForTimeout(6000);
console.log(JSON.stringify(await p.evaluate(() => (window as any).__ls), null, 1));
await p.screenshot({ path: '/tmp/lh23/probe.png', fullPage: false });
await b.close();
