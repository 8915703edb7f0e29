/**
 * Which e-mail addresses are one person: the one rule the whole site uses (the person's card and
 * the inbox's people view, insights' people, the auto-reply's once a day, the mailbox telling a
 * visitor's answer from the agency's, erasure, and the newsletter's subscribers). The server and
 * the inbox in the browser both import it from here.
 *
 * Two addresses are the same person when they are equal once
 * - the spaces around them are dropped,
 * - the case of every letter is dropped (`Margaret.Holt@Example.com` is `margaret.holt@example.com`:
 *   RFC 5321 lets a server tell the local part's cases apart, but no mail service people use does), and
 * - a "+tag" is dropped: the local part from its first "+" to the "@" (`ada+quote@x` is `ada@x`:
 *   subaddressing, RFC 5233, delivered to the same mailbox by Gmail, Outlook.com, iCloud, Fastmail
 *   and most others).
 *
 * Nothing else is folded: dots in the local part (Gmail ignores them, other services do not),
 * a domain's aliases (googlemail.com) or look-alike characters make another person, so that no
 * one else's data is ever taken for theirs (erasing one person never erases another).
 *
 * A key made by this function is stored with each lead (`leads.person`): a change to the rule
 * needs a migration that writes every lead's key again (src/leads/server/leadKeys.ts fillPeople).
 * Inbox accounts are not people: their addresses are compared by case only (admin/accounts.ts).
 */
export function personKey(address: string): string {
  return address
    .trim()
    .toLowerCase()
    .replace(/\+[^@]*@/, '@');
}

/** Whether two addresses are the same person (personKey). */
export function samePerson(a: string, b: string): boolean {
  return personKey(a) === personKey(b);
}
