/**
 * A description made from the words it describes (words.ts `wordsLike`): each text of the words a
 * text, each group a group, the explicit keys as described there; and config/admin.ts's
 * description, made so, still refuses a file that leaves a text out.
 */
import admin from '../../config/admin';
import forms from '../../config/forms';
import { adminSchema } from '../content/model/contentSchemas';
import { formatPath, number, template, type CheckContext, type Path, type Schema } from './schema';
import { wordsAt, wordsLike } from './words';

function problemsOf(schema: Schema<unknown>, value: unknown): string[] {
  const problems: string[] = [];
  const ctx: CheckContext = {
    file: 'words',
    sitePaths: new Set<string>(),
    formIds: new Set(Object.keys(forms)),
    publicFileExists: () => true,
    report: (path: Path, message: string) => problems.push(`${formatPath(path)} ${message}`),
  };
  schema.check(value, [], ctx);
  return problems;
}

describe('a description made from its words', () => {
  const words = { heading: 'A heading', columns: { name: 'Name', email: 'Address' }, count: '{count} left', max: 3 };
  const schema = wordsLike(words, { count: template(['count']), max: number({ min: 1, integer: true }) });

  it('describes each text as a text and each group as a group, the explicit keys as described, in the words’ order', () => {
    expect(Object.keys(schema.shape)).toEqual(['heading', 'columns', 'count', 'max']);
    expect(schema.shape.heading!.meta.kind).toBe('text');
    expect(schema.shape.columns!.meta.kind).toBe('object');
    expect(Object.keys((schema.shape.columns as unknown as { shape: object }).shape)).toEqual(['name', 'email']);
    expect(schema.shape.count.meta).toMatchObject({ kind: 'text', placeholders: ['count'] });
    expect(schema.shape.max.meta.kind).toBe('number');
    expect(problemsOf(schema, words)).toEqual([]);
  });

  it('refuses what its words would not be: a text left out, an empty one, a key it does not know, a placeholder it does not know', () => {
    const problems = problemsOf(schema, { heading: '', columns: { name: 'Name' }, count: '{nope}', max: 3, extra: 'x' });
    expect(problems.map((p) => p.split(' ')[0])).toEqual(expect.arrayContaining(['extra', 'heading', 'columns.email', 'count']));
  });

  it('describes a value that is neither a text nor a group, left out of the explicit keys, as a text: the checker refuses the words themselves', () => {
    expect(problemsOf(wordsLike(words), words)).toEqual([expect.stringMatching(/^max /)]);
  });

  it('finds a group of words by its keys, and an empty group where there is none', () => {
    expect(wordsAt(words, ['columns'])).toBe(words.columns);
    expect(wordsAt(words, ['columns', 'name', 'nope'])).toEqual({});
  });

  it("refuses a config/admin.ts that leaves out one of today's texts", () => {
    expect(problemsOf(adminSchema, admin)).toEqual([]);
    const { heading: _left, ...spam } = admin.spam;
    expect(problemsOf(adminSchema, { ...admin, spam })).toEqual([expect.stringMatching(/^spam\.heading is missing/)]);
  });
});
