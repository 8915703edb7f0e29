/**
 * What the editor's Publish checks and sends (editedFiles.ts publishProblems, readyToPublish), on the
 * site's real content: an item is checked as it would be published alone, the account's drafts of
 * other items (an unfinished article) neither in it nor holding it back; publishing all of one's
 * drafts sends the items that are ready together and names each one it leaves with its problems, and the
 * site-wide checks a set of items makes together (two articles at one address) keep one back.
 */
import type { ContentSnapshot } from '../model/contentApi';
import { realSnapshot } from '../../test/contentSnapshot';
import { publishProblems, readyToPublish } from './editedFiles';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let snapshot: ContentSnapshot;
beforeAll(async () => {
  snapshot = await realSnapshot();
});

const SITE = 'config/site.ts';
const ABOUT = 'config/pages/about.ts';
const UNFINISHED = 'config/articles/half-written.ts';
const copy = (file: string) => JSON.parse(JSON.stringify(snapshot.files.find((f) => f.file === file)!.value)) as Json;
const anArticle = () => copy(snapshot.files.find((f) => f.file.startsWith('config/articles/'))!.file);

it('an item is checked as it would be published alone: an unfinished article elsewhere neither blocks nor joins it', () => {
  const site = copy(SITE);
  site.contact.phone = { label: '+1 (555) 014-2200', href: 'tel:+15550142200' };
  const edits = { [SITE]: site, [UNFINISHED]: { title: 'Half-written' } };
  expect(publishProblems(snapshot, edits, [SITE])).toEqual([]);
  const ofArticle = publishProblems(snapshot, edits, [UNFINISHED]);
  expect(ofArticle.length).toBeGreaterThan(0);
  expect(new Set(ofArticle.map((p) => p.file))).toEqual(new Set([UNFINISHED]));
  // A problem of its own is its own: the phone number's link not matching its label.
  site.contact.phone.href = 'tel:+15550100199';
  expect(publishProblems(snapshot, edits, [SITE]).map((p) => p.file)).toEqual([SITE]);
});

it('Publish all: the ready items go together, each one left is named with its problems', () => {
  const about = copy(ABOUT);
  about.title = 'About, published with the rest';
  const site = copy(SITE);
  site.contact.phone = { label: '+1 (555) 014-2200', href: 'tel:+15550142200' };
  const unfinished = { title: 'Half-written' };
  const { ready, left } = readyToPublish(snapshot, { [ABOUT]: about, [SITE]: site, [UNFINISHED]: unfinished }, [ABOUT, SITE, UNFINISHED]);
  expect(ready).toEqual([ABOUT, SITE]);
  expect(left.map((l) => l.file)).toEqual([UNFINISHED]);
  expect(left[0]!.problems).toEqual(publishProblems(snapshot, { [UNFINISHED]: unfinished }, [UNFINISHED]));
});

it('Publish all: two articles fine alone but at one address together do not both go; the one left is named with that problem', () => {
  const one = { ...anArticle(), address: 'the-same-address' };
  const two = { ...anArticle(), address: 'the-same-address', title: 'Another title' };
  const files = ['config/articles/one.ts', 'config/articles/two.ts'];
  for (const [file, value] of [
    [files[0]!, one],
    [files[1]!, two],
  ] as const)
    expect(publishProblems(snapshot, { [file]: value }, [file])).toEqual([]);
  const { ready, left } = readyToPublish(snapshot, { [files[0]!]: one, [files[1]!]: two }, files);
  expect(ready).toHaveLength(1);
  expect(left.map((l) => [l.file, l.problems.map((p) => p.path)])).toEqual([[files.find((f) => !ready.includes(f)), [['address']]]]);
});
