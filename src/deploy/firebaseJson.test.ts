import { existsSync } from 'node:fs';
import path from 'node:path';
import { expectCommittedFile } from '../test/committedFile';
import { firebaseJson, firebaseJsonText } from './firebaseJson';
import { FIREBASE_CONFIG_COMMAND } from './firebaseRules';

it('the committed firebase.json is what `npm run firebase:config` writes from config/routes.ts', () => {
  expectCommittedFile('firebase.json', firebaseJsonText(), FIREBASE_CONFIG_COMMAND);
});

it('names the Firestore and Cloud Storage rules files, which exist at the project root', () => {
  const { firestore, storage } = firebaseJson();
  expect(firestore).toEqual({ rules: 'firestore.rules' });
  expect(storage).toEqual({ rules: 'storage.rules' });
  for (const file of [firestore.rules, storage.rules]) expect([file, existsSync(path.join(__dirname, '../..', file))]).toEqual([file, true]);
});

it('sends every address to its own prerendered page and anything else to the fallback page', () => {
  const { rewrites } = firebaseJson().hosting;
  expect(rewrites).toEqual(
    expect.arrayContaining([
      { source: '/About-Us', destination: '/About-Us.html' },
      { source: '/contact', destination: '/contact.html' },
      { source: '/home', destination: '/home.html' },
    ]),
  );
  expect(rewrites.at(-1)).toEqual({ source: '**', destination: '/_fallback.html' });
});
