/**
 * The settings only an owner changes, as the schemas mark them (ownerOnly): which changes touch
 * one (the editor's server refuses an editor's), and docs/content-files.md's list of them, which
 * must be the schemas' own.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { formSchema } from '../../site/forms/model/formSchema';
import { projectDir } from '../../test/realConfig';
import { articleSchema } from '../../site/model/articleSchema';
import { ownerOnlyChanges, ownerOnlyKeys } from './ownerOnly';
import { pageSchema } from '../../site/model/pageSchema';
import { boolean, list, object, optional, ownerOnly, tagged, text, type Schema } from '../../schema/schema';
import { siteSchema } from '../../site/model/siteSchema';

describe('which changes touch a setting only an owner changes', () => {
  const schema = object({
    words: text(),
    switch: ownerOnly(boolean(), 'told'),
    group: optional(ownerOnly(object({ a: text(), b: text() }), 'strangers')),
    items: list(object({ label: text(), value: ownerOnly(text(), 'accepts') })),
    counted: ownerOnly(list(object({ label: text() })), 'languages'),
    parts: list(tagged({ plain: object({ type: text(), words: text() }), set: object({ type: text(), on: ownerOnly(boolean(), 'told') }) })),
  }) as Schema<unknown>;
  const start = {
    words: 'Hello',
    switch: true,
    group: { a: 'x', b: 'y' },
    items: [
      { label: 'One', value: '1' },
      { label: 'Two', value: '2' },
      { label: 'Three', value: '3' },
    ],
    counted: [{ label: 'A' }, { label: 'B' }],
    parts: [
      { type: 'plain', words: 'w' },
      { type: 'set', on: true },
    ],
  };
  const changed = (change: (value: typeof start) => void) => {
    const value = structuredClone(start);
    change(value);
    return ownerOnlyChanges(schema, start, value);
  };

  it("the words around them are anyone's: nothing", () => {
    expect(changed((v) => (v.words = 'Hi'))).toEqual([]);
    expect(changed((v) => (v.items[1]!.label = 'Deux'))).toEqual([]);
    expect(changed((v) => (v.counted[0]!.label = 'Z'))).toEqual([]);
    expect(changed((v) => (v.parts[0] = { type: 'plain', words: 'other' }))).toEqual([]);
  });

  it('a marked value, a marked group (anything inside, or the group itself going), an item taking its marked value with it, an item of a marked list', () => {
    expect(changed((v) => (v.switch = false))).toEqual([['switch']]);
    expect(changed((v) => (v.group.b = 'z'))).toEqual([['group']]);
    expect(changed((v) => delete (v as Partial<typeof start>).group)).toEqual([['group']]);
    expect(changed((v) => (v.items[1]!.value = 'two'))).toEqual([['items', 1, 'value']]);
    expect(changed((v) => v.items.splice(1, 1))).toEqual([['items', 1, 'value']]);
    expect(changed((v) => v.counted.push({ label: 'C' }))).toEqual([['counted']]);
  });

  it('a group told apart by its type: its marked keys, and what goes when its kind changes', () => {
    expect(changed((v) => (v.parts[1] = { type: 'set', on: false }))).toEqual([['parts', 1, 'on']]);
    expect(changed((v) => (v.parts[1] = { type: 'plain', words: 'w' }))).toEqual([['parts', 1, 'on']]);
  });
});

it("docs/content-files.md lists exactly the keys the content's schemas mark ownerOnly, each with its file", () => {
  const docs = readFileSync(path.join(projectDir, 'docs/content-files.md'), 'utf8');
  const section = docs.split('#### What only an owner changes')[1]!.split('\n#')[0]!;
  const listed = [...section.matchAll(/^\| (`[^|]+`) \| `([^`]+)` \|/gm)].flatMap(([, keys, file]) =>
    [...keys!.matchAll(/`([^`]+)`/g)].map(([, key]) => `${file}: ${key}`),
  );
  const marked = [
    ...ownerOnlyKeys(siteSchema).map((key) => `config/site.ts: ${key}`),
    ...ownerOnlyKeys(formSchema).map((key) => `config/forms/<form>.ts: ${key}`),
    ...ownerOnlyKeys(pageSchema).map((key) => `config/pages/<page>.ts: ${key}`),
    ...ownerOnlyKeys(articleSchema).map((key) => `config/articles/<id>.ts: ${key}`),
  ];
  expect(marked).toContain(`config/forms/<form>.ts: fields[].maxLength`);
  expect(marked).toContain(`config/forms/<form>.ts: notify.email`);
  expect(listed.sort()).toEqual(marked.sort());
});
