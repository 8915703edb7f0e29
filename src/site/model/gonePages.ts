/**
 * The pages shown at the addresses of removed pages (config/moved.ts `gone`, and the addresses of
 * expired articles: src/site/model/articles.ts liveContent), each in the site's layout and answered
 * with status 410 (noindex): the words the office wrote when removing the page, else the site's
 * (config/site.ts `gone`), and the links it chose, else the site's, each to a page the site answers.
 * One page for each set of words, whatever the number of addresses that show it: the render draws
 * each once (at `/__gone__/<name>`, into `__gone__/<name>.html`) and the site manifest names, for
 * each address, its file (our server, Caddy's snippets and firebase.json read it there).
 * Pure: the render, the route table and the tests use it.
 */
import type { GoneLink } from './movedSchema';
import { siteLinkOf } from '../../schema/addresses';
import { articlePages } from './articles';
import { goneAddress, goneWordsOf } from './moved';
import { GONE_FOLDER } from '../../schema/pageFiles';
import { siteRoutes } from './routing';
import type { SiteContent } from './siteContent';

/** What a removed page's visitors read: its heading, the line under it, the links offered. */
export interface GonePageWords {
  message: string;
  text: string;
  links: GoneLink[];
}

export interface GonePage {
  /** Its file in the built client folder: `__gone__/<name>.html`. */
  file: string;
  /** The address it is drawn at by the render (no visitor's). */
  renderPath: string;
  words: GonePageWords;
  /** The gone addresses that show it. */
  addresses: string[];
}

/** A short name that changes with the words (FNV-1a, 32 bits, in hex): the same words, the same file. */
function nameOf(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0');
}

/** The pages of some content's gone addresses (the content as it is drawn: its live articles). */
export function gonePagesOf(content: SiteContent): GonePage[] {
  // (Content from before the site had these words, as a test may give: the fallback page is shown there.)
  const defaults = content.site.gone as SiteContent['site']['gone'] | undefined;
  if (!defaults) return [];
  const answered = new Set([...siteRoutes(content.routes).pagePaths.map((p) => p.path), ...articlePages(content).map((a) => a.path)]);
  // A link to a page of the site only while the site answers it (another site's link as it is).
  const leads = (link: GoneLink) => {
    const page = siteLinkOf(link.href);
    return page === undefined || answered.has(page.path);
  };
  const pages = new Map<string, GonePage>();
  for (const entry of content.moved.gone) {
    const own = goneWordsOf(entry);
    const links = (own.links ?? []).filter(leads);
    const words: GonePageWords = {
      message: own.message ?? defaults.message,
      text: defaults.text,
      links: links.length > 0 ? links : defaults.links.filter(leads),
    };
    const name = nameOf(JSON.stringify(words));
    let page = pages.get(name);
    if (!page) pages.set(name, (page = { file: `${GONE_FOLDER}/${name}.html`, renderPath: `/${GONE_FOLDER}/${name}`, words, addresses: [] }));
    page.addresses.push(goneAddress(entry));
  }
  return [...pages.values()];
}
