import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
for (const block of [false, true]) {
const page = await browser.newPage();
if (block) await page.route(u => !/^http:\/\/(127\.0\.0\.1|localhost)/.test(u.href), r => r.abort());
page.on('console', m => console.log(block, 'console', m.type(), m.text().slice(0,200), JSON.stringify(m.location())));
page.on('pageerror', e => console.log(block, 'pageerror', e.message));
page.on('requestfailed', r => console.log(block, 'reqfailed', r.url().slice(0,80), r.failure()?.errorText));
for (const p of ['/', '/About-us', '/Product', '/Services', '/Blog', '/Career', '/Contact', '/no-such-page']) {
  await page.goto('http://127.0.0.1:4173' + p, { waitUntil: 'load' });
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForTimeout(1500);
  console.log(block, p, await page.title());
}
await page.close();
}
await browser.close();
