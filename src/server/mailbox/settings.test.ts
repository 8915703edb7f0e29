/**
 * The mailbox's settings from the environment (docs/inbox.md "Answers come back"): what is read,
 * the start's line, and one plain sentence for each wrong setting, the password never repeated.
 */
import { describeMailbox, readMailboxSettings } from './settings';

const PASSWORD = 'app-pass:w/rd@1';
const url = `imaps://hello%40agency.example:${encodeURIComponent(PASSWORD)}@imap.mail.example:993`;

it('reads the user, the password, the host, the port (993 for imaps://, 143 for imap:// by default), the Sent folder and the folder to move to', () => {
  expect(readMailboxSettings({ IMAP_URL: url, IMAP_SENT: 'Sent Items', IMAP_MOVE_TO: 'Archive/Leads' })).toEqual({
    settings: { host: 'imap.mail.example', port: 993, secure: true, user: 'hello@agency.example', password: PASSWORD, sentFolder: 'Sent Items', moveTo: 'Archive/Leads' },
    problems: [],
  });
  expect(readMailboxSettings({ IMAP_URL: 'imap://u:p@imap.mail.example' }).settings).toMatchObject({ port: 143, secure: false });
  expect(readMailboxSettings({})).toEqual({ problems: [] });
});

it('says at start what it reads and whether it moves, never the password', () => {
  const line = describeMailbox(readMailboxSettings({ IMAP_URL: url }).settings);
  expect(line).toContain('hello@agency.example at imap.mail.example:993');
  expect(line).not.toContain(PASSWORD);
  expect(describeMailbox(readMailboxSettings({ IMAP_URL: url, IMAP_MOVE_TO: 'Leads' }).settings)).toContain('Leads');
  expect(describeMailbox(undefined)).toMatch(/\.$/);
});

it.each([
  ['not an address', { IMAP_URL: 'imap.mail.example' }],
  ['another scheme', { IMAP_URL: `https://hello:${PASSWORD}@imap.mail.example` }],
  ['no password', { IMAP_URL: 'imaps://hello@imap.mail.example' }],
  ['a broken escape', { IMAP_URL: `imaps://hello%zz:${PASSWORD}@imap.mail.example` }],
  ['a folder without the mailbox', { IMAP_MOVE_TO: 'Leads' }],
])('%s: one plain sentence, the password never repeated, and the mailbox not read', (_name, env) => {
  const { settings, problems } = readMailboxSettings(env);
  expect(settings).toBeUndefined();
  expect(problems).toHaveLength(1);
  expect(problems[0]).toMatch(/^IMAP_\w+ .*\.$/);
  expect(problems[0]).not.toContain(PASSWORD);
  expect(problems[0]).not.toMatch(/\n/);
});
