/**
 * Words that depend on a count (schema.ts `plural`, text.ts `fillCount`): `one` for exactly 1,
 * `other` for any other number, as config/admin.ts writes them; the words are read from config.
 */
import admin from '../../config/admin';
import { adminSchema } from '../content/model/contentSchemas';
import { plural, type CheckContext } from './schema';
import { fill, fillCount } from './text';

describe('a count in words', () => {
  it('takes `one` for 1 and `other` for any other number', () => {
    const words = admin.newsletters.sendNow;
    expect(fillCount(words, 1, { count: '1' })).toBe(fill(words.one, { count: '1' }));
    for (const count of [0, 2, 1000]) expect(fillCount(words, count, { count: String(count) })).toBe(fill(words.other, { count: String(count) }));
    expect(words.one).not.toBe(words.other);
    const question = admin.newsletters.sendQuestion;
    expect(fillCount(question, 1, { count: '1', subject: 'Autumn' })).toBe(fill(question.one, { count: '1', subject: 'Autumn' }));
  });

  it('is checked as config is: both forms, only known placeholders', () => {
    const reports: string[] = [];
    const ctx = { report: (path: (string | number)[]) => reports.push(path.join('.')) } as unknown as CheckContext;
    plural(['count']).check({ one: 'Send to {count} reader', other: 'Send to {count} readers' }, [], ctx);
    expect(reports).toEqual([]);
    plural(['count']).check({ one: 'Send to {readers} reader' }, [], ctx);
    expect(reports).toEqual(expect.arrayContaining(['one', 'other']));
    expect(adminSchema.shape.newsletters.shape.sendNow.meta.kind).toBe('object');
  });
});
