/**
 * Which mailbox an e-mail address reaches: the one rule the whole site uses for "one person" (the
 * person's card and the inbox's people view, insights' people, the mailbox telling a visitor's
 * answer from the agency's, erasure, and the newsletter's subscribers) and for every limit of the
 * mails sent to visitors (the auto-reply's and the confirmation's once a day). The server and the
 * inbox in the browser both import it from here.
 *
 * Two addresses reach the same mailbox when they are equal once
 * - the spaces around them are dropped,
 * - the case of every letter is dropped (`Margaret.Holt@Example.com` is `margaret.holt@example.com`:
 *   RFC 5321 lets a server tell the local part's cases apart, but no mail service people use does),
 * - a "+tag" is dropped: the local part from its first "+" to the "@" (`ada+quote@x` is `ada@x`:
 *   subaddressing, RFC 5233, delivered to the same mailbox by Gmail, Outlook.com, iCloud, Fastmail
 *   and most others), and
 * - for Gmail, the dots in the local part are dropped and `googlemail.com` is `gmail.com`
 *   (`victim.joe@googlemail.com` is `victimjoe@gmail.com`): Gmail delivers every such spelling to
 *   one inbox, so they are one person and one mailbox to every limit (otherwise fifteen spellings
 *   would let a stranger send one inbox fifteen mails a day), and erasing one spelling erases them
 *   all (they are the same person's: the same inbox reads them all).
 *
 * Nothing else is folded: the dots of other services (where `a.b@` and `ab@` can be two people),
 * other domains' aliases and look-alike characters make another person, so that no one else's
 * data is ever taken for theirs (erasing one person never erases another).
 *
 * A key made by this function is stored with each lead (`leads.person`) and each subscriber
 * (`subscribers.person`): a change to the rule needs a migration that writes every stored key again
 * (with the rule written out in it, frozen: src/newsletter/server/migrations/index.ts).
 * Inbox accounts are not people: their addresses are compared by case only (admin/accounts.ts).
 */
export function personKey(address: string): string {
  const folded = address
    .trim()
    .toLowerCase()
    .replace(/\+[^@]*@/, '@');
  const at = folded.lastIndexOf('@');
  if (at < 0) return folded;
  const domain = folded.slice(at + 1);
  if (!GMAIL_DOMAINS.includes(domain)) return folded;
  return `${folded.slice(0, at).replaceAll('.', '')}@gmail.com`;
}

/** The domains of Gmail's mailboxes (the second an old alias of the first). */
const GMAIL_DOMAINS: readonly string[] = ['gmail.com', 'googlemail.com'];

/** Whether two addresses are the same person (personKey). */
export function samePerson(a: string, b: string): boolean {
  return personKey(a) === personKey(b);
}
