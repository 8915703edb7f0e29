/**
 * Every value the build puts into a page, a policy, sitemap.xml, robots.txt or JSON-LD is
 * escaped for its place, and nothing is inserted as a replacement string: a title and a form's
 * words holding `$'`, `$&`, `` $` `` and `</script>` are drawn by the real renderers (PageHead,
 * OrganizationData, the outcome banner) and put together by the build's own helpers
 * (pageDocument, writeOutcomePages, sitemapXml, robotsTxt, the page policy), and each file is
 * checked byte for byte.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import realSite from '../../config/site';
import contactPage from '../../config/pages/contact';
import formsConfig from '../../config/forms';
import type { SiteConfig } from '../site/model/siteSchema';
import { outcomeBanner } from '../site/forms/model/outcomes';
import { OrganizationData } from '../site/layout/OrganizationData';
import { PageHead } from '../site/pages/PageHead';
import { api } from '../platform/api';
import { contentSecurityPolicy, frameOriginsOf } from '../platform/headers';
import { escapeHtmlAttribute, escapeHtmlText, escapeXml, jsonInScript, replaceOnce, robotsValue } from '../schema/text';
import { SiteContentContext } from '../site/ui/siteConfig';
import type { SiteContent } from '../site/model/siteContent';
import routesConfig from '../../config/routes';
import { robotsTxt, sitemapXml } from '../render/crawlers';
import { writeOutcomePages } from '../render/outcomePages';
import { pageDocument, readTemplate, SPECULATION_RULES } from '../render/pageDocument';

/** A renderer drawn with this site's settings (the content given, as the render gives it). */
const withSite = (site: SiteConfig, element: ReturnType<typeof createElement>) =>
  createElement(SiteContentContext.Provider, { value: { site, routes: routesConfig, pages: {}, forms: formsConfig } as unknown as SiteContent }, element);

/** Every replacement pattern String.prototype.replace knows, and what closes a script element or starts a comment. */
const NASTY = "$' $& $` $$ $1 $<x> </script><script>alert(1)</script> <!-- & \" ' \u2028\u2029";

const INDEX =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <script type="module" crossorigin src="/assets/index-abc.js"></script>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n';

describe('a page', () => {
  it('with a title and a text holding replacement patterns and </script> is the template with them put in, byte for byte', () => {
    const head = renderToStaticMarkup(
      withSite(realSite, createElement(PageHead, { title: NASTY, description: NASTY, canonical: '/Contact', indexable: true })),
    );
    const body = `<main><h1>${escapeHtmlText(NASTY)}</h1></main>`;
    const loader = '<script type="module">start()</script>';
    const template = readTemplate(INDEX);
    const html = pageDocument(template, { head, body }, loader);
    expect(html).toBe(
      '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n  ' +
        `${head}\n    ${loader}\n    <script type="speculationrules">${SPECULATION_RULES}</script>\n  </head>\n` +
        `  <body>\n    <div id="root">${body}</div>\n  </body>\n</html>\n`,
    );
    // The title is text, escaped by React; nothing of the template was pasted into it.
    const reactEscaped: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
    expect(head).toContain(`<title>${NASTY.replace(/[&<>"']/g, (c) => reactEscaped[c]!)}</title>`);
    expect(html.split('</head>')).toHaveLength(2);
    expect(html.split('<div id="root">')).toHaveLength(2);
    expect(html).not.toContain('<script>alert(1)');
  });

  it("whose head holds the root's own text still gets its body in the body", () => {
    const template = readTemplate(INDEX);
    const html = pageDocument(template, { head: '<meta name="x" content="<div id=&quot;root&quot;></div>">', body: 'BODY' }, '');
    expect(html.indexOf('<div id="root">BODY</div>')).toBeGreaterThan(html.indexOf('</head>'));
  });

  it('with a form whose words hold replacement patterns has its outcome pages written byte for byte', () => {
    const contact = formsConfig.contact;
    const dir = mkdtempSync(path.join(os.tmpdir(), 'outcomes-'));
    try {
      const forms = [{ ...contact, success: { ...contact.success, toast: NASTY }, failure: { ...contact.failure, toast: NASTY } }];
      const html = pageDocument(
        readTemplate(INDEX),
        { head: '<title>Contact</title>', body: `<form action="${api.documents(contact.collection)}" method="post"></form>` },
        '',
      );
      const written = writeOutcomePages(dir, '/Contact', 'Contact.html', html, forms);
      const sent = written.find((w) => w.query[0]![0] === 'sent')!;
      const banner = outcomeBanner({ kind: 'sent', form: { ...contact, success: { ...contact.success, toast: NASTY } } });
      expect(banner).toBe(`<div class="form-outcome form-outcome-ok" role="status">${escapeHtmlText(NASTY)}</div>`);
      const at = html.indexOf('<body>') + '<body>'.length;
      expect(readFileSync(path.join(dir, sent.file), 'utf8')).toBe(`${html.slice(0, at)}\n${banner}${html.slice(at)}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the structured data (JSON-LD)', () => {
  it('holds any text of the site as JSON that cannot close its element, and reads back as the same value', () => {
    const site = { ...realSite, brand: { ...realSite.brand, description: NASTY, name: '</SCRIPT >&<!--' } } as SiteConfig;
    const markup = renderToStaticMarkup(withSite(site, createElement(OrganizationData)));
    const json = /^<script type="application\/ld\+json">([\s\S]*)<\/script>$/.exec(markup)![1]!;
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    const data = JSON.parse(json) as { name: string; description: string };
    expect(data.description).toBe(NASTY);
    expect(data.name).toBe('</SCRIPT >&<!--');
    expect(jsonInScript({ a: '</script>\u2028' })).toBe('{"a":"\\u003c/script\\u003e\\u2028"}');
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('hold every value escaped for their place', () => {
    const xml = sitemapXml('https://www.example.com', [{ path: '/Contact' }], '2026-11-23');
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <url><loc>https://www.example.com/Contact</loc><lastmod>2026-11-23</lastmod></url>\n</urlset>\n',
    );
    // Whatever reached them, each value stays one value in its place.
    expect(sitemapXml('https://x.example/?a=1&b=<c>', [{ path: "/'\u0000" }], '2026')).toContain('<loc>https://x.example/?a=1&amp;b=&lt;c&gt;/&apos;</loc>');
    expect(robotsTxt('https://www.example.com\nDisallow: /')).toBe(
      'User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /admin\n\nSitemap: https://www.example.com%0ADisallow:%20//sitemap.xml\n',
    );
  });

  it('have one escaping function per place, each reading back as the text it was given', () => {
    expect(escapeHtmlText('a < b & c > "d"')).toBe('a &#60; b &#38; c &#62; "d"');
    expect(escapeHtmlAttribute(`"'<>&`)).toBe('&#34;&#39;&#60;&#62;&#38;');
    expect(escapeXml('a&b<c>"d\'\u0001\ud800')).toBe('a&amp;b&lt;c&gt;&quot;d&apos;');
    expect(robotsValue('/a b\r\nc#d')).toBe('/a%20b%0D%0Ac%23d');
    expect(replaceOnce('<head></head><head></head>', '</head>', "$'$&$`")).toBe("<head>$'$&$`<head></head>");
    expect(replaceOnce('nothing here', '</head>', 'x')).toBe('nothing here');
  });
});

describe('the page policy', () => {
  const mapPage = (src: string) => ({ sections: [{ type: 'map', src }] });

  it("names a map's host only, whatever its address carries", () => {
    expect(frameOriginsOf([contactPage])).toEqual(['https://www.openstreetmap.org']);
    expect(frameOriginsOf([mapPage('https://maps.example.com:8443/embed?x=1;y#z')])).toEqual(['https://maps.example.com:8443']);
  });

  it('gets no directive smuggled in by a map address, and no brace', () => {
    for (const src of [
      'https://www.openstreetmap.org;sandbox',
      'https://www.openstreetmap.org{x}/e',
      'https://www.openstreetmap.org sandbox',
      "https://evil.example'/x",
    ]) {
      const origins = frameOriginsOf([mapPage(src)]);
      expect(origins).toEqual([]);
      const policy = contentSecurityPolicy({ hashes: { scripts: [], styles: [] } }, { frameOrigins: origins });
      expect(policy).toContain("frame-src 'none'");
      expect(policy).not.toMatch(/sandbox|\{/);
    }
    // A host list given directly keeps its hosts only.
    const policy = contentSecurityPolicy(
      { hashes: { scripts: [], styles: [] } },
      {
        frameOrigins: ['https://www.openstreetmap.org;sandbox', 'https://ok.example', 'https://ok.example/path'],
        connectOrigins: ["https://a.example 'unsafe-eval'"],
      },
    );
    expect(policy).toContain('frame-src https://ok.example;');
    expect(policy).toContain("connect-src 'self';");
    expect(policy.split('; ').filter((d) => d.startsWith('sandbox'))).toEqual([]);
  });
});
