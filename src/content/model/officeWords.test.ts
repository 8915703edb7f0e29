/**
 * The words the office and the owner read (config/admin.ts: the inbox and the editor; config/server.ts:
 * the server's messages and mails) name no environment variable, no config key or file and no
 * address parameter: what is set up elsewhere is said as what it does and who sets it up.
 */
import admin from '../../../config/admin';
import server from '../../../config/server';
import { siteSchema } from '../../site/model/siteSchema';
import { serverSchema } from './contentSchemas';

/** Every text of a file, by its key path. */
function* textsOf(value: unknown, path: string): Generator<[string, string]> {
  if (typeof value === 'string') yield [path, value];
  else if (Array.isArray(value)) for (const [i, item] of value.entries()) yield* textsOf(item, `${path}[${i}]`);
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) yield* textsOf(item, path ? `${path}.${key}` : key);
}

/** An environment variable's name: capitals joined by _ (the settings of docs/ name them so). */
const ENVIRONMENT_VARIABLE = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9]\b/;
/** A key path of a config file (its first key, a dot, a key), a config file, an address parameter of a campaign or an advert. */
const topKeys = [...Object.keys(siteSchema.shape), ...Object.keys(serverSchema.shape)].join('|');
const CONFIG_KEY = new RegExp(
  `\\b(?:${topKeys})\\.[a-z][A-Za-z]*\\b|\\bconfig/|\\butm_[a-z]+|\\b(?:gclid|gbraid|wbraid|dclid|fbclid|msclkid|ttclid|twclid|li_fat_id|yclid)\\b`,
);

const texts = [...textsOf(admin, 'admin'), ...textsOf(server, 'server')];

test('the texts are read (the walk finds them)', () => {
  expect(texts.length).toBeGreaterThan(500);
});

test('no text the office or the owner reads names an environment variable', () => {
  expect(texts.filter(([, text]) => ENVIRONMENT_VARIABLE.test(text))).toEqual([]);
});

test('no text the office or the owner reads names a config key, a config file or an address parameter', () => {
  expect(texts.filter(([, text]) => CONFIG_KEY.test(text))).toEqual([]);
});
