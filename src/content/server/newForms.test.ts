/**
 * A form made in the content editor, against our real server over real HTTP on a site folder of
 * its own: an editor publishes it (its file written as a person would, with the shared server
 * answers imported, and listed in config/forms/index.ts), adds and retires questions, and is
 * refused what would break its stored answers (its collection, a question's kind, a removed key
 * forgotten or used again), while the specification's four forms keep their fields as before.
 * Undoing its making takes it out of the list again.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import admin from '../../../config/admin';
import { contentRoutes, type ContentProblem, type ContentSnapshot } from '../model/contentApi';
import { newFormValue, formFileOf, newFormId, fieldKeyOf, keysTaken, privacyWithForm } from '../model/newForm';
import { startEditing, type Client, type TestServer } from '../../test/adminServer';
import { gitIn, makeSite } from '../../test/contentSite';

jest.setTimeout(180_000);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const INDEX = 'config/forms/index.ts';

let siteDir: string;
let s: TestServer;
let editor: Client;

async function snapshot(): Promise<ContentSnapshot> {
  const response = await editor.send('GET', contentRoutes.content.path);
  expect(response.status).toBe(200);
  return (await response.json()) as ContentSnapshot;
}
const valueOf = (snap: ContentSnapshot, file: string) => clone(snap.files.find((f) => f.file === file)?.value) as Json;
async function publish(changes: { file: string; value: unknown }[]) {
  const snap = await snapshot();
  const response = await editor.change('POST', contentRoutes.contentPublish.path, { json: { baseRevision: snap.revision, changes } });
  return { status: response.status, body: (await response.json()) as { problems?: ContentProblem[] } };
}
async function check(changes: { file: string; value: unknown }[]) {
  const response = await editor.change('POST', contentRoutes.contentCheck.path, { json: { changes } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { problems: ContentProblem[] }).problems;
}

beforeAll(async () => {
  siteDir = makeSite({ git: true });
  ({ server: s, editor } = await startEditing(siteDir, { role: 'editor' }));
});
afterAll(() => s.close());

const title = 'Spring site review';
const id = newFormId(title, new Set(['newsletter', 'inquiry', 'freelancer', 'contact']));
const file = formFileOf(id);
const choices = admin.content.newForm.retentionChoices;

it('an editor makes a form: its file imports the shared answers, the list of forms names it, and it reads back as sent', async () => {
  const form = newFormValue({ title, kind: Object.keys(admin.kinds)[0]!, days: choices[0]!.days }, new Set());
  const privacy = privacyWithForm((await snapshot()).files, { form: id, name: title, purpose: 'To review your site.' })!;
  expect(privacy).toBeDefined();
  const made = await publish([{ file, value: form }, privacy]);
  expect(made.body.problems ?? []).toEqual([]);
  expect(made.status).toBe(200);
  const source = readFileSync(path.join(siteDir, file), 'utf8');
  expect(source).toMatch(/^import messages from '\.\/_messages';$/m);
  expect(source).toMatch(/^ {2}messages,$/m);
  const index = readFileSync(path.join(siteDir, INDEX), 'utf8');
  expect(index).toMatch(new RegExp(`^import \\w+ from '\\./${id}';$`, 'm'));
  expect(index).toMatch(new RegExp(`'${id}': \\w+ \\}`));
  expect(valueOf(await snapshot(), file)).toEqual(form);
  expect(gitIn(siteDir, 'status', '--porcelain')).toBe('');
});

it('an editor adds, reorders and retires its questions; its contract refuses a changed collection or kind and a key forgotten or reused', async () => {
  const form = valueOf(await snapshot(), file);
  const first = form.fields[0];
  const label = 'Your current site';
  const added = { name: fieldKeyOf(label, keysTaken(form)), kind: 'url', label, maxLength: 2000 };
  form.fields = [added, first];
  form.checks = [{ field: added.name, rule: 'required', message: 'x' }];
  expect(await check([{ file, value: form }])).toEqual([]);
  expect((await publish([{ file, value: form }])).status).toBe(200);

  // Each refusal in the office's words (no file, no key path), with the developer's sentence beside it.
  const at = (problems: ContentProblem[]) => {
    for (const p of problems) expect(p.message).not.toMatch(/config\/|\.ts\b|fields\[|collection\b/);
    return problems.map((p) => [p.path.join('.'), p.developer]);
  };
  // The collection stays; a published question keeps its kind.
  const renamed = { ...clone(form), collection: 'Another' };
  expect(at(await check([{ file, value: renamed }]))).toEqual([
    ['collection', expect.stringMatching(/^config\/forms\/.*collection is part of the data contract/)],
  ]);
  const rekinded = clone(form);
  rekinded.fields[0].kind = 'text';
  expect(at(await check([{ file, value: rekinded }]))).toEqual([['fields.0.kind', expect.any(String)]]);
  // A question removed goes to `retired`; left out of it, it is refused.
  const dropped = clone(form);
  dropped.fields = [first];
  dropped.checks = [];
  expect(at(await check([{ file, value: dropped }]))).toEqual([['retired', expect.any(String)]]);
  dropped.retired = [{ name: added.name, label: added.label, kind: added.kind }];
  expect(await check([{ file, value: dropped }])).toEqual([]);
  expect((await publish([{ file, value: dropped }])).status).toBe(200);
  // A retired key never comes back, and never leaves `retired`.
  const back = clone(dropped);
  back.fields = [first, added];
  // (The contract says so on the question, the form's schema on the retired entry.)
  expect(at(await check([{ file, value: back }]))).toEqual([
    ['fields.1.name', expect.any(String)],
    ['retired.0.name', expect.any(String)],
  ]);
  const forgotten = clone(dropped);
  delete forgotten.retired;
  expect(at(await check([{ file, value: forgotten }]))).toEqual([['retired', expect.any(String)]]);
  // Owner-only settings stay an owner's once it is published.
  const longer = clone(dropped);
  longer.retention = { days: choices[choices.length - 1]!.days + 1 };
  expect(at(await check([{ file, value: longer }])).map(([key]) => key)).toContain('retention');
});

it("the specification's forms keep their fields as before", async () => {
  const inquiry = valueOf(await snapshot(), 'config/forms/inquiry.ts');
  inquiry.fields = inquiry.fields.slice(0, -1);
  const problems = await check([{ file: 'config/forms/inquiry.ts', value: inquiry }]);
  expect(problems.map((p) => p.path.join('.'))).toContain('fields');
});

it('an editor cannot make a form that mails strangers or keeps answers for a time not offered', async () => {
  const form = newFormValue({ title: 'Other', kind: Object.keys(admin.kinds)[0]!, days: choices[0]!.days + 1 }, new Set());
  form.autoReply = { subject: 'Hello', text: 'Hello' };
  const privacy = privacyWithForm((await snapshot()).files, { form: 'other', name: 'Other', purpose: 'To answer you.' })!;
  const problems = await check([{ file: formFileOf('other'), value: form }, privacy]);
  expect(problems.map((p) => p.path.join('.')).sort()).toEqual(['autoReply', 'retention']);
});

it('removing the form (an undo of its making) takes it out of the list of forms', async () => {
  const privacy = privacyWithForm((await snapshot()).files, { form: id, name: title, purpose: '' })!;
  const items = (privacy.value.sections as Json[]).find((section) => section.forms)!.forms.items as Json[];
  items.pop();
  const removed = await publish([{ file, value: null }, privacy]);
  expect(removed.body.problems ?? []).toEqual([]);
  expect(readFileSync(path.join(siteDir, INDEX), 'utf8')).not.toContain(id);
});
