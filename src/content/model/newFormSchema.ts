/**
 * A form made in the editor (any form but the specification's four, src/site/forms/model/registry.ts
 * lockedForms), as the editor's screens and its server see it: the same description as the
 * seed's forms (src/site/forms/model/formSchema.ts, which checks it), with other marks. Its
 * questions and checks may be added, removed and reordered; what it brings, its layout and its
 * reset are the editor's; a question's limit is the editor's within the schema's bounds; how long
 * its answers are kept and who hears of them stay an owner's. A question's key and kind, and the
 * collection, stay out of the boxes (src/content/model/contentContract.ts newFormContract holds them).
 */
import admin from '../../../config/admin';
import { checkOfficeLimits, choiceKinds, formSchema } from '../../site/forms/model/formSchema';
import { ruleNames } from '../../platform/rules';
import { oneOf, type CommonMeta, type Schema } from '../../schema/schema';
import { fill } from '../../schema/text';

type Marks = Pick<CommonMeta, 'contract' | 'developer' | 'owner' | 'presenceFixed' | 'ownerScreens' | 'shownWith'>;

/** The schema with `marks` at the key path `keys` ('*': a list's item), the rest (and every check) as it was. */
function remark(schema: Schema<unknown>, keys: readonly string[], marks: Marks | ((old: Schema<unknown>) => Schema<unknown>)): Schema<unknown> {
  if (keys.length === 0) return typeof marks === 'function' ? marks(schema) : { ...schema, meta: { ...schema.meta, ...marks } };
  const [key, ...rest] = keys;
  const { meta } = schema;
  if (key === '*' && meta.kind === 'list') return { ...schema, meta: { ...meta, item: remark(meta.item, rest, marks) } };
  if (meta.kind === 'object' && key !== undefined && Object.hasOwn(meta.shape, key)) {
    return { ...schema, meta: { ...meta, shape: { ...meta.shape, [key]: remark(meta.shape[key]!, rest, marks) } } };
  }
  throw new Error(`The form schema has no key ${keys.join('.')}`);
}

/** A text that names one of the form's questions, chosen by its label (with `kinds`: among the others of these kinds). */
function questionChoice(old: Schema<unknown>, kinds?: readonly string[]): Schema<unknown> {
  const meta = { ...old.meta, kind: 'choice', options: [], from: 'fields', contract: false, ...(kinds ? { kinds } : {}) } as Schema<unknown>['meta'];
  return { ...old, meta };
}

const editors: Marks = { contract: false, developer: false };
/** What a form made in the editor lets the office change, key by key. */
const MARKS: readonly [string, Marks | ((old: Schema<unknown>) => Schema<unknown>)][] = [
  // What it brings: one of the kinds config/admin.ts names, in its words.
  [
    'kind',
    (old) => {
      const kinds = oneOf(Object.keys(admin.kinds));
      return { ...kinds, meta: { ...kinds.meta, words: admin.kinds }, optional: old.optional, check: old.check };
    },
  ],
  ['layout', editors],
  ['reset', editors],
  ['awaitsAnswer', editors],
  ['fields', editors],
  // A question's kind is chosen when it is added (the server keeps a published one's).
  ['fields.*.kind', editors],
  ['fields.*.maxLength', { ...editors, owner: undefined }],
  ['fields.*.required', editors],
  // A question's answers come with a kind of choices and go with another kind (src/content/model/newForm.ts followLabels): never offered or removed as a whole.
  // Its condition: a question of choices other than itself, chosen by its label, and some of its answers, ticked.
  ['fields.*.showWhen.field', (old) => questionChoice(old, choiceKinds)],
  ['fields.*.showWhen.is', (old) => (old.meta.kind === 'list' ? { ...old, meta: { ...old.meta, from: 'answers' } } : old)],
  ['checks', editors],
  // Kept by the editor's server as published questions are removed (src/content/model/newForm.ts followLabels): never offered.
  ['retired', { presenceFixed: true }],
  // A check's question, chosen among the form's by its label.
  ['checks.*.field', (old) => questionChoice(old)],
  // Its rule in the office's words (config/admin.ts ruleLabels); "must be filled in" comes with a question's Required switch.
  [
    'checks.*.rule',
    (old) => {
      const rules = oneOf(ruleNames.filter((rule) => rule !== 'required'));
      const words = Object.fromEntries(ruleNames.map((rule) => [rule, fill(admin.ruleLabels[rule], { min: admin.content.newForm.start.anyNumber })]));
      return { ...rules, meta: { ...old.meta, ...rules.meta, words, contract: false } as Schema<unknown>['meta'], optional: old.optional, check: old.check };
    },
  ],
  // Its number, asked only of a rule that has one (src/content/model/newForm.ts followLabels gives it one then, and takes it away otherwise).
  ['checks.*.min', { shownWith: 'min' }],
  // An owner's, and only on an owner's screens: to an editor they would be boxes to read, never to change.
  ['columns', { contract: false, developer: false, owner: 'sender', ownerScreens: true }],
  ['retention', { developer: false, owner: 'retention', ownerScreens: true }],
];

const remarked = MARKS.reduce((schema, [path, marks]) => remark(schema, path.split('.'), marks), formSchema as Schema<unknown>);

/** A form made in the editor, as the editor shows it and its server holds an editor's changes to it (its phone questions longer than the specification's). */
export const newFormSchema: Schema<unknown> = {
  ...remarked,
  check(value, path, ctx) {
    remarked.check(value, path, ctx);
    checkOfficeLimits(value, path, ctx);
  },
};
