// Screenshots of pages at 1280 and 375 px wide, cut into screen-sized slices for review.
// Usage: node scripts/screenshots.mjs http://localhost:3000 / /About-us ...   (writes to screenshots/)
import { mkdirSync } from 'node:fs';
import { readCommandLine } from './lib/commandLine.mjs';

const [base = 'http://localhost:3000', ...given] = readCommandLine(process.argv.slice(2), {
  command: 'node scripts/screenshots.mjs',
  words: [0, Infinity],
  wordsHint: ' [<site address> [<page address> …]]',
}).words;
const paths = given.length ? given : ['/', '/About-us', '/Product', '/Services', '/Blog', '/Career', '/Contact', '/Privacy'];
const widths = (process.env.WIDTHS ?? '1280,375').split(',').map(Number);
const sliceHeight = Number(process.env.SLICE ?? 1400);
mkdirSync('screenshots', { recursive: true });
// The browser's code is loaded once the command line is read: a mistyped one is answered at once.
const { chromium } = await import('@playwright/test');
const { chromiumPath, LAUNCH_ARGS } = await import('./lib/chromium.mjs');

const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: LAUNCH_ARGS,
});
for (const width of widths) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  page.on('console', (m) => ['error', 'warning'].includes(m.type()) && console.log(`[${width}] console ${m.type()}: ${m.text().slice(0, 300)}`));
  page.on('pageerror', (e) => console.log(`[${width}] page error: ${e.message}`));
  for (const p of paths) {
    await page.goto(base + p, { waitUntil: 'networkidle' });
    // Scroll through once so lazy images and counters load, then back to the top.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += 700) await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(2500);
    const name = p.replace(/[^a-zA-Z0-9]+/g, '_').replace(/^_|_$/g, '') || 'home';
    for (let y = 0, i = 0; y < height; y += sliceHeight, i++) {
      const file = `screenshots/${name}-${width}-${i}.png`;
      await page.screenshot({ path: file, fullPage: true, clip: { x: 0, y, width, height: Math.min(sliceHeight, height - y) } });
      console.log(file);
    }
  }
  await page.close();
}
await browser.close();
