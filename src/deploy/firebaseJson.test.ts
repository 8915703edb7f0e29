import { readFileSync } from 'node:fs';
import path from 'node:path';
import { firebaseJson, firebaseJsonText } from './firebaseJson';

it('the committed firebase.json is what `npm run firebase:json` writes from config/routes.ts', () => {
  const committed = readFileSync(path.join(__dirname, '../../firebase.json'), 'utf8');
  expect(committed).toBe(firebaseJsonText());
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
