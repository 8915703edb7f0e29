/**
 * The editor's own check (editedFiles.ts problemsOf, run in the browser on every edit) holds the
 * addresses to the site's one list of its own names (src/schema/addresses.ts), as npm run check
 * and the server's publish do: with the articles at "/", an article at one of those names, or at
 * the name of a file or folder of public/ (from the files the editor was given), is refused on
 * its address, in the office's words.
 */
import type { ContentSnapshot } from '../model/contentApi';
import { realSnapshot } from '../../test/contentSnapshot';
import { problemsOf } from './editedFiles';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let snapshot: ContentSnapshot;
beforeAll(async () => {
  snapshot = await realSnapshot();
});

const SITE = 'config/site.ts';
const siteAtTop = () => {
  const site = JSON.parse(JSON.stringify(snapshot.files.find((f) => f.file === SITE)!.value)) as Json;
  site.articles.path = '/';
  return site;
};
const anArticle = (address: string) => ({ ...(snapshot.files.find((f) => f.file.startsWith('config/articles/'))!.value as Json), address });

it.each([
  ['admin', "is used by the site's own inbox, so no page can have it. Choose another address."],
  ['index', "is used by the home page's file, so no page can have it. Choose another address."],
  ['api', "is used by the site's server (its forms and the inbox), so no page can have it. Choose another address."],
  ['assets', "is used by the site's scripts and styles, so no page can have it. Choose another address."],
  ['images', "is used by the site's pictures, so no page can have it. Choose another address."],
  ['404', 'is used by the page shown for unknown addresses, so no page can have it. Choose another address.'],
  ['500', 'is used by the error page, so no page can have it. Choose another address.'],
])('with the articles at "/", an article at %j is refused on its address', (address, sentence) => {
  const file = 'config/articles/a-new-one.ts';
  const problems = problemsOf(snapshot, { [SITE]: siteAtTop(), [file]: anArticle(address) }, [SITE, file]);
  expect(problems.map((p) => [p.file, p.path])).toEqual([[file, ['address']]]);
  expect(problems[0]!.message).toContain(`/${address}`);
  expect(problems[0]!.message).toContain(sentence);
  // Under the site's own base path the same address is the article's own.
  expect(problemsOf(snapshot, { [file]: anArticle(address) }, [file])).toEqual([]);
});

it('an article at the name of a folder of public/ is refused where the articles are at "/"', () => {
  const file = 'config/articles/a-new-one.ts';
  const withDownloads = { ...snapshot, publicFiles: [...snapshot.publicFiles, '/downloads/prices.pdf'] };
  const problems = problemsOf(withDownloads, { [SITE]: siteAtTop(), [file]: anArticle('downloads') }, [file]);
  expect(problems.map((p) => [p.file, p.path])).toEqual([[file, ['address']]]);
  expect(problems[0]!.message).toContain('is used by the file or folder public/downloads, so no page can have it.');
});
