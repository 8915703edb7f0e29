/**
 * The content editor's form, drawn from the real schemas over the real content: one shared suite
 * over every section type and every file of config/ (each draws, every control has a name), list
 * operations by keyboard (with the change announced and the keyboard kept on the item), and the
 * checker's sentences appearing on the field of their key as the value becomes wrong.
 */
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { useMemo, useState } from 'react';
import admin from '../../../config/admin';
import { checkContent } from '../model/checkContent';
import { pageSchema } from '../../site/model/pageSchema';
import { articleSchema } from '../../site/model/articleSchema';
import { SEARCH_SHOWS, shownToOffice, TEXT_LIMITS, type Path, type Schema } from '../../schema/schema';
import { sectionSchemas } from '../../site/sections/schemas';
import type { ContentSnapshot } from '../model/contentApi';
import type { AdminRole } from '../../platform/roles';
import { realSnapshot } from '../../test/contentSnapshot';
import { checkOptionsOf, problemsOf, schemaOfFile, valueOf, type Edits } from './editedFiles';
import { emptyValue, fieldId, getAt, isRecord, labelOf, setAt } from './schemaValues';
import { addItemLabel, officeWordsOf, sectionTypeLabel } from '../model/officeSentences';
import { escapeRegExp, fill } from '../../schema/text';
import { SchemaForm } from './SchemaForm';
import { followLabels, newFormValue } from '../model/newForm';
import { siteContentOf } from '../../site/model/siteContent';
import { linkTargets } from './sitePages';

/** Where the first link (an `href`) of a value is, depth first: a page's first button or link. */
function firstLinkPath(v: unknown, path: Path): Path | undefined {
  if (Array.isArray(v))
    for (const [i, x] of v.entries()) {
      const hit = firstLinkPath(x, [...path, i]);
      if (hit) return hit;
    }
  else if (isRecord(v))
    for (const [k, x] of Object.entries(v)) {
      if (k === 'href' && typeof x === 'string') return [...path, k];
      const hit = firstLinkPath(x, [...path, k]);
      if (hit) return hit;
    }
  return undefined;
}

const t = admin.content;
// A whole config file's form takes seconds to draw in jsdom.
jest.setTimeout(120_000);
let snapshot: ContentSnapshot;
beforeAll(async () => {
  snapshot = await realSnapshot();
});

const formIds = () => snapshot.files.map((f) => /^config\/forms\/(\w+)\.ts$/.exec(f.file)?.[1]).filter((id): id is string => !!id);
/** What a link may lead to, as the edit screen gives it: every address of config/routes.ts and of the office's pages, titled, then the articles. */
const pages = (edits: Edits) => linkTargets(siteContentOf(checkOptionsOf(snapshot, edits)));
const noUpload = () => Promise.reject(new Error('no upload in this test'));

/**
 * Styles are worked out but not put into jsdom's style sheets: parsing them there takes most of a
 * test's time (a whole config file's form took a minute), and no test here reads a style. Nor are
 * those of emotion's <Global>, which makes a sheet of its own from the cache's (`new
 * cache.sheet.constructor`): MUI's text boxes each add one (the keyframes of its autofill
 * detection), hundreds in a form, and jsdom's computed styles (which every growing box asks for at
 * each render, and every role query) walked each of their rules for each element and its ancestors.
 */
const styles = createCache({ key: 'test' });
const WrittenSheet = styles.sheet.constructor as new (options: { key: string; container: Node }) => EmotionCache['sheet'];
class UnwrittenSheet extends WrittenSheet {
  override insert() {}
}
styles.sheet = new UnwrittenSheet({ key: 'test', container: document.head });

/**
 * A person's keys and clicks, one after the other with no turn of the event loop between them
 * (nothing here waits on a timer), and without user-event's check that an element takes the
 * pointer: that check reads `pointer-events` from computed styles, which are not in jsdom here
 * (above), so it could never fail and only cost time.
 */
const person = () => userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });

/**
 * The editor as the edit screen uses it: the checker runs on every change, its sentences go to
 * their fields. `at` draws one part of the file (a section, a list item), as the edit screen does
 * for the site-wide parts: a whole page's form takes seconds to draw in jsdom, each change draws
 * it again, and the checker still reads the whole content.
 */
function Editor({
  file,
  start,
  at = [],
  onEdit,
  role = 'editor',
}: {
  file: string;
  start?: Edits;
  at?: Path;
  onEdit?: (value: unknown) => void;
  role?: AdminRole;
}) {
  const [edits, setEdits] = useState<Edits>(start ?? {});
  const sitePageList = useMemo(() => pages(edits), [edits]);
  const ids = useMemo(formIds, []);
  const problems = useMemo(() => problemsOf(snapshot, edits, [file]), [edits, file]);
  return (
    <CacheProvider value={styles}>
      <SchemaForm
        file={file}
        role={role}
        schema={schemaOfFile(file)!}
        value={valueOf(snapshot, edits, file)}
        onChange={(value) => {
          onEdit?.(value);
          setEdits((old) => ({ ...old, [file]: value }));
        }}
        at={at}
        problems={problems}
        pages={sitePageList}
        formIds={ids}
        uploadImage={noUpload}
      />
    </CacheProvider>
  );
}

/** Elements HTML lets a <label> name (https://html.spec.whatwg.org/#category-label). */
const LABELABLE = 'button, input:not([type=hidden]), meter, output, progress, select, textarea';

/**
 * The texts of the <label>s of each control of the document, as HTML pairs them: a label with
 * `for` names the element of that id, one without names the first labelable element inside it.
 * (What jsdom's `control.labels` gives, found once for the document: jsdom looks through every
 * label of the document for each control, which took most of a minute for one file's form.)
 */
function labelsOfControls(): Map<Element, string[]> {
  const labels = new Map<Element, string[]>();
  for (const label of document.querySelectorAll('label')) {
    const control = label.hasAttribute('for') ? document.getElementById(label.htmlFor) : label.querySelector(LABELABLE);
    if (control?.matches(LABELABLE)) labels.set(control, [...(labels.get(control) ?? []), label.textContent ?? '']);
  }
  return labels;
}

/**
 * A control's name, the way the accessible-name algorithm finds it for the markup these editors
 * make (its labels, aria-label, aria-labelledby, a fieldset's legend, a button's text): the full
 * algorithm asks jsdom for computed styles, which took ten seconds for one form.
 */
function nameOf(c: HTMLElement, labels: Map<Element, string[]>): string {
  const byIds = (ids: string) =>
    ids
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
  const text =
    c.getAttribute('aria-label') ??
    (c.getAttribute('aria-labelledby') ? byIds(c.getAttribute('aria-labelledby')!) : undefined) ??
    (c instanceof HTMLFieldSetElement ? c.querySelector(':scope > legend')?.textContent : undefined) ??
    (labels.has(c) ? labels.get(c)!.join(' ') : undefined) ??
    (c instanceof HTMLButtonElement ? c.textContent : '');
  return (text ?? '').trim();
}

/** Every control a person can reach has a name. */
function expectAllLabelled(container: HTMLElement) {
  const controls = [...container.querySelectorAll<HTMLElement>('input:not([type=hidden]):not([hidden]), textarea, [role=combobox], button, fieldset')].filter(
    (c) => !c.closest('[aria-hidden=true]'),
  );
  expect(controls.length).toBeGreaterThan(0);
  const labels = labelsOfControls();
  const unnamed = controls.filter((c) => nameOf(c, labels) === '').map((c) => c.outerHTML.slice(0, 120));
  expect(unnamed).toEqual([]);
}

const field = (file: string, path: Path) => {
  const element = document.getElementById(fieldId(file, path));
  if (!element) throw new Error(`no field for ${file} ${JSON.stringify(path)}`);
  return element;
};

/** What the real checker says about one key of the content with these edits. */
/** The checker's refusals at a key, each with its kind and the sentence under its box (src/content/model/officeSentences.ts). */
const refusalsAt = (edits: Edits, file: string, path: Path) =>
  checkContent(checkOptionsOf(snapshot, edits), (p) => snapshot.publicFiles.includes(p))
    .filter((p) => p.file === file && JSON.stringify(p.path) === JSON.stringify(path))
    .map((p) => ({ kind: p.words.kind, field: officeWordsOf(p, valueOf(snapshot, edits, file)).field }));
const sentencesAt = (edits: Edits, file: string, path: Path) => refusalsAt(edits, file, path).map((r) => r.field);
const kindsAt = (edits: Edits, file: string, path: Path) => refusalsAt(edits, file, path).map((r) => r.kind);

test("the name finder pairs labels and controls as jsdom's `labels` does, and finds a control without a name", () => {
  const { container } = render(
    <form>
      <label htmlFor="a">By its id</label>
      <input id="a" />
      <label>
        Around it <input type="hidden" /> <textarea />
      </label>
      <label htmlFor="c">Not a control</label>
      <div id="c" />
      <input id="b" />
      <button type="button">Its text</button>
    </form>,
  );
  const labels = labelsOfControls();
  for (const c of container.querySelectorAll<HTMLInputElement>('input:not([type=hidden]), textarea, button')) {
    expect(labels.get(c) ?? []).toEqual([...(c.labels ?? [])].map((l) => l.textContent));
  }
  expect([...container.querySelectorAll<HTMLElement>('input:not([type=hidden]), textarea, button')].map((c) => nameOf(c, labels))).toEqual([
    'By its id',
    'Around it',
    '',
    'Its text',
  ]);
  expect(() => expectAllLabelled(container)).toThrow();
});

describe('every section type', () => {
  test.each(Object.keys(sectionSchemas))('%s: a real one (or a new one) draws, every control named, no problem shown', (type) => {
    const real = snapshot.files
      .flatMap((f) => (isRecord(f.value) && Array.isArray(f.value.sections) ? (f.value.sections as unknown[]) : []))
      .find((s) => isRecord(s) && s.type === type);
    const section = real ?? emptyValue(sectionSchemas[type as keyof typeof sectionSchemas], { formIds: formIds() });
    const home = valueOf(snapshot, {}, 'config/pages/home.ts');
    const { container } = render(<Editor file="config/pages/home.ts" start={{ 'config/pages/home.ts': setAt(home, ['sections'], [section]) }} />);
    expectAllLabelled(container);
    expect(field('config/pages/home.ts', ['sections', 0])).toBeInTheDocument();
    if (real) expect(container.querySelectorAll('[aria-invalid=true]')).toHaveLength(0);
  });

  test('a new section of each type can be added from the list, with a sensible empty value the checker then explains', async () => {
    const user = person();
    const home = valueOf(snapshot, {}, 'config/pages/home.ts') as { sections: unknown[] };
    const start = { 'config/pages/home.ts': { ...home, sections: home.sections.slice(0, 1) } };
    render(<Editor file="config/pages/home.ts" start={start} />);
    const sections = field('config/pages/home.ts', ['sections']);
    const before = 1;
    const add = within(sections).getByRole('button', { name: t.addSection });
    await user.click(add);
    const added = field('config/pages/home.ts', ['sections', before]);
    const firstType = Object.keys(sectionSchemas)[0]!;
    const expected = checkContent(
      checkOptionsOf(snapshot, {
        'config/pages/home.ts': setAt(
          start['config/pages/home.ts'],
          ['sections', before],
          emptyValue(sectionSchemas[firstType as keyof typeof sectionSchemas], { formIds: formIds() }),
        ),
      }),
      () => true,
    ).filter((p) => p.file === 'config/pages/home.ts');
    expect(expected.length).toBeGreaterThan(0);
    expect(added).toHaveFocus();
    for (const p of expected) {
      expect(field('config/pages/home.ts', p.path).closest('fieldset, .MuiFormControl-root')!.textContent).toContain(
        officeWordsOf(p, valueOf(snapshot, start, 'config/pages/home.ts')).field,
      );
    }
  });
});

describe('every file of config/', () => {
  // config/site.ts, config/admin.ts and the longer pages hold hundreds of fields: a minute or more
  // each in jsdom on this machine. Their keys are of the kinds drawn here and above.
  test.each(['config/routes.ts', 'config/server.ts', 'config/forms/contact.ts', 'config/forms/inquiry.ts', 'config/forms/newsletter.ts'])(
    '%s draws, every control named, no problem shown',
    (file) => {
      expect(snapshot.files.some((f) => f.file === file)).toBe(true);
      const { container } = render(<Editor file={file} />);
      expectAllLabelled(container);
      expect(container.querySelectorAll('[aria-invalid=true]')).toHaveLength(0);
    },
  );

  test("a form's screen shows only what the office may change: no box for the data contract or a developer's setting (marked in the schema)", () => {
    const file = 'config/forms/contact.ts';
    const value = valueOf(snapshot, {}, file);
    render(<Editor file={file} />);
    // Every key of the real form, walked with its schema: a key the schema hides has no box, any other has one.
    const hidden: Path[] = [];
    const shown: Path[] = [];
    const walk = (schema: Schema<unknown>, v: unknown, path: Path) => {
      if (path.length > 0) (shownToOffice(schema) ? shown : hidden).push(path);
      if (!shownToOffice(schema) || v === undefined) return;
      const meta = schema.meta;
      if ((meta.kind === 'object' || meta.kind === 'image') && isRecord(v))
        for (const [key, child] of Object.entries(meta.shape)) walk(child, v[key], [...path, key]);
      // A list inside a list's item (a field's options): its items are lines, opened one at a time (see below).
      if (meta.kind === 'list' && Array.isArray(v))
        v.forEach((item, i) =>
          path.some((p) => typeof p === 'number') ? (shownToOffice(meta.item) ? shown : hidden).push([...path, i]) : walk(meta.item, item, [...path, i]),
        );
    };
    walk(schemaOfFile(file)!, value, []);
    // The contract and the developer's settings the issue names: the collection, field keys, checks' rules, retention, autofill, reset values, variants.
    for (const key of [['collection'], ['fields', 0, 'name'], ['fields', 0, 'autoComplete'], ['checks', 0, 'rule'], ['retention'], ['success', 'variant']]) {
      if (getAt(value, key) !== undefined) expect(hidden).toContainEqual(key);
    }
    expect(hidden.length).toBeGreaterThan(0);
    for (const path of hidden) expect(document.getElementById(fieldId(file, path))).toBeNull();
    for (const path of shown.filter((p) => getAt(value, p) !== undefined)) expect(document.getElementById(fieldId(file, path))).toBeInTheDocument();
    // No box is named after a hidden key.
    const names = new Set([...document.querySelectorAll('label, legend')].map((l) => l.textContent));
    for (const key of ['collection', 'autoComplete', 'valueAfterReset', 'retention', 'variant', 'cvDays', 'days']) expect(names.has(labelOf(key))).toBe(false);
    // The fields and the checks keep their number and order: no Add, Remove or Move there.
    for (const list of ['fields', 'checks']) {
      const id = fieldId(file, [list]);
      for (const control of [`${id}-add`, `${id}-0-up`, `${id}-1-up`, `${id}-0-down`, `${id}-0-remove`]) expect(document.getElementById(control)).toBeNull();
    }
    // A select's options are the visitor's words: they can be added to and reordered.
    const select = (value as { fields: Array<{ kind: string }> }).fields.findIndex((f) => f.kind === 'select');
    expect(document.getElementById(`${fieldId(file, ['fields', select, 'options'])}-add`)).toBeInTheDocument();
    // What the visitor reads stays editable.
    expect(field(file, ['checks', 0, 'message'])).not.toHaveAttribute('readonly');
    // A field's choices or upload settings come with its kind: a text field is not offered either.
    const plain = (value as { fields: Array<{ options?: unknown; upload?: unknown }> }).fields.findIndex((f) => !f.options && !f.upload);
    for (const key of ['options', 'upload'])
      expect(within(field(file, ['fields', plain])).queryByRole('button', { name: fill(t.addNamed, { name: labelOf(key) }) })).toBeNull();
  });

  test("a form made in the editor: what it brings, each question's kind, a check's question and rule in words; its columns and how long it keeps answers only on an owner's screen", () => {
    const file = 'config/forms/made-here.ts';
    const kind = Object.keys(admin.kinds).at(-1)!;
    const made = newFormValue({ title: 'Made here', kind, days: admin.content.newForm.retentionChoices[0]!.days }, new Set());
    const value = followLabels(undefined, { ...made, fields: [...(made.fields as unknown[]), { name: '', kind: 'radio', label: 'Which one', maxLength: 1 }] });
    const drawn = (role: AdminRole) => {
      const part = render(<Editor file={file} start={{ [file]: value }} role={role} />);
      const checks = (value as { checks: unknown[] }).checks;
      const counted = {
        ...value!,
        checks: [...checks, { field: 'whichOne', rule: 'minLength', min: 3, message: 'm' }, { field: 'whichOne', rule: 'url', message: 'u' }],
      };
      const one = (n: number) => render(<Editor file={file} start={{ [file]: counted }} at={['checks', n]} role={role} />);
      const [minLength, url] = [one(checks.length), one(checks.length + 1)];
      const check = {
        question: field(file, ['checks', checks.length, 'field']).textContent,
        rule: field(file, ['checks', checks.length, 'rule']).textContent,
        min: document.getElementById(fieldId(file, ['checks', checks.length, 'min'])) !== null,
        urlMin: document.getElementById(fieldId(file, ['checks', checks.length + 1, 'min'])) !== null,
      };
      minLength.unmount();
      url.unmount();
      const seen = {
        kind: field(file, ['kind']).textContent,
        question: field(file, ['fields', 1, 'kind']).textContent,
        answer: field(file, ['fields', 1, 'options', 0]).textContent?.includes(t.newForm.start.option),
        columns: document.getElementById(fieldId(file, ['columns'])) !== null,
        retention: document.getElementById(fieldId(file, ['retention', 'days'])) !== null,
        // Answers come with a kind of choices: never offered to a short text, never removed from a radio question as a whole;
        // nor are retired questions offered (the editor's server keeps them).
        wholeAnswers: screen.queryAllByRole('button', {
          name: new RegExp(
            `^(${[
              fill(t.addNamed, { name: labelOf('options') }),
              fill(t.removeNamed, { name: labelOf('options') }),
              fill(t.addNamed, { name: labelOf('retired') }),
            ]
              .map(escapeRegExp)
              .join('|')})$`,
          ),
        }).length,
        check,
      };
      part.unmount();
      return seen;
    };
    // A check's question by its label, its rule in words, its number only for a rule that has one.
    const check = { question: 'Which one', rule: fill(admin.ruleLabels.minLength, { min: t.newForm.start.anyNumber }), min: true, urlMin: false };
    const words = { kind: admin.kinds[kind as keyof typeof admin.kinds], question: t.choices.kind.radio, answer: true, check };
    expect(drawn('editor')).toEqual({ ...words, columns: false, retention: false, wholeAnswers: 0 });
    expect(drawn('owner')).toEqual({ ...words, columns: true, retention: true, wholeAnswers: 0 });
  });

  test("a question's condition is chosen from lists: another question of choices by its label, and its answers ticked, with no box to type either in", async () => {
    const file = 'config/forms/made-here.ts';
    const kind = Object.keys(admin.kinds).at(-1)!;
    const made = newFormValue({ title: 'Made here', kind, days: admin.content.newForm.retentionChoices[0]!.days }, new Set());
    const extra = [
      { name: '', kind: 'radio', label: 'Which one', maxLength: 5, options: [{ value: 'Ay' }, { value: 'Bee', label: 'Bee words' }] },
      { name: '', kind: 'text', label: 'Your site', maxLength: 50 },
      { name: '', kind: 'checkboxes', label: 'Several', maxLength: 5, options: [{ value: 'Cee' }] },
    ];
    const laid = followLabels(undefined, { ...made, fields: [...(made.fields as unknown[]), ...extra] }) as { fields: Array<Record<string, unknown>> };
    const at = laid.fields.findIndex((f) => f.label === 'Your site');
    const value = { ...laid, fields: laid.fields.map((f, i) => (i === at ? { ...f, showWhen: { field: 'whichOne', is: ['Ay'] } } : f)) };
    let edited: unknown;
    render(<Editor file={file} start={{ [file]: value }} at={['fields', at]} onEdit={(v) => (edited = v)} />);
    const where = ['fields', at, 'showWhen'];
    await person().click(field(file, [...where, 'field']));
    const offered = screen.getAllByRole('option').map((o) => o.textContent);
    await person().keyboard('{Escape}');
    const answers = within(field(file, [...where, 'is'])).getAllByRole('checkbox') as HTMLInputElement[];
    const seen = {
      offered,
      answers: answers.map((box) => [box.closest('label')?.textContent, box.checked]),
      typed: document.getElementById(fieldId(file, [...where, 'is', 0])) !== null,
    };
    expect(seen).toEqual({
      offered: expect.arrayContaining(['Which one', 'Several']),
      answers: [
        ['Ay', true],
        ['Bee words', false],
      ],
      typed: false,
    });
    expect(offered).not.toContain('Your site');
    expect(offered.filter((o) => o !== t.none)).toEqual(['Which one', 'Several']);
    await person().click(answers[1]!);
    expect((edited as typeof value).fields[at]!.showWhen).toEqual({ field: 'whichOne', is: ['Ay', 'Bee'] });
  });

  test("what only an owner changes (ownerOnly in the schemas) is read-only to an editor and editable by an owner: a form's notification switches, the site's e-mail address, each with its own reason; a field's limit has no box at all", () => {
    const form = 'config/forms/contact.ts';
    const site = 'config/site.ts';
    const switches: Path[] = [
      ['notify', 'email'],
      ['notify', 'webhook'],
    ];
    const email = (valueOf(snapshot, {}, form) as { fields: Array<{ kind: string }> }).fields.findIndex((f) => f.kind === 'email');
    const drawn = (role: AdminRole) => {
      const parts = [
        render(<Editor file={form} at={['notify']} role={role} />),
        render(<Editor file={form} at={['fields', email]} role={role} />),
        render(<Editor file={site} at={['contact']} role={role} />),
      ];
      const seen = {
        switchesOff: switches.map((path) => (field(form, path) as HTMLInputElement).disabled),
        switchNotes: switches.map((path) => document.getElementById(`${fieldId(form, path)}-helper`)?.textContent?.includes(t.ownerOnly.told) ?? false),
        // The agency's words stay the office's, whoever signed in.
        subjectReadOnly: field(form, ['notify', 'subject']).hasAttribute('readonly'),
        limitBox: document.getElementById(fieldId(form, ['fields', email, 'maxLength'])) !== null,
        emailReadOnly: [
          field(site, ['contact', 'email', 'label']).hasAttribute('readonly'),
          field(site, ['contact', 'email', 'href']).hasAttribute('readonly'),
        ],
        // The address's own reason (visitors' answers come back to it), not another setting's.
        emailNote: field(site, ['contact', 'email']).textContent?.includes(t.ownerOnly.answers) ?? false,
        emailOtherNote: Object.values(t.ownerOnly).some((why) => why !== t.ownerOnly.answers && field(site, ['contact', 'email']).textContent?.includes(why)),
        phoneReadOnly: field(site, ['contact', 'phone', 'label']).hasAttribute('readonly'),
      };
      for (const part of parts) part.unmount();
      return seen;
    };
    expect(drawn('editor')).toEqual({
      switchesOff: [true, true],
      switchNotes: [true, true],
      subjectReadOnly: false,
      limitBox: false,
      emailReadOnly: [true, true],
      emailNote: true,
      emailOtherNote: false,
      phoneReadOnly: false,
    });
    expect(drawn('owner')).toEqual({
      switchesOff: [false, false],
      switchNotes: [false, false],
      subjectReadOnly: false,
      limitBox: false,
      emailReadOnly: [false, false],
      emailNote: false,
      emailOtherNote: false,
      phoneReadOnly: false,
    });
  });

  test('a site-wide part draws alone', () => {
    render(<Editor file="config/site.ts" at={['footer']} />);
    expect(field('config/site.ts', ['footer'])).toBeInTheDocument();
    expect(document.getElementById(fieldId('config/site.ts', ['navigation']))).toBeNull();
  });
});

describe('lists by keyboard', () => {
  const file = 'config/pages/home.ts';
  const faqAt = () => {
    const sections = (valueOf(snapshot, {}, file) as { sections: Array<{ type: string }> }).sections;
    const index = sections.findIndex((s) => s.type === 'faq');
    if (index >= 0) return { start: undefined, index };
    const faq = snapshot.files
      .flatMap((f) => (isRecord(f.value) && Array.isArray(f.value.sections) ? f.value.sections : []))
      .find((s) => isRecord(s) && s.type === 'faq');
    return { start: { [file]: { ...(valueOf(snapshot, {}, file) as object), sections: [faq] } }, index: 0 };
  };

  test('add, move up, move down and remove: each announced, the keyboard kept on the item', async () => {
    const user = person();
    const { start, index } = faqAt();
    // The FAQ section alone: its list's operations are what is tested, not the page around it.
    render(<Editor file={file} start={start} at={['sections', index]} />);
    const itemsPath = ['sections', index, 'items'];
    const items = () => field(file, itemsPath);
    const questionOf = (i: number) => (field(file, [...itemsPath, i, 'question']) as HTMLInputElement).value;
    // The buttons are named with their item ("Move 'How long…' down").
    const named = (template: string) => new RegExp(`^${template.split('{name}').map(escapeRegExp).join('.+')}$`);
    const count = () => within(items()).getAllByRole('button', { name: named(t.removeNamed) }).length;
    const n = count();
    expect(n).toBeGreaterThan(1);
    const [first, second] = [questionOf(0), questionOf(1)];
    const status = screen.getAllByRole('status').at(-1)!;

    // Move down with Enter: the item moves, its Move down button keeps the keyboard.
    within(items())
      .getAllByRole('button', { name: named(t.moveDownNamed) })[0]!
      .focus();
    await user.keyboard('{Enter}');
    expect([questionOf(0), questionOf(1)]).toEqual([second, first]);
    expect(document.activeElement).toBe(within(items()).getAllByRole('button', { name: named(t.moveDownNamed) })[1]);
    await waitFor(() => expect(status).toHaveTextContent(/2/));

    // Move up with Space: back in place.
    within(items())
      .getAllByRole('button', { name: named(t.moveUpNamed) })[1]!
      .focus();
    await user.keyboard(' ');
    expect([questionOf(0), questionOf(1)]).toEqual([first, second]);

    // Add: a new empty item at the end, focused, said.
    within(items())
      .getByRole('button', { name: addItemLabel('items', labelOf('items')) })
      .focus();
    await user.keyboard('{Enter}');
    expect(count()).toBe(n + 1);
    expect(questionOf(n)).toBe('');
    expect(field(file, [...itemsPath, n])).toHaveFocus();
    await waitFor(() => expect(status).toHaveTextContent(String(n + 1)));
    // The new, empty question is wrong at once, with the checker's sentence on it.
    expect(field(file, [...itemsPath, n, 'question'])).toHaveAttribute('aria-invalid', 'true');

    // Remove it again with the keyboard.
    const removes = within(items()).getAllByRole('button', { name: named(t.removeNamed) });
    removes[n]!.focus();
    await user.keyboard('{Enter}');
    expect(count()).toBe(n);
  });
});

describe("the checker's sentences on their fields, as typed", () => {
  const home = 'config/pages/home.ts';
  const headingPath = () => {
    const sections = (valueOf(snapshot, {}, home) as { sections: Array<Record<string, unknown>> }).sections;
    const i = sections.findIndex((s) => typeof s.heading === 'string');
    return ['sections', i, 'heading'];
  };

  test('an empty headline', () => {
    const path = headingPath();
    render(<Editor file={home} at={path.slice(0, 2)} />);
    const input = field(home, path);
    expect(input).not.toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(input, { target: { value: '' } });
    const edits = { [home]: setAt(valueOf(snapshot, {}, home), path, '') };
    const [sentence] = sentencesAt(edits, home, path);
    expect(kindsAt(edits, home, path)).toEqual(['empty']);
    // Whole under its box: it starts with the box's own name.
    expect(sentence!.startsWith(`${labelOf('heading')} `)).toBe(true);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(sentence);
  });

  test('a link to /Abuot, typed as an address', async () => {
    const user = person();
    // The first link of the home page (a button of the hero, or any `href`).
    const value = valueOf(snapshot, {}, home);
    const path = firstLinkPath(value, [])!;
    // The link's section alone (a whole page draws again at each key); typed key by key, the way
    // a person does: "/" on the way to "/Abuot" is the home page, and the field stays an address.
    render(<Editor file={home} at={path.slice(0, 2)} />);
    const kind = screen.getAllByRole('combobox').find((c) => c.textContent === t.linkPage || c.textContent === t.linkAddress)!;
    await user.click(kind);
    await user.click(await screen.findByRole('option', { name: t.linkAddress }));
    const input = field(home, path) as HTMLInputElement;
    await user.clear(input);
    await user.type(input, '/Abuot');
    // Still the address field, holding every key.
    expect(field(home, path)).toBe(input);
    expect(input).toHaveValue('/Abuot');
    const [sentence] = sentencesAt({ [home]: setAt(value, path, '/Abuot') }, home, path);
    expect(kindsAt({ [home]: setAt(value, path, '/Abuot') }, home, path)).toEqual(['notAPage']);
    expect(input).toHaveAccessibleDescription(sentence);
  });

  test("a link's choice between a page and an address is named once by the link's name, no word said twice", () => {
    const value = valueOf(snapshot, {}, home);
    const path = firstLinkPath(value, [])!;
    render(<Editor file={home} at={path.slice(0, 2)} />);
    const kind = screen.getAllByRole('combobox').find((c) => c.textContent === t.linkPage || c.textContent === t.linkAddress)!;
    const name = fill(t.linkKind, { label: labelOf(String(path.at(-1))) });
    expect(screen.getAllByRole('combobox', { name })).toContain(kind);
    const words = name.toLowerCase().match(/\p{L}+/gu)!;
    expect(words).toEqual([...new Set(words)]);
  });

  test('a link to an alias of a page (config/routes.ts aliases) opens as that page of the site, and stays as written', async () => {
    const user = person();
    const value = valueOf(snapshot, {}, home);
    const path = firstLinkPath(value, [])!;
    const routes = valueOf(snapshot, {}, 'config/routes.ts') as { routes: Array<{ path: string; page: string; aliases?: string[] }> };
    const aliases = routes.routes.flatMap((r) => (r.aliases ?? []).map((alias) => ({ alias, route: r })));
    expect(aliases.length).toBeGreaterThan(0);
    for (const { alias, route } of aliases) {
      const onEdit = jest.fn();
      // Only the link's section is drawn (a whole page takes seconds in jsdom).
      const { unmount } = render(<Editor file={home} start={{ [home]: setAt(value, path, alias) }} at={path.slice(0, 2)} onEdit={onEdit} />);
      const target = field(home, path);
      const kind = screen.getAllByRole('combobox').find((c) => c.textContent === t.linkPage || c.textContent === t.linkAddress)!;
      expect([alias, kind!.textContent]).toEqual([alias, t.linkPage]);
      const title = (valueOf(snapshot, {}, `config/pages/${route.page}.ts`) as { title: string }).title;
      expect(target!.textContent).toBe(`${title} (${alias})`);
      expect(field(home, path)).not.toHaveAttribute('aria-invalid', 'true');
      // Choosing its page's main address is a change; drawing it is not.
      expect(onEdit).not.toHaveBeenCalled();
      await user.click(target!);
      await user.click(await screen.findByRole('option', { name: `${title} (${route.path})` }));
      expect(onEdit).toHaveBeenCalledTimes(1);
      unmount();
    }
  });

  test('a link may lead to a page the office made and to an article: both are offered by their titles, and the checker takes them', async () => {
    const user = person();
    const value = valueOf(snapshot, {}, home);
    const path = firstLinkPath(value, [])!;
    // A landing page made in the editor (its own address), beside the articles the content has.
    const officePage = {
      title: 'Spring offer',
      description: 'A page for the spring campaign.',
      address: '/spring-offer',
      inMenu: false,
      sections: (valueOf(snapshot, {}, 'config/pages/contact.ts') as { sections: unknown[] }).sections.slice(0, 1),
    };
    const made = { 'config/pages/spring-offer.ts': officePage };
    const content = siteContentOf(checkOptionsOf(snapshot, made));
    expect(content.articles.length).toBeGreaterThan(0);
    const articles = content.articles.map((a) => ({
      name: `${a.title} (${content.site.articles.path}/${a.address})`,
      href: `${content.site.articles.path}/${a.address}`,
    }));
    for (const target of [{ name: `${officePage.title} (${officePage.address})`, href: officePage.address }, ...articles]) {
      const onEdit = jest.fn();
      const { unmount } = render(<Editor file={home} start={made} at={path.slice(0, 2)} onEdit={onEdit} />);
      const kind = screen.getAllByRole('combobox').find((c) => c.textContent === t.linkPage || c.textContent === t.linkAddress)!;
      expect(kind.textContent).toBe(t.linkPage);
      await user.click(field(home, path));
      await user.click(await screen.findByRole('option', { name: target.name }));
      const chosen = onEdit.mock.calls.at(-1)?.[0] as unknown;
      expect(getAt(chosen, path)).toBe(target.href);
      // Chosen, it is a page of the site: shown as one, and nothing is refused.
      expect(field(home, path).textContent).toBe(target.name);
      expect(kindsAt({ ...made, [home]: chosen }, home, path)).toEqual([]);
      unmount();
    }
    // Without the checker knowing the articles, an article's address would be "not a page".
    expect(kindsAt({ [home]: setAt(value, path, articles[0]!.href.replace(/\/[^/]*$/, '/no-such-article')) }, home, path)).toEqual(['notAPage']);
  });

  test('a duplicate section id', () => {
    const value = valueOf(snapshot, {}, home) as { sections: Array<Record<string, unknown>> };
    // The page's first two sections only: the check is of the page's ids, the rest would only take time to draw.
    const two = { ...value, sections: value.sections.slice(0, 2) };
    const start = { [home]: setAt(setAt(two, ['sections', 0, 'id'], 'intro'), ['sections', 1, 'id'], 'intro') };
    render(<Editor file={home} start={start} />);
    const [sentence] = sentencesAt(start, home, ['sections', 1, 'id']);
    expect(kindsAt(start, home, ['sections', 1, 'id'])).toEqual(['anchorTaken']);
    // An anchor name is an advanced setting: its fold is open where it has a problem, closed where not.
    expect(field(home, ['sections', 1, 'id'])).toHaveAccessibleDescription(new RegExp(`^${sentence!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    expect(document.getElementById(fieldId(home, ['sections', 0, 'id']))).toBeNull();
    fireEvent.click(within(field(home, ['sections', 0])).getAllByRole('button', { name: t.advanced })[0]!);
    expect(field(home, ['sections', 0, 'id'])).not.toHaveAttribute('aria-invalid', 'true');
    // Renaming it clears the sentence at once; the fold stays open.
    fireEvent.change(field(home, ['sections', 1, 'id']), { target: { value: 'another' } });
    expect(field(home, ['sections', 1, 'id'])).not.toHaveAttribute('aria-invalid', 'true');
  });
});

describe("the office's words, and a phone's screen", () => {
  const home = 'config/pages/home.ts';
  const site = 'config/site.ts';
  const sectionOf = (type: string) => (valueOf(snapshot, {}, home) as { sections: Array<{ type: string }> }).sections.findIndex((s) => s.type === type);
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

  test('a title shows its counter with what search results show; past its limit the sentence says so, as the checker does', () => {
    render(<Editor file={home} at={['title']} />);
    const input = field(home, ['title']) as HTMLTextAreaElement;
    const max = TEXT_LIMITS.title;
    expect(input).toHaveAccessibleDescription(new RegExp(escape(fill(t.counterSearch, { count: input.value.length, max, shown: SEARCH_SHOWS.title }))));
    expect(input).not.toHaveAttribute('aria-invalid', 'true');
    const long = 'x'.repeat(500);
    fireEvent.change(input, { target: { value: long } });
    const edits = { [home]: setAt(valueOf(snapshot, {}, home), ['title'], long) };
    expect(kindsAt(edits, home, ['title'])).toEqual(['tooLong']);
    const [sentence] = sentencesAt(edits, home, ['title']);
    expect(sentence).toBe(fill(t.refusals.tooLong, { label: labelOf('title'), count: 500, max }));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(
      new RegExp(`^${escape(sentence!)} .*${escape(fill(t.counterSearch, { count: 500, max, shown: SEARCH_SHOWS.title }))}`),
    );
    // A box that grows: a long title wraps, whole, on a phone.
    expect(input.tagName).toBe('TEXTAREA');
  });

  test("a section's developer settings are under its Advanced fold, closed at first; a button's look is chosen in words; the section's kind by its name", async () => {
    const user = person();
    const hero = sectionOf('hero');
    const value = valueOf(snapshot, {}, home) as { sections: Array<{ actions?: unknown[] }> };
    expect(value.sections[hero]!.actions?.length).toBeGreaterThan(0);
    render(<Editor file={home} at={['sections', hero]} />);
    const action = ['sections', hero, 'actions', 0];
    for (const path of [
      ['sections', hero, 'id'],
      [...action, 'variant'],
      [...action, 'icon'],
    ])
      expect(document.getElementById(fieldId(home, path))).toBeNull();
    const fold = within(field(home, action)).getByRole('button', { name: t.advanced });
    expect(fold).toHaveAttribute('aria-expanded', 'false');
    await user.click(fold);
    expect(fold).toHaveAttribute('aria-expanded', 'true');
    await user.click(field(home, [...action, 'variant']));
    const choices = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(choices).toEqual(expect.arrayContaining(Object.values(t.choices.variant)));
    expect(choices).not.toContain('primary');
    await user.keyboard('{Escape}');
    expect(field(home, ['sections', hero, 'type']).textContent).toBe(`${labelOf('type')}: ${sectionTypeLabel('hero')}`);
  });

  test('a list inside a list opens one level at a time: a footer column shows its links as lines, each opened on its own; one added opens at once', async () => {
    const user = person();
    render(<Editor file={site} at={['footer']} />);
    const links = ['footer', 'columns', 0, 'links'];
    const first = [...links, 0];
    expect(field(site, ['footer', 'columns', 0, 'heading'])).toBeInTheDocument();
    expect(document.getElementById(fieldId(site, [...first, 'label']))).toBeNull();
    const line = field(site, first);
    const label = (valueOf(snapshot, {}, site) as { footer: { columns: Array<{ links: Array<{ label: string }> }> } }).footer.columns[0]!.links[0]!.label;
    expect(line.textContent).toContain(label);
    const toggle = () => document.getElementById(`${fieldId(site, links)}-0-open`)!;
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle());
    // Its Close button (beside Move up, Move down and Remove) has the keyboard.
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    expect(toggle()).toHaveFocus();
    expect(field(site, [...first, 'label'])).toHaveValue(label);
    expect(document.getElementById(fieldId(site, [...links, 1, 'label']))).toBeNull();
    await user.click(within(field(site, links)).getByRole('button', { name: addItemLabel('links', labelOf('links')) }));
    const count = (valueOf(snapshot, {}, site) as { footer: { columns: Array<{ links: unknown[] }> } }).footer.columns[0]!.links.length;
    expect(field(site, [...links, count, 'label'])).toHaveValue('');
  });

  test('a long line wraps in a box that grows and takes no line break; a paragraph grows too', () => {
    // A real FAQ section, alone on the page.
    const faq = snapshot.files
      .flatMap((f) => (isRecord(f.value) && Array.isArray(f.value.sections) ? f.value.sections : []))
      .find((x) => isRecord(x) && x.type === 'faq');
    const start = { [home]: { ...(valueOf(snapshot, {}, home) as object), sections: [faq] } };
    const index = 0;
    const onEdit = jest.fn();
    render(<Editor file={home} start={start} at={['sections', index]} onEdit={onEdit} />);
    const question = field(home, ['sections', index, 'items', 0, 'question']);
    const answer = field(home, ['sections', index, 'items', 0, 'answer']);
    expect([question.tagName, answer.tagName]).toEqual(['TEXTAREA', 'TEXTAREA']);
    fireEvent.change(question, { target: { value: 'One\ntwo?' } });
    expect(getAt(onEdit.mock.calls.at(-1)?.[0], ['sections', index, 'items', 0, 'question'])).toBe('One two?');
    // The heading of a section is a line that may be long too; a button's words stay on one line.
    const hero = sectionOf('hero');
    if (hero >= 0) {
      render(<Editor file={home} at={['sections', hero]} />);
      expect(field(home, ['sections', hero, 'heading']).tagName).toBe('TEXTAREA');
      expect(field(home, ['sections', hero, 'actions', 0, 'label']).tagName).toBe('INPUT');
    }
  });

  test('a picture not chosen yet says so, never "1 × 1 pixels"', () => {
    const file = 'config/articles/a-new-one.ts';
    const start = { [file]: { ...(emptyValue(articleSchema, { formIds: [] }) as object), title: 'A new one', address: 'a-new-one', date: '2026-01-01' } };
    render(<Editor file={file} start={start} at={['cover']} />);
    const cover = field(file, ['cover']);
    expect(cover.textContent).toContain(t.noPicture);
    expect(cover.textContent).not.toContain(fill(t.pictureSize, { width: 1, height: 1 }));
  });
});

describe('a text drawn by its format (src/schema/schema.ts date, color)', () => {
  const site = 'config/site.ts';
  const article = () => snapshot.files.find((f) => f.file.startsWith('config/articles/'))!;

  test("an article's date is a date box holding the file's text as it is; a day chosen comes back in the same form, and the checker takes it", () => {
    const { file, value } = article();
    const stored = (value as { date: string }).date;
    const onEdit = jest.fn();
    render(<Editor file={file} at={['date']} onEdit={onEdit} />);
    const input = field(file, ['date']) as HTMLInputElement;
    expect(input.type).toBe('date');
    expect(input.value).toBe(stored);
    // Drawing it is no change.
    expect(onEdit).not.toHaveBeenCalled();
    const chosen = stored === '2026-03-01' ? '2026-03-02' : '2026-03-01';
    fireEvent.change(input, { target: { value: chosen } });
    const written = getAt(onEdit.mock.calls.at(-1)?.[0], ['date']);
    expect(written).toBe(chosen);
    expect(input.value).toBe(chosen);
    expect(kindsAt({ [file]: setAt(value, ['date'], written) }, file, ['date'])).toEqual([]);
  });

  test("under the date box, the day in words in the editor's language, whatever way the browser draws the box", () => {
    const { file, value } = article();
    const stored = (value as { date: string }).date;
    render(<Editor file={file} at={['date']} />);
    const input = field(file, ['date']) as HTMLInputElement;
    const inWords = new Intl.DateTimeFormat(admin.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${stored}T00:00:00Z`));
    expect(input).toHaveAccessibleDescription(expect.stringContaining(inWords) as string);
    const chosen = stored === '2026-03-01' ? '2026-03-02' : '2026-03-01';
    fireEvent.change(input, { target: { value: chosen } });
    const chosenInWords = new Intl.DateTimeFormat(admin.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${chosen}T00:00:00Z`));
    expect(input).toHaveAccessibleDescription(expect.stringContaining(chosenInWords) as string);
  });

  test('a date written wrongly in the file is shown as written, in a box of text, with what the checker says', () => {
    const { file, value } = article();
    const start = { [file]: setAt(value, ['date'], '1 March 2026') };
    render(<Editor file={file} start={start} at={['date']} />);
    const input = field(file, ['date']) as HTMLInputElement;
    expect([input.type, input.value]).toEqual(['text', '1 March 2026']);
    expect(kindsAt(start, file, ['date'])).toEqual(['notADate']);
    expect(input).toHaveAccessibleDescription(sentencesAt(start, file, ['date'])[0]);
  });

  test("a colour has a colour picker beside its text, named after it; a colour picked is written as #rrggbb, the text keeps the file's own until then", () => {
    const path = ['brand', 'colors', 'primary'];
    const stored = getAt(valueOf(snapshot, {}, site), path) as string;
    const onEdit = jest.fn();
    render(<Editor file={site} at={['brand', 'colors']} onEdit={onEdit} />);
    const text = field(site, path) as HTMLInputElement;
    expect([text.type, text.value]).toEqual(['text', stored]);
    const picker = screen.getByLabelText(fill(t.pickColour, { name: labelOf('primary') }));
    expect(picker).toHaveAttribute('type', 'color');
    expect(picker).toHaveValue(stored.toLowerCase());
    expect(onEdit).not.toHaveBeenCalled();
    fireEvent.change(picker, { target: { value: '#12ab9f' } });
    expect(getAt(onEdit.mock.calls.at(-1)?.[0], path)).toBe('#12ab9f');
    expect(text.value).toBe('#12ab9f');
  });
});

test('the page schema is what the editor walks for pages', () => {
  expect(schemaOfFile('config/pages/home.ts')).toBe(pageSchema);
  void act;
});
