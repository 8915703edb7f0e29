// Writes real HTML for every address of config/routes.ts into dist/client (after `vite build`
// and the SSR build of src/entry-server.tsx), plus the fallback page for unknown addresses,
// sitemap.xml and robots.txt. File names come from src/app/prerenderFiles.ts.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// The pages are rendered by the libraries' production builds, as in the browser: in development
// mode MUI adds labels to its class names, and the browser (production) would then find none of
// the page's styles and insert every rule again while hydrating.
process.env.NODE_ENV = 'production';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(process.env.DIST_DIR ?? path.join(root, 'dist'));
const clientDir = path.join(dist, 'client');
const { renderPage, pagePaths, site, htmlFileFor, FALLBACK_FILE, FALLBACK_RENDER_PATH } = await import(pathToFileURL(path.join(dist, 'ssr', 'entry-server.js')).href);

const built = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
if (!built.includes('<div id="root"></div>')) throw new Error('dist/client/index.html is not the unrendered template: run vite build first');

// The page reads right without the app's script, so the page comes first: its text, pictures
// and first paint get the network and the main thread to themselves, and the app's script is
// requested once the browser has painted the page (at once in a tab that is not visible).
// On a slow connection the script would otherwise share the bandwidth with the page's pictures;
// on a fast one (or from the cache) it would run before the first paint and hold it up.
const scriptTag = /<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const scripts = [...built.matchAll(scriptTag)].map((m) => m[1]);
if (scripts.length === 0) throw new Error('dist/client/index.html has no module script: did vite change how it writes them?');
const loader =
  `<script type="module">const start = () => { ${scripts.map((src) => `import(${JSON.stringify(src)});`).join(' ')} };\n` +
  `    if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start)); else start();</script>`;
const template = built.replace(/\s*<script type="module" crossorigin src="[^"]+"><\/script>/g, '').replace('</head>', `  ${loader}\n  </head>`);

async function write(address, file) {
  const { body, head } = await renderPage(address);
  const html = template
    .replace('</head>', `${head}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${body}</div>`);
  writeFileSync(path.join(clientDir, file), html);
  return html.length;
}

const written = [];
for (const { path: address } of pagePaths) written.push([address, htmlFileFor(address), await write(address, htmlFileFor(address))]);
written.push(['(any other address)', FALLBACK_FILE, await write(FALLBACK_RENDER_PATH, FALLBACK_FILE)]);

const mainPaths = [...new Set(pagePaths.map((p) => p.canonical))];
const today = new Date().toISOString().slice(0, 10);
writeFileSync(
  path.join(clientDir, 'sitemap.xml'),
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${mainPaths
    .map((p) => `  <url><loc>${site.brand.url}${p === '/' ? '/' : p}</loc><lastmod>${today}</lastmod></url>`)
    .join('\n')}\n</urlset>\n`,
);
writeFileSync(path.join(clientDir, 'robots.txt'), `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${site.brand.url}/sitemap.xml\n`);

for (const [address, file, size] of written) console.log(`prerendered ${address.padEnd(20)} -> ${file} (${(size / 1024).toFixed(1)} kB)`);
