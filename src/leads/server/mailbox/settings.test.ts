/**
 * The mailbox's settings from the environment (docs/inbox.md "Answers come back"): what is read,
 * the start's line, and one plain sentence for each wrong setting, the password never repeated.
 */
import { describeMailbox, readMailboxSettings } from './settings';

const PASSWORD = 'app-pass:w/rd@1';
const url = `imaps://hello%40agency.example:${encodeURIComponent(PASSWORD)}@imap.mail.example:993`;

it('reads the user, the password, the host, the port (993 for imaps://, 143 for imap:// by default), the Sent folder and the folder to move to', () => {
  expect(readMailboxSettings({ IMAP_URL: url, IMAP_SENT: 'Sent Items', IMAP_MOVE_TO: 'Archive/Leads' })).toEqual({
    settings: {
      host: 'imap.mail.example',
      port: 993,
      secure: true,
      user: 'hello@agency.example',
      password: PASSWORD,
      sentFolder: 'Sent Items',
      moveTo: 'Archive/Leads',
      trust: { authservIds: [], relays: [] },
    },
    problems: [],
  });
  expect(readMailboxSettings({ IMAP_URL: 'imap://u:p@imap.mail.example' }).settings).toMatchObject({ port: 143, secure: false });
  expect(readMailboxSettings({})).toEqual({ problems: [] });
});

it('reads the trusted authserv-ids (any case) and relays (addresses and subnets); a wrong one is a sentence, and nothing of that list is believed', () => {
  expect(
    readMailboxSettings({ IMAP_URL: url, IMAP_TRUSTED_AUTHSERV: 'MX1.Mail.example, mx2.mail.example', IMAP_TRUSTED_RELAY: '203.0.113.5, 2001:db8::/48' }),
  ).toMatchObject({
    settings: { trust: { authservIds: ['mx1.mail.example', 'mx2.mail.example'], relays: ['203.0.113.5', '2001:db8::/48'] } },
    problems: [],
  });
  for (const env of [
    { IMAP_TRUSTED_AUTHSERV: 'mx.mail.example; dmarc=pass' },
    { IMAP_TRUSTED_RELAY: '203.0.113.0/33' },
    { IMAP_TRUSTED_RELAY: 'relay.mail.example' },
  ]) {
    const { settings, problems } = readMailboxSettings({ IMAP_URL: url, ...env });
    expect(settings!.trust).toEqual({ authservIds: [], relays: [] });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^IMAP_TRUSTED_\w+ .*\.$/);
  }
  const line = describeMailbox(readMailboxSettings({ IMAP_URL: url, IMAP_TRUSTED_AUTHSERV: 'mx.mail.example' }).settings);
  expect(line).toContain('mx.mail.example');
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
  ['a trusted server without the mailbox', { IMAP_TRUSTED_AUTHSERV: 'mx.mail.example' }],
])('%s: one plain sentence, the password never repeated, and the mailbox not read', (_name, env) => {
  const { settings, problems } = readMailboxSettings(env);
  expect(settings).toBeUndefined();
  expect(problems).toHaveLength(1);
  expect(problems[0]).toMatch(/^IMAP_\w+ .*\.$/);
  expect(problems[0]).not.toContain(PASSWORD);
  expect(problems[0]).not.toMatch(/\n/);
});
