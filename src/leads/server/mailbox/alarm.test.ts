/**
 * The mailbox's alarm means something, against real parts: Debian's Dovecot (src/test/dovecot.ts)
 * behind a relay that drops the reader's connections when the test says (as a server or a router
 * on the way does, Dovecot running on), a real SMTP server for the owner's mail, our server over
 * HTTP on SQLite. The reader's clock and waits are the test's: "15 minutes" and "past the
 * threshold" pass without waiting for them.
 */
import server from '../../../../config/server';
import type { MailboxStatus } from '../../model/adminApi';
import { pathOf } from '../../../platform/inboxRoutes';
import { ADMIN_PAGE } from '../../../schema/ownAddresses';
import { addAccount, Client, startServer, type TestServer } from '../../../test/adminServer';
import { hasDovecot, noDovecot, relayTo, startDovecot, type Relay, type RunningDovecot } from '../../../test/dovecot';
import { readerTime } from '../../../test/readerTime';
import { startSmtp, waitFor, type SmtpReceiver } from '../../../test/receivers';
import { readNotifySettings } from '../notify';
import { mailboxStatus } from './reader';
import { readMailboxSettings } from './settings';

const run = hasDovecot || process.env.CI ? describe : describe.skip;
if (!hasDovecot && !process.env.CI) console.warn(noDovecot);

const { alarm } = server.mailbox;
const NOTIFY_TO = 'owner@agency.test';

let dovecot: RunningDovecot;
let relay: Relay;
let smtp: SmtpReceiver;
let site: TestServer;
let owner: Client;
/** The inbox's address as the mails give it. */
let publicUrl: string;
/** The server's and the reader's clock. */
let now = Date.now();
const time = readerTime();

beforeAll(async () => {
  if (!hasDovecot && !process.env.CI) return;
  dovecot = await startDovecot();
  relay = await relayTo(dovecot);
  smtp = await startSmtp(0);
  const quiet = { warn: () => undefined };
  const { settings } = readNotifySettings({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Agency Site <site@agency.test>', NOTIFY_TO });
  publicUrl = settings.publicUrl;
  site = await startServer({
    clock: () => now,
    notifications: { settings, log: quiet },
    mailbox: {
      settings: readMailboxSettings({ IMAP_URL: relay.url }).settings!,
      agency: [dovecot.user, NOTIFY_TO],
      clock: () => now,
      wait: time.wait,
      log: quiet,
      timeoutMs: 5_000,
    },
  });
  await addAccount(site, 'owner@agency.test');
  owner = new Client(site.base);
  expect((await owner.signIn('owner@agency.test')).status).toBe(204);
});

afterAll(async () => {
  await site?.close();
  await relay?.close();
  await smtp?.close();
  await dovecot?.remove();
});

const reader = () => site.app.mailboxReader!;
const status = async () => (await (await owner.send('GET', pathOf('mailbox'))).json()) as NonNullable<MailboxStatus>;
const alarmMails = () => smtp.mails.filter((m) => m.email.subject === alarm.subject);
const row = () =>
  site.app.store.db
    .prepare('SELECT read_at AS readAt, failing_since AS failingSince, next_try_at AS nextTryAt, alarm_mailed_at AS alarmMailedAt FROM mailbox_status')
    .get() as { readAt: number | null; failingSince: number | null; nextTryAt: number | null; alarmMailedAt: number | null } | undefined;
/** Resolves at the reader's next reading (subscribe before what causes it). */
const nextReading = () =>
  new Promise<void>((resolve) => {
    const stop = reader().changes.subscribe(() => {
      stop();
      resolve();
    });
  });

run('the mailbox\u2019s alarm', () => {
  it('connections dropped every minute for 15 minutes (while waiting, and just as a reading begins): each opened again without a failed reading; no alarm, no mail', async () => {
    await waitFor('the first reading', () => row()?.readAt != null, { on: [reader().changes] });
    const connections = relay.connections;
    for (let minute = 1; minute <= 15; minute++) {
      now += 60_000;
      const read = nextReading();
      if (minute % 2 === 1) {
        // Closed while the reader waits in IDLE: it connects again and reads at once.
        relay.drop();
      } else {
        // Closed as the poll's reading begins (what happened 60 s after each reading: the
        // connection gone under the reading that broke IDLE): it reads on a new one at once.
        relay.dropAtNextReading();
        time.pass();
      }
      await read;
      expect(reader().failuresInARow).toBe(0);
      expect(row()).toMatchObject({ readAt: now, failingSince: null });
    }
    // Every minute's connection was really closed, and another opened.
    expect(relay.connections - connections).toBeGreaterThanOrEqual(15);
    expect(await status()).toEqual({ readAt: now, alarm: null, back: null });
    expect(alarmMails()).toEqual([]);
  });

  it('the mailbox stopped: no alarm before mailbox.alarm.afterMinutes, then one alarm and one mail to the notification address; gone, and the outage shown, once it is read again', async () => {
    const failed = reader().failuresInARow;
    const read = nextReading();
    await dovecot.stop();
    // Its connection closed with it (its process may linger a while, the relay does not): the reader tries at once, and fails.
    relay.drop();
    await read;
    expect(reader().failuresInARow).toBe(failed + 1);
    const since = row()!.failingSince!;
    expect(since).toBe(now);

    // Tried again and again: each try's time comes on the test's clock (when the reader said it would try); below the threshold, nothing is shown or mailed.
    while (now - since < alarm.afterMinutes * 60_000) {
      expect(await status()).toMatchObject({ alarm: null });
      expect(alarmMails()).toEqual([]);
      now = row()!.nextTryAt!;
      const next = nextReading();
      time.pass();
      await next;
    }
    // Tried again at the threshold exactly (never later: the alarm is on time), and failing: the alarm.
    expect(now - since).toBe(alarm.afterMinutes * 60_000);
    const alarmed = await status();
    expect(alarmed.alarm).toEqual({ failingSince: since, error: expect.stringMatching(/\S/), nextTryAt: expect.any(Number) });
    await waitFor('the alarm mail', () => alarmMails().length === 1 && row()?.alarmMailedAt != null, { on: [smtp.changes, reader().changes] });
    const [mail] = alarmMails();
    expect(mail!.envelope.to).toEqual([NOTIFY_TO]);
    expect(mail!.email.text).toContain(dovecot.user);
    expect(mail!.email.text).toContain(`${publicUrl}${ADMIN_PAGE}`);
    expect(mail!.email.headers.find((h) => h.key === 'auto-submitted')?.value).toBe('auto-generated');

    // Three more failed tries: still the one alarm, no second mail.
    for (let i = 0; i < 3; i++) {
      now = row()!.nextTryAt!;
      const next = nextReading();
      time.pass();
      await next;
      expect((await status()).alarm).toMatchObject({ failingSince: since });
    }

    // Back: the next try reads; the alarm is gone, the outage is shown.
    await dovecot.start();
    now = row()!.nextTryAt!;
    const back = nextReading();
    time.pass();
    await back;
    expect(reader().failuresInARow).toBe(0);
    expect(await status()).toEqual({ readAt: now, alarm: null, back: { from: since, until: now } });
    // Shown for mailbox.alarm.backShownHours, then no more.
    expect(mailboxStatus(site.app.store, true, now + alarm.backShownHours * 3_600_000 - 1)).toMatchObject({ back: { from: since, until: now } });
    expect(mailboxStatus(site.app.store, true, now + alarm.backShownHours * 3_600_000)).toMatchObject({ back: null });
    // Exactly one mail for the outage (the reader's mail under way, if any, finished first).
    await reader().stop();
    expect(alarmMails()).toHaveLength(1);
  });
});
