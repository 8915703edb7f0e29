// Writes real HTML for every address of config/routes.ts into dist/client (after `vite build`
// and the SSR build of src/entry-server.tsx), plus the fallback page for unknown addresses,
// sitemap.xml and robots.txt. File names come from src/shared/pageFiles.ts.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// The pages are rendered by the libraries' production builds, as in the browser: in development
// mode MUI adds labels to its class names, and the browser (production) would then find none of
// the page's styles and insert every rule again while hydrating.
process.env.NODE_ENV = 'production';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(process.env.DIST_DIR ?? path.join(root, 'dist'));
const clientDir = path.join(dist, 'client');
const { renderPage, pagePaths, site, htmlFileFor, FALLBACK_FILE, FALLBACK_RENDER_PATH, CSP_NONCE_PLACEHOLDER } = await import(pathToFileURL(path.join(dist, 'ssr', 'entry-server.js')).href);

const built = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
if (!built.includes('<div id="root"></div>')) throw new Error('dist/client/index.html is not the unrendered template: run vite build first');

// The page reads right without the app's script, so the page comes first: its text, pictures
// and first paint get the network and the main thread to themselves, and the app's script is
// requested once the browser has painted the page (at once in a tab that is not visible),
// together with the renderers of the page's sections (each section type is a chunk of its own:
// src/sections/registry.tsx). On a slow connection the script would otherwise share the
// bandwidth with the page's pictures; on a fast one (or from the cache) it would run before the
// first paint and hold it up.
const scriptTag = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/g;
const scripts = [...built.matchAll(scriptTag)].map((m) => m[1]);
if (scripts.length === 0) throw new Error('dist/client/index.html has no module script: did vite change how it writes them?');
const template = built.replace(/\s*<script type="module"[^>]*\ssrc="[^"]+"[^>]*><\/script>/g, '');

// Which chunks each section type needs: its renderer is the dynamic import in its folder,
// src/sections/<type>/, plus the chunks that one imports. The manifest is then removed: it is
// not part of the site.
const manifestDir = path.join(clientDir, '.vite');
const manifest = JSON.parse(readFileSync(path.join(manifestDir, 'manifest.json'), 'utf8'));
rmSync(manifestDir, { recursive: true, force: true });
function chunksOf(key, skip, found = new Set()) {
  const chunk = manifest[key];
  if (!chunk || skip.has(chunk.file) || found.has(chunk.file)) return found;
  found.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunksOf(imported, skip, found);
  return found;
}
/** What the app's scripts (those index.html names) load anyway. */
const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
const appChunks = new Set(scripts.flatMap((src) => [...chunksOf(keyOfFile.get(src.replace(/^\//, '')), new Set())]));
if (appChunks.size === 0) throw new Error('The manifest names none of the scripts of dist/client/index.html');
function sectionChunks(type) {
  const keys = Object.keys(manifest).filter((key) => manifest[key].isDynamicEntry && key.startsWith(`src/sections/${type}/`));
  if (keys.length !== 1) throw new Error(`Expected one dynamic import in src/sections/${type}/ (its renderer: src/sections/registry.tsx), found ${keys.length}`);
  return chunksOf(keys[0], appChunks);
}

/**
 * The page's loader: once the browser reports the page's first contentful paint (or at once if
 * the tab is not visible or the browser does not report paints; after 3 s at the latest), it
 * preloads the page's section chunks and imports the app's script.
 */
function loader(sectionTypes) {
  const preload = [...new Set(sectionTypes.flatMap((type) => [...sectionChunks(type)]))].map((file) => `/${file}`);
  // An inline script: it carries the CSP nonce placeholder our server fills in (src/shared/cspNonce.ts).
  return `<script type="module" nonce="${CSP_NONCE_PLACEHOLDER}">
      let started = false;
      const start = () => {
        if (started) return;
        started = true;
        for (const href of ${JSON.stringify(preload)}) document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
        ${scripts.map((src) => `import(${JSON.stringify(src)});`).join(' ')}
      };
      if (document.visibilityState !== 'visible' || !window.PerformanceObserver?.supportedEntryTypes?.includes('paint')) start();
      else {
        new PerformanceObserver((entries) => entries.getEntriesByName('first-contentful-paint').length && start()).observe({ type: 'paint', buffered: true });
        setTimeout(start, 3000);
      }
    </script>`;
}

async function write(address, file) {
  const { body, head, sectionTypes } = await renderPage(address);
  const html = template
    .replace('</head>', `${head}\n    ${loader(sectionTypes)}\n  </head>`)
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
// The agency's inbox (src/shared/adminApi.ts ADMIN_PAGE) is not for crawlers either; nor is it in the sitemap.
writeFileSync(path.join(clientDir, 'robots.txt'), `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /admin\n\nSitemap: ${site.brand.url}/sitemap.xml\n`);

for (const [address, file, size] of written) console.log(`prerendered ${address.padEnd(20)} -> ${file} (${(size / 1024).toFixed(1)} kB)`);
