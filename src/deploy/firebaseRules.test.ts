/**
 * The security rules made from config/forms, tested by what they mean: the generated text
 * is parsed and run by a small interpreter of the rules language (src/test/securityRules.ts,
 * RE2 through re2js) — the Firebase emulator cannot run here — and its answers are compared
 * with our own server's check (validateDocument) and with config.
 */
import { randomUUID } from 'node:crypto';
import forms from '../../config/forms';
import { buildDocument, validateDocument } from '../site/forms/model/document';
import { formIds, invalidData, validData, validVariants, type FormId } from '../test/formFixtures';
import type { FieldConfig, FormConfig } from '../site/forms/model/formSchema';
import { fullMatch } from '../platform/pattern';
import { fixedRuleNames, ruleDescriptions, rules } from '../platform/rules';
import { allows, callFunction, parseExpression, parseRules, type Block, type Expr, type Method, type Ruleset, type Value } from '../test/securityRules';
import { FIRESTORE_RULES_FILE, STORAGE_RULES_FILE, firestoreRules, rulesString, storageRules } from './firebaseRules';

const configs: Record<FormId, FormConfig> = forms;

/** Parses a generated file; a file that does not parse becomes an empty ruleset (allowing nothing) and a failing test below. */
const parseErrors = new Map<string, unknown>();
function parseGenerated(file: string, text: string): Ruleset {
  try {
    return parseRules(text);
  } catch (error) {
    parseErrors.set(file, error);
    return { version: '', service: '', root: { path: '', allows: [], functions: new Map(), matches: [{ path: '/', allows: [], functions: new Map(), matches: [] }] } };
  }
}
const firestore = parseGenerated(FIRESTORE_RULES_FILE, firestoreRules(forms));
const storage = parseGenerated(STORAGE_RULES_FILE, storageRules(forms));
const submitted = new Date(2024, 2, 5, 14, 7, 9, 123);

const documentPath = (collection: string, id: string) => `/databases/(default)/documents/${collection}/${id}`;
const filePath = (path: string) => `/b/agency.appspot.com/o/${path}`;

function canCreate(collection: string, data: unknown, id: string = randomUUID()): boolean {
  return allows(firestore, { path: documentPath(collection, id), method: 'create', request: { resource: { data } } });
}

/** Every block of a ruleset, with its full path. */
function blocks(block: Block, prefix = ''): { path: string; block: Block }[] {
  return block.matches.flatMap((child) => [{ path: prefix + child.path, block: child }, ...blocks(child, prefix + child.path)]);
}

/** The arguments of every call to `.name(...)` in a condition, with the functions it calls followed. */
function callArguments(expr: Expr, name: string, functions: ReadonlyMap<string, { body: Expr }>): Expr[][] {
  const found: Expr[][] = [];
  const walk = (e: Expr): void => {
    switch (e.type) {
      case 'call':
        if (e.callee.type === 'member' && e.callee.name === name) found.push(e.args);
        if (e.callee.type === 'name') {
          const fn = functions.get(e.callee.name);
          if (fn) walk(fn.body);
        }
        walk(e.callee);
        e.args.forEach(walk);
        return;
      case 'member':
        return walk(e.object);
      case 'index':
        walk(e.object);
        return walk(e.index);
      case 'unary':
        return walk(e.operand);
      case 'is':
        return walk(e.operand);
      case 'binary':
        walk(e.left);
        return walk(e.right);
      case 'list':
        return e.items.forEach(walk);
      default:
    }
  };
  walk(expr);
  return found;
}

const literal = (e: Expr | undefined): Value => {
  if (e?.type === 'literal') return e.value;
  if (e?.type === 'list') return e.items.map(literal);
  throw new Error(`Not a literal: ${JSON.stringify(e)}`);
};

const documentsBlock = firestore.root.matches[0]!;
const emptyBlock: Block = { path: '', allows: [], functions: new Map(), matches: [] };
/** The collection's block (a missing one allows nothing, and the key test fails). */
const collectionBlock = (form: FormConfig) => documentsBlock.matches.find((m) => m.path === `/${form.collection}/{docId}`) ?? emptyBlock;
const createRule = (block: Block) => block.allows.find((a) => a.methods.includes('create')) ?? { methods: [], condition: { type: 'literal', value: false } as Expr, text: '' };

// The files at the project root are written by the build from this same text (scripts/deployFiles.test.ts).
describe('the generated files', () => {
  it('parse as rules (every string escaped as the rules language wants)', () => {
    expect(parseErrors).toEqual(new Map());
  });

  it("use rules_version '2', for the right services", () => {
    expect([firestore.version, firestore.service]).toEqual(['2', 'cloud.firestore']);
    expect([storage.version, storage.service]).toEqual(['2', 'firebase.storage']);
    expect(firestore.root.matches.map((m) => m.path)).toEqual(['/databases/{database}/documents']);
    expect(storage.root.matches.map((m) => m.path)).toEqual(['/b/{bucket}/o']);
  });
});

describe('firestore.rules', () => {
  it('has one create rule per form, and the catch-all last', () => {
    expect(documentsBlock.matches.map((m) => m.path)).toEqual([...formIds.map((id) => `/${configs[id].collection}/{docId}`), '/{document=**}']);
  });

  it('allows nothing but create: every other allow, anywhere, is `if false`', () => {
    const all = blocks(firestore.root).flatMap(({ path, block }) => block.allows.map((allow) => ({ path, ...allow })));
    const others = all.filter((a) => a.methods.join() !== 'create');
    expect(others.length).toBeGreaterThan(formIds.length);
    for (const allow of others) expect([allow.path, allow.methods, allow.text]).toEqual([allow.path, allow.methods, 'false']);
    expect(all.filter((a) => a.methods.join() === 'create').map((a) => a.path)).toEqual(formIds.map((id) => `/databases/{database}/documents/${configs[id].collection}/{docId}`));
  });

  it('refuses other collections, sub-collections, and documents at a collection id alone', () => {
    const document = buildDocument(configs.inquiry, validData.inquiry, submitted);
    expect(canCreate('Inquriy', document)).toBe(true);
    for (const collection of ['inquriy', 'Inquiry', 'users', 'subcribe_', 'Inquriy-']) expect([collection, canCreate(collection, document)]).toEqual([collection, false]);
    const key = randomUUID();
    expect(allows(firestore, { path: `${documentPath('Inquriy', key)}/notes/${randomUUID()}`, method: 'create', request: { resource: { data: document } } })).toBe(false);
  });
});

describe.each(formIds)('firestore.rules for the %s form', (id) => {
  const form = configs[id];
  const block = collectionBlock(form);
  const create = createRule(block);

  it('lists exactly the stored keys, Object.keys(buildDocument(...)), in hasOnly and in hasAll', () => {
    const keys = Object.keys(buildDocument(form, validData[id], submitted));
    for (const method of ['hasOnly', 'hasAll']) {
      const calls = callArguments(create.condition, method, documentsBlock.functions);
      expect(calls).toHaveLength(1);
      expect(literal(calls[0]![0])).toEqual(keys);
    }
  });

  it('allows creating every valid document of the fixtures, at a new submission key', () => {
    for (const values of [validData[id], ...validVariants[id]]) {
      expect([values, canCreate(form.collection, buildDocument(form, values))]).toEqual([values, true]);
    }
  });

  describe('refuses every invalid case of the fixtures', () => {
    it.each(invalidData[id].map((c) => [c.name, c] as const))('%s', async (_name, c) => {
      const document = buildDocument(form, c.values, submitted);
      await expect(validateDocument(form, document)).resolves.not.toBeNull();
      expect(canCreate(form.collection, document)).toBe(false);
    });
  });

  it('agrees with our server (validateDocument) on documents no browser sends', async () => {
    const valid = buildDocument(form, validData[id], submitted) as Record<string, unknown>;
    const variants: [string, unknown][] = [
      ['the valid document', valid],
      ['an extra key', { ...valid, isAdmin: 'yes' }],
      ['an extra key named like a field in another case', { ...valid, email: 'a@b.co' }],
      ['id as text', { ...valid, id: String(valid.id) }],
      ['id 0', { ...valid, id: 0 }],
      ['id -1', { ...valid, id: -1 }],
      ['id 1', { ...valid, id: 1 }],
      ['id 1.5', { ...valid, id: 1.5 }],
      ['id the largest safe whole number', { ...valid, id: Number.MAX_SAFE_INTEGER }],
      ['id past the safe whole numbers', { ...valid, id: 2 ** 53 }],
      ['id a 64-bit whole number (as a REST client may send)', { ...valid, id: 2n ** 60n }],
      ['id null', { ...valid, id: null }],
      ['Date empty', { ...valid, Date: '' }],
      ['Date blank', { ...valid, Date: ' \u00a0\t' }],
      ['Date 100 characters', { ...valid, Date: 'x'.repeat(100) }],
      ['Date 101 characters', { ...valid, Date: 'x'.repeat(101) }],
      ['Date a number', { ...valid, Date: 5 }],
      ['no id', Object.fromEntries(Object.entries(valid).filter(([k]) => k !== 'id'))],
      ['no Date', Object.fromEntries(Object.entries(valid).filter(([k]) => k !== 'Date'))],
    ];
    for (const field of form.fields) {
      const without = Object.fromEntries(Object.entries(valid).filter(([k]) => k !== field.name));
      variants.push([`no ${field.name}`, without]);
      for (const odd of [5, null, true, ['a'], { a: 'b' }]) variants.push([`${field.name} ${JSON.stringify(odd)}`, { ...valid, [field.name]: odd }]);
      variants.push([`${field.name} with NUL`, { ...valid, [field.name]: `${String(valid[field.name] || 'a')}\u0000` }]);
      const longest = longestPassing(field, form);
      if (longest !== undefined) {
        variants.push([`${field.name} at its maxLength`, { ...valid, [field.name]: longest }]);
        variants.push([`${field.name} one past its maxLength`, { ...valid, [field.name]: `${longest}${longest.at(-1)}` }]);
      }
      for (const option of field.options ?? []) variants.push([`${field.name} option ${JSON.stringify(option.value)}`, { ...valid, [field.name]: option.value }]);
      if (field.options) variants.push([`${field.name} not an option`, { ...valid, [field.name]: 'Something else' }]);
    }
    let allowed = 0;
    for (const [name, document] of variants) {
      const server = (await validateDocument(form, document)) === null;
      if (server) allowed++;
      expect([name, canCreate(form.collection, document)]).toEqual([name, server]);
    }
    // Not a test that passes by refusing everything: some of these are stored.
    expect(allowed).toBeGreaterThanOrEqual(4 + form.fields.filter((f) => !f.options).length);
  });

  it('allows only a lowercase v4 UUID as the document id (what crypto.randomUUID() makes)', () => {
    const document = buildDocument(form, validData[id], submitted);
    for (let i = 0; i < 20; i++) expect(canCreate(form.collection, document, randomUUID())).toBe(true);
    const refused = [
      'AbCdEfGhIjKlMnOpQrSt', // an addDoc id
      randomUUID().toUpperCase(),
      'f47ac10b-58cc-11cf-a567-0e02b2c3d479', // version 1
      '00000000-0000-0000-0000-000000000000',
      `${randomUUID()}x`,
      `x${randomUUID()}`,
      randomUUID().replace(/-/g, ''),
    ];
    for (const key of refused) expect([key, canCreate(form.collection, document, key)]).toEqual([key, false]);
  });

  it('refuses get, list, update and delete, even of a valid document', () => {
    const document = buildDocument(form, validData[id], submitted);
    const path = documentPath(form.collection, randomUUID());
    for (const method of ['get', 'list', 'update', 'delete'] as Method[]) {
      expect([method, allows(firestore, { path, method, request: { resource: { data: document } }, resource: { data: document } })]).toEqual([method, false]);
    }
  });
});

/** The longest value of a field that passes its checks (undefined for select fields, whose values are fixed). */
function longestPassing(field: FieldConfig, form: FormConfig): string | undefined {
  if (field.options) return undefined;
  const checks = form.checks.filter((c) => c.field === field.name).map((c) => c.rule);
  const n = field.maxLength;
  const candidates = ['1'.repeat(n), `a@b.${'c'.repeat(n - 4)}`, 'x'.repeat(n)];
  return candidates.find((value) => checks.every((rule) => rules[rule](value)));
}

describe("firestore.rules: each rule's pattern, as written in the rules file", () => {
  /** The check function the rules file writes for a rule, by name. */
  const fn = (name: string) => {
    const found = documentsBlock.functions.get(`check${name[0]!.toUpperCase()}${name.slice(1)}`);
    if (!found) throw new Error(`No rules function for ${name}`);
    return found;
  };
  const texts = [
    ...new Set([
      '',
      ' ',
      '\u00a0',
      '\u3000 x',
      'Zoë',
      '😀',
      'a@b.co',
      '😀@😀.😀',
      '٠١٢',
      '０１２',
      '12\n',
      ...Object.values(validData).flatMap((v) => Object.values(v)),
      ...Object.values(validVariants).flatMap((list) => list.flatMap((v) => Object.values(v))),
      ...Object.values(invalidData).flatMap((list) => list.flatMap((c) => Object.values(c.values))),
    ]),
  ];

  it.each(fixedRuleNames)('%s: run through JavaScript with full-match semantics, it accepts and refuses what the JavaScript check does', (name) => {
    const calls = callArguments(fn(name).body, 'matches', new Map());
    expect(calls).toHaveLength(1);
    const pattern = literal(calls[0]![0]) as string;
    expect(pattern).toBe(ruleDescriptions[name].pattern); // decoded from the rules string: escaped right
    const viaRules = fullMatch(pattern);
    let accepted = 0;
    for (const text of texts) {
      const expected = rules[name](text);
      if (expected) accepted++;
      const js = (ruleDescriptions[name].emptyPasses && text === '') || viaRules.test(text);
      expect([JSON.stringify(text), js]).toEqual([JSON.stringify(text), expected]);
    }
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThan(texts.length);
  });

  it.each(fixedRuleNames)('%s: run by the rules interpreter (RE2), the whole rules function agrees with the JavaScript check', (name) => {
    const functionName = `check${name[0]!.toUpperCase()}${name.slice(1)}`;
    for (const text of texts) {
      expect([JSON.stringify(text), callFunction(firestore, documentsBlock, functionName, [text])]).toEqual([JSON.stringify(text), rules[name](text)]);
    }
  });
});

describe('storage.rules', () => {
  const uploadFields = formIds.flatMap((id) => configs[id].fields.filter((f) => f.upload).map((f) => ({ id, field: f, upload: f.upload! })));

  it('has one folder per upload field of config, and the catch-all last', () => {
    expect(uploadFields.length).toBeGreaterThan(0);
    expect(storage.root.matches[0]!.matches.map((m) => m.path)).toEqual([...uploadFields.map((u) => `/${u.upload.pathPrefix}{fileId}`), '/{allPaths=**}']);
  });

  it('allows nothing but create and get: every other allow, anywhere, is `if false`', () => {
    const all = blocks(storage.root).flatMap(({ path, block }) => block.allows.map((allow) => ({ path, ...allow })));
    for (const allow of all.filter((a) => !['create', 'get'].includes(a.methods.join()))) {
      expect([allow.path, allow.methods, allow.text]).toEqual([allow.path, allow.methods, 'false']);
    }
  });

  describe.each(uploadFields.map((u) => [`${u.id}.${u.field.name}`, u] as const))('%s', (_name, { upload }) => {
    const upload1 = (id: string, size: number, contentType: string, method: Method = 'create') =>
      allows(storage, { path: filePath(`${upload.pathPrefix}${id}`), method, request: { resource: { size, contentType } } });

    it("allows a new file up to config's maxBytes, of each of config's media types", () => {
      for (const type of upload.mediaTypes) {
        expect([type, upload1(randomUUID(), upload.maxBytes, type)]).toEqual([type, true]);
        expect([type, upload1(randomUUID(), 1, type)]).toEqual([type, true]);
      }
    });

    it('refuses a file one byte larger than maxBytes', () => {
      for (const type of upload.mediaTypes) expect(upload1(randomUUID(), upload.maxBytes + 1, type)).toBe(false);
    });

    it('refuses other media types', () => {
      for (const type of ['text/plain', 'application/octet-stream', 'text/html', 'image/svg+xml', '', `${upload.mediaTypes[0]}; charset=utf-8`, upload.mediaTypes[0]!.toUpperCase()]) {
        expect([type, upload1(randomUUID(), 100, type)]).toEqual([type, false]);
      }
    });

    it('refuses a file name that is not a storage id', () => {
      const notRandom = ['00000000-0000-0000-0000-000000000000', 'f47ac10b-58cc-11cf-a567-0e02b2c3d479', '0f8c6a2e-3b1d-5c5e-9f7a-1b2c3d4e5f60'];
      for (const id of [randomUUID().toUpperCase(), `${randomUUID()}.pdf`, 'cv.pdf', randomUUID().replace(/-/g, ''), ...notRandom]) {
        expect([id, upload1(id, 100, upload.mediaTypes[0]!)]).toEqual([id, false]);
      }
      expect(upload1(`${randomUUID()}/${randomUUID()}`, 100, upload.mediaTypes[0]!)).toBe(false);
    });

    it('allows get (the download URL), refuses list, update and delete', () => {
      const id = randomUUID();
      const resource = { size: 100, contentType: upload.mediaTypes[0] };
      expect(allows(storage, { path: filePath(`${upload.pathPrefix}${id}`), method: 'get', resource })).toBe(true);
      for (const method of ['list', 'update', 'delete'] as Method[]) {
        expect([method, upload1(id, 100, upload.mediaTypes[0]!, method)]).toEqual([method, false]);
      }
    });
  });

  it('refuses reading and writing anywhere else', () => {
    const id = randomUUID();
    for (const path of [id, `Image/${id}`, `Image/Other/${id}`, `image/cvdeveloper/${id}`]) {
      for (const method of ['get', 'list', 'create', 'update', 'delete'] as Method[]) {
        const request = { resource: { size: 100, contentType: 'application/pdf' } };
        expect([path, method, allows(storage, { path: filePath(path), method, request })]).toEqual([path, method, false]);
      }
    }
  });
});

it('changing only wording (labels, messages, toasts, hints) leaves the rules as they are', () => {
  const reworded = Object.fromEntries(
    Object.entries(configs).map(([id, form]) => [
      id,
      {
        ...form,
        submitLabel: 'Go',
        fields: form.fields.map((f: FieldConfig) => ({ ...f, label: `${f.label}!`, ...(f.upload ? { upload: { ...f.upload, hint: 'Any hint.' } } : {}) })),
        checks: form.checks.map((c) => ({ ...c, message: `${c.message}!` })),
        success: { toast: 'Done' },
      },
    ]),
  );
  expect(firestoreRules(reworded)).toBe(firestoreRules(forms));
  expect(storageRules(reworded)).toBe(storageRules(forms));
});

describe('rulesString', () => {
  it('writes a rules string literal that reads back as the same text', () => {
    for (const text of ['plain', "it's", 'a\\b', '\\x{A0}', '\\\\', "\\'", 'Zoë 😀']) {
      expect(literal(parseExpression(rulesString(text)))).toBe(text);
    }
  });

  it('refuses text a rules string cannot hold', () => {
    expect(() => rulesString('a\nb')).toThrow(/control character or line break/);
  });
});

it('a form whose names need quoting still makes rules that mean the same', async () => {
  const odd: FormConfig = {
    ...configs.newsletter,
    collection: 'odd_names',
    fields: [
      { name: "it's", kind: 'text', label: 'Quote', maxLength: 5 },
      { name: 'in', kind: 'text', label: 'Keyword', maxLength: 5 },
      { name: 'a\\b', kind: 'select', label: 'Backslash', maxLength: 5, options: [{ value: "o'k" }, { value: 'x\\y' }, { value: 'off', disabled: true }] },
    ],
    checks: [{ field: "it's", rule: 'required', message: 'Required' }],
  };
  const ruleset: Ruleset = parseRules(firestoreRules({ odd }));
  const create = (data: Record<string, unknown>) =>
    allows(ruleset, { path: documentPath('odd_names', randomUUID()), method: 'create', request: { resource: { data: { ...data, id: 1, Date: 'today' } } } });
  const cases: Record<string, unknown>[] = [
    { "it's": 'x', in: '', 'a\\b': "o'k" },
    { "it's": 'x', in: 'y', 'a\\b': 'x\\y' },
    { "it's": 'x', in: '', 'a\\b': '' },
    { "it's": ' ', in: '', 'a\\b': '' },
    { "it's": 'x', in: '123456', 'a\\b': '' },
    { "it's": 'x', in: '', 'a\\b': 'xy' },
    { "it's": 'x', in: '', 'a\\b': 'off' },
  ];
  for (const values of cases) {
    const server = (await validateDocument(odd, { ...values, id: 1, Date: 'today' })) === null;
    expect([values, create(values)]).toEqual([values, server]);
  }
  expect(create(cases[0]!)).toBe(true);
  expect(() => firestoreRules({ odd: { ...odd, collection: 'a/b' } })).toThrow(/cannot be written in a rules path/);
});

it('the interpreter reads data as the Firestore SDK stores it: whole numbers are int, others float', () => {
  // A guard for the tests above: hasStamp's `is int` depends on it.
  const stamp = (id: number) => callFunction(firestore, documentsBlock, 'hasStamp', [{ id, Date: 'x' }]);
  expect(stamp(1)).toBe(true);
  expect(stamp(1.5)).toBe(false);
});
