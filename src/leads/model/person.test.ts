/**
 * The one rule of which addresses are one mailbox, so one person (src/leads/model/person.ts): case
 * and +tags fold everywhere, Gmail's dots and its old domain fold for Gmail, nothing else does (so
 * that erasing one person never touches another).
 */
import { personKey, samePerson } from './person';

it('folds the spaces around, the case of every letter and a +tag: the four forms of one address are one person', () => {
  const forms = ['margaret.holt@example.com', 'MARGARET.HOLT@EXAMPLE.COM', 'margaret.holt+quote@example.com', ' Margaret.Holt+Site@Example.com '];
  expect(new Set(forms.map(personKey))).toEqual(new Set(['margaret.holt@example.com']));
  for (const form of forms) expect(samePerson(form, forms[0]!)).toBe(true);
});

it("folds Gmail's dots and googlemail.com: every spelling Gmail delivers to one inbox is one mailbox", () => {
  const forms = ['victimjoe@gmail.com', 'victim.joe@gmail.com', 'v.i.c.t.i.m.j.o.e@googlemail.com', ' Victim.Joe+News@GoogleMail.com ', 'VICTIMJOE@GMAIL.COM'];
  expect(new Set(forms.map(personKey))).toEqual(new Set(['victimjoe@gmail.com']));
  for (const form of forms) expect(samePerson(form, 'victim.joe@googlemail.com')).toBe(true);
});

it("folds nothing else: other services' dots, another domain, a tag in the domain, another name are other people", () => {
  for (const other of [
    'margaretholt@example.com',
    'margaret.holt@example.org',
    'margaret.holt@example.com.evil',
    'margaret.holt2@example.com',
    'margaret@example.com',
  ]) {
    expect([other, samePerson(other, 'margaret.holt@example.com')]).toEqual([other, false]);
  }
  // Not Gmail: a look-alike domain, Gmail's name under another domain.
  for (const other of ['victim.joe@gmail.com.evil', 'victim.joe@mail.gmail.com', 'victim.joe@gmail.co']) {
    expect([other, samePerson(other, 'victimjoe@gmail.com')]).toEqual([other, false]);
  }
  // Only the local part's first "+" to the "@" is a tag.
  expect(personKey('a+b+c@x.example')).toBe('a@x.example');
});
