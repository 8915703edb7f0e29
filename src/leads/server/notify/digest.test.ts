/**
 * The owners' daily mail on a clock the test moves, with the timer the test fires (no real
 * waiting), against the real server on a real SQLite file and a real SMTP server in this process:
 * none on a day when nothing waits and nothing is due; at the hour, one mail to each owner's
 * account (never an editor's) with who waits (the longest first, for how long) and whose
 * follow-up is due (today or before), of the leads assigned to that owner or to nobody; once per
 * owner and day, across a restart too; a server that was stopped at the hour sends it when it
 * starts that day.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import admin from '../../../../config/admin';
import server from '../../../../config/server';
import { pathOf } from '../../../platform/inboxRoutes';
import { stageName, STAGES } from '../../model/pipeline';
import { addDays, dayOf, formatDate, formatDay, momentOf } from '../../../platform/received';
import { fill } from '../../../schema/text';
import { addAccount, Client, startServer, submit, type TestServer } from '../../../test/adminServer';
import { validData } from '../../../test/formFixtures';
import { mailSettingsTo, type ReceivedMail, type SmtpReceiver, startSmtp, waitFor } from '../../../test/receivers';
import type { Timers } from '../../../platform/server/timers';
import { inboxLink } from '../leads';

jest.setTimeout(60_000);

const words = server.notifications.digest;
const OWNER = 'owner@agency.test';
const PARTNER = 'partner@agency.test';
const EDITOR = 'editor@agency.test';
const PUBLIC_URL = 'https://leads.agency.example';
const HOUR = 3_600_000;
/** Tomorrow on the agency's calendar, and the days after it (near the real time: the forms' retention deletes older leads). */
const DAY1 = addDays(dayOf(Date.now()), 1);
const relative = new Intl.RelativeTimeFormat(admin.locale, { numeric: 'auto' });

let smtp: SmtpReceiver;
let dataDir: string;
let s: TestServer | undefined;
/** The server's clock, moved by the test. */
const clock = { now: momentOf(DAY1, words.hour) - HOUR };
/** The daily mail's timer: set by the server, fired by the test. */
let timer: { run: () => void } | undefined;
const timers: Timers = {
  set: (run) => (timer = { run }),
  clear: (handle) => {
    if (timer === handle) timer = undefined;
  },
};

beforeAll(async () => {
  smtp = await startSmtp();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'digest-'));
});
afterAll(async () => {
  await s?.close();
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Our server on the data folder, its clock the test's, mail through the test's SMTP server. */
async function start(): Promise<TestServer> {
  const settings = mailSettingsTo(smtp.port, { PUBLIC_URL });
  s = await startServer({ dataDir, clock: () => clock.now, notifications: { settings, clock: () => clock.now, digestTimers: timers } });
  return s;
}
const restart = async () => {
  await s!.close();
  timer = undefined;
  return start();
};

/** The daily mails received, by owner. */
const digests = (to: string): ReceivedMail[] => smtp.mails.filter((mail) => mail.envelope.to.includes(to));
const ownerMails = () => s!.app.store.db.prepare("SELECT count(*) FROM deliveries WHERE channel = 'owner'").pluck().get() as number;
const at = (day: string, hours: number) => momentOf(day, words.hour) + hours * HOUR;

test('none while nothing waits; at the hour each owner gets who waits and whose follow-up is due, once a day, across restarts; a server stopped at the hour sends it when it starts', async () => {
  await start();
  await addAccount(s!, OWNER);
  await addAccount(s!, PARTNER);
  await addAccount(s!, EDITOR, undefined, 'editor');
  // Before the hour: nothing is looked at.
  expect(timer).toBeDefined();
  expect(s!.app.store.db.prepare('SELECT count(*) FROM digests').pluck().get()).toBe(0);

  // Day 1, at the hour, nothing waits: no mail, and the day is looked at for each owner (not the editor).
  clock.now = at(DAY1, 0);
  timer!.run();
  expect(s!.app.store.db.prepare('SELECT account, day, delivery_id AS delivery FROM digests ORDER BY account').all()).toEqual([
    { account: OWNER, day: DAY1, delivery: null },
    { account: PARTNER, day: DAY1, delivery: null },
  ]);
  expect(ownerMails()).toBe(0);

  // Later that day: leads arrive. Who waits is the attention side's to keep (leads.waiting_since): set here to known times.
  clock.now = at(DAY1, 2);
  const lead = async (name: string) => (await submit(s!, 'contact', { ...validData.contact, Fullname: name })).docId;
  const [oldest, owners, partners, followed, answered] = [
    await lead('Ada Oldest'),
    await lead('Grace Owners'),
    await lead('Joan Partners'),
    await lead('Mary Followed'),
    await lead('Alan Answered'),
  ];
  const waitingSince = (docId: string, since: number | null) =>
    s!.app.store.db.prepare('UPDATE leads SET waiting_since = ? WHERE doc_id = ?').run(since === null ? null : new Date(since).toISOString(), docId);
  waitingSince(oldest, clock.now - 3 * 24 * HOUR);
  waitingSince(owners, clock.now - 5 * HOUR);
  waitingSince(partners, clock.now - 4 * 24 * HOUR);
  waitingSince(followed, null);
  waitingSince(answered, null);
  const agency = new Client(s!.base);
  expect((await agency.signIn(OWNER)).status).toBe(204);
  const set = async (docId: string, json: unknown) => expect((await agency.change('PATCH', pathOf('updatePipeline', { docId }), { json })).status).toBe(200);
  await set(owners, { assignee: OWNER });
  await set(partners, { assignee: PARTNER });
  // Due on day 1 (overdue by the next day's mail), and one due later.
  await set(followed, { assignee: OWNER, followUp: DAY1, stage: STAGES[1]!.key });
  await set(answered, { followUp: addDays(DAY1, 5) });
  // The same day again: looked at already, nothing sent.
  timer!.run();
  expect(ownerMails()).toBe(0);

  // Day 2, at the hour: one mail to each owner.
  clock.now = at(addDays(DAY1, 1), 0);
  timer!.run();
  await waitFor('a daily mail to each owner', () => digests(OWNER).length === 1 && digests(PARTNER).length === 1, { on: [smtp.changes] });
  expect(digests(EDITOR)).toEqual([]);

  const line = (docId: string, name: string, sinceMs: number, days: number | undefined, hours?: number) =>
    fill(words.waitingLine, {
      name,
      form: admin.forms.contact,
      since: formatDate(sinceMs),
      ago: days !== undefined ? relative.format(-days, 'day') : relative.format(-hours!, 'hour'),
      link: inboxLink(PUBLIC_URL, docId),
    });
  const day1 = at(DAY1, 2);
  const mine = digests(OWNER)[0]!;
  expect(mine.email.subject).toBe(fill(words.subject, { waiting: 2, due: 1 }));
  expect(mine.raw).toMatch(/^Auto-Submitted: auto-generated/m);
  expect(mine.email.text?.trim()).toBe(
    [
      // Reply cannot answer a client from this mail: its first line says so.
      server.notifications.replyReachesNobody,
      '',
      words.waitingHeading,
      // The longest waiting first: 3 days and 22 hours, then 27 hours.
      line(oldest, 'Ada Oldest', day1 - 3 * 24 * HOUR, 3),
      line(owners, 'Grace Owners', day1 - 5 * HOUR, 1),
      '',
      words.dueHeading,
      fill(words.dueLine, {
        name: 'Mary Followed',
        form: admin.forms.contact,
        stage: stageName(STAGES[1]!.key),
        date: formatDay(DAY1),
        when: relative.format(-1, 'day'),
        link: inboxLink(PUBLIC_URL, followed),
      }),
      '',
      '-- ',
      fill(words.footer, {
        hour: new Intl.DateTimeFormat(admin.locale, { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }).format(Date.UTC(2000, 0, 1, words.hour)),
      }),
    ].join('\n'),
  );
  // The partner's: their own lead and nobody's, nothing of the owner's.
  const theirs = digests(PARTNER)[0]!;
  expect(theirs.email.subject).toBe(fill(words.subject, { waiting: 2, due: 0 }));
  expect(theirs.email.text).toContain(line(partners, 'Joan Partners', day1 - 4 * 24 * HOUR, 4));
  expect(theirs.email.text).toContain(line(oldest, 'Ada Oldest', day1 - 3 * 24 * HOUR, 3));
  expect(theirs.email.text).not.toContain('Grace Owners');
  expect(theirs.email.text).not.toContain(words.dueHeading);

  // Once a day: the timer again, and a restart that same day, send nothing more.
  clock.now += 2 * HOUR;
  timer!.run();
  await restart();
  expect(ownerMails()).toBe(2);

  // Day 3: the server is stopped at the hour, and starts in the afternoon: it sends the day's mails then, once.
  await s!.close();
  clock.now = at(addDays(DAY1, 2), 7);
  await start();
  await waitFor("the day's mails sent at start", () => digests(OWNER).length === 2 && digests(PARTNER).length === 2, { on: [smtp.changes] });
  // Sent in the afternoon, it says at which hour it comes every day (not "at this hour").
  expect(digests(OWNER).at(-1)!.email.text).toMatch(new RegExp(`\\b0?${words.hour}:00\\b`));
  await restart();
  expect(ownerMails()).toBe(4);
  expect(s!.app.store.db.prepare("SELECT count(*) FROM deliveries WHERE channel = 'owner' AND state = 'sent'").pluck().get()).toBe(4);
  expect(smtp.mails.filter((mail) => [OWNER, PARTNER].some((to) => mail.envelope.to.includes(to)))).toHaveLength(4);
});
