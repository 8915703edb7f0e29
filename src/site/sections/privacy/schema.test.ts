/**
 * The privacy page states what the server does: its words may change, its facts may not. Every
 * figure comes from the setting that rules it ({days}, {email}, …), and who is told of a lead is
 * the owner's to say, as the switches it describes are.
 */
import { checkContent } from '../../../content/model/checkContent';
import { ownerOnlyChanges } from '../../../content/model/ownerOnly';
import { pageSchema } from '../../model/pageSchema';
import { loadRealConfig, type Json, type RealConfig } from '../../../test/realConfig';
import { AUDIT_FORM_NAME, auditForm } from '../../../test/auditForm';

let real: RealConfig;
let pageId: string;
let at: number;

beforeAll(async () => {
  real = await loadRealConfig();
  [pageId] = Object.entries(real.pages).find(([, page]) => (page.sections as Json[]).some((s) => s.type === 'privacy'))!;
  at = (real.pages[pageId]!.sections as Json[]).findIndex((s) => s.type === 'privacy');
});

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The problems of the privacy page with one of its section's texts changed, as [key path, kind]. */
function problemsWith(path: (string | number)[], value: unknown): [string, string][] {
  const page = clone(real.pages[pageId]!);
  let node = (page.sections as Json[])[at] as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
  return checkContent({ ...real, pages: { ...real.pages, [pageId]: page } }, () => true)
    .filter((p) => p.file === `config/pages/${pageId}.ts`)
    .map((p) => [p.path.slice(2).join('.'), p.words.kind]);
}

it('the page as it is states every figure through its placeholders', () => {
  expect(problemsWith(['id'], (real.pages[pageId]!.sections as Json[])[at]!.id)).toEqual([]);
});

it.each([
  ['forms.keptFor', 'Deleted 7 days after you send it.', ['factLeftOut', 'factRestated']],
  ['forms.keptFor', 'Deleted {days} days after you send it, or 7 if you ask.', ['factRestated']],
  ['forms.cvKeptFor', 'We never keep an attached CV.', ['factLeftOut']],
  ['visits.keptFor', 'The daily counts are deleted at once.', ['factLeftOut']],
  ['rights.erasure', 'Write to {email}: we erase it within 3 days.', ['factLeftOut', 'factRestated']],
  ['rights.erasure', 'Write to us: we erase it within {days} days.', ['factLeftOut']],
  ['responsible.text', 'We are responsible. Write to {email}.', ['factLeftOut']],
])('%s "%s" is refused: a figure left out or written out', (key, text, kinds) => {
  expect(problemsWith(key.split('.'), text)).toEqual(kinds.map((kind) => [key, kind]));
});

it("the newsletter's paragraphs say the sign-up's waiting time in one of them, and write no figure of their own", () => {
  const paragraphs = ((real.pages[pageId]!.sections as Json[])[at]!.newsletter as { local: string[] }).local;
  const without = paragraphs.map((p) => p.replace(/\{days\}/g, 'a few'));
  expect(problemsWith(['newsletter', 'local'], without)).toEqual([['newsletter.local', 'factLeftOut']]);
  expect(problemsWith(['newsletter', 'local', 0], `${paragraphs[0]!} We delete it after 2 days.`)).toEqual([['newsletter.local.0', 'factRestated']]);
});

it("who is told of a new lead is an owner's to change; the other words are an editor's", () => {
  const before = real.pages[pageId]!;
  const told = clone(before);
  ((told.sections as Json[])[at]!.forms as { told: { email: string } }).told.email = 'Nobody is notified.';
  expect(ownerOnlyChanges(pageSchema, before, told)).toEqual([['sections', at, 'forms', 'told']]);
  const why = clone(before);
  ((why.sections as Json[])[at]!.forms as { heading: string }).heading = 'What we ask for';
  expect(ownerOnlyChanges(pageSchema, before, why)).toEqual([]);
});

describe('every form is listed', () => {
  const notListed = (forms: Readonly<Record<string, unknown>>) =>
    checkContent({ ...real, forms }, () => true).filter((problem) => problem.words.kind === 'formsNotListed');

  it('asks for a form the office made by its own name, so the office can act on the sentence', () => {
    const problems = notListed({ ...real.forms, [AUDIT_FORM_NAME]: auditForm });
    expect(problems).toHaveLength(1);
    expect(problems[0]!.words.values?.forms).toBe(`“${auditForm.title}”`);
    expect(problems[0]!.message).toContain(AUDIT_FORM_NAME);
  });

  it('asks for nothing when every form is listed', () => {
    expect(notListed(real.forms)).toEqual([]);
  });
});
