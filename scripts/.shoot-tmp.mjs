import { chromium } from '@playwright/test';
const [,, base, ...paths] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
for (const width of [1280, 375]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  page.on('console', m => { if (m.type() === 'error' || m.type()==='warning') console.log(width, m.type(), m.text().slice(0,300)); });
  page.on('pageerror', e => console.log('pageerror', e.message));
  for (const p of paths) {
    await page.goto(base + p, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    const name = `/tmp/shots/${(p.replace(/\//g,'_')||'_root')}-${width}.png`;
    await page.screenshot({ path: name, fullPage: true });
    console.log('shot', name);
  }
  await page.close();
}
await browser.close();
