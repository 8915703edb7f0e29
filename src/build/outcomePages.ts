/**
 * The pages a plain (no-JavaScript) post sends the visitor back to: for each page address and
 * each outcome of each form that page holds, with words to show, the page's HTML with the
 * outcome above it (src/forms/model/outcomes.ts), written once by the build. Whoever serves
 * the files answers `<address>?<outcome query>` with that file, so pages stay files.
 */
import { api } from '../shared/api';
import type { FormConfig } from '../forms/model/formSchema';
import { outcomeBanner, outcomeQuery, outcomesOf } from '../forms/model/outcomes';
import { OUTCOMES_FOLDER } from '../shared/pageFiles';
import { replaceOnce } from '../shared/text';
import type { OutcomePage } from '../shared/siteManifest';
import { writeOwn } from './ownFiles';

/** Where the variants of the pages go, inside the built client folder. */
export { OUTCOMES_FOLDER };

/** The forms a page's HTML holds, by the collection its plain post goes to. */
export function formsOnPage(html: string): string[] {
  const [before, after] = api.documents('COLLECTION').split('COLLECTION') as [string, string];
  const found = [...html.matchAll(/action="([^"]+)"/g)].map((m) => m[1]!).filter((a) => a.startsWith(before) && a.endsWith(after));
  return [...new Set(found.map((a) => decodeURIComponent(a.slice(before.length, a.length - after.length))))];
}

/** Writes the outcome variants of one page (its address and its HTML), with the site's forms; returns what it wrote. */
export function writeOutcomePages(clientDir: string, address: string, pageFile: string, html: string, forms: readonly FormConfig[]): OutcomePage[] {
  if (!html.includes('<body>')) throw new Error(`${pageFile} has no <body> tag to put a form's outcome after`);
  const written: OutcomePage[] = [];
  for (const collection of formsOnPage(html)) {
    const form = forms.find((f) => f.collection === collection);
    if (!form) throw new Error(`${pageFile} posts to "${collection}", which no form of the content stores`);
    for (const outcome of outcomesOf(form)) {
      const banner = outcomeBanner(outcome);
      if (!banner) continue;
      const query = outcomeQuery(outcome);
      const file = `${OUTCOMES_FOLDER}/${pageFile.replace(/\.html$/, '')}/${query.map(([k, v]) => `${k}-${v}`).join('-')}.html`;
      // By slicing: the banner holds the form's words, where `$'` or `$&` must stay as they are.
      writeOwn(clientDir, file, replaceOnce(html, '<body>', `<body>\n${banner}`));
      written.push({ path: address, query, file });
    }
  }
  return written;
}
