/**
 * Marking a lead as spam tells the truth about what already went out, against our real server with a real
 * SMTP server and webhook receiver: a lead marked as spam after its notifications and the
 * visitor's auto-reply were sent says so on its page (the channels named), and a lead the spam
 * trap caught says that nobody was notified of it.
 */
import admin from '../../../config/admin';
import forms from '../../../config/forms';
import { type LeadDetail } from '../model/adminApi';
import { pathOf } from '../../platform/inboxRoutes';
import { fill } from '../../schema/text';
import { startSignedIn, submit, type Client, type TestServer } from '../../test/adminServer';
import { validData } from '../../test/formFixtures';
import { startSmtp, startWebhookReceiver, waitFor, type SmtpReceiver, type WebhookReceiver } from '../../test/receivers';
import { readNotifySettings } from '../server/notify';
import { spamNoticeOf } from './spamNotice';

let s: TestServer;
let owner: Client;
let smtp: SmtpReceiver;
let hooks: WebhookReceiver;
beforeAll(async () => {
  smtp = await startSmtp();
  hooks = await startWebhookReceiver();
  const { settings } = readNotifySettings({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Site <site@agency.test>',
    NOTIFY_TO: 'sales@agency.test',
    WEBHOOK_URL: hooks.url,
  });
  ({ server: s, client: owner } = await startSignedIn({ notifications: { settings, log: { warn: () => undefined } } }));
});
afterAll(async () => {
  await s?.close();
  await smtp?.close();
  await hooks?.close();
});

const detail = async (docId: string) => (await (await owner.send('GET', pathOf('lead', { docId }))).json()) as LeadDetail;

it('a lead marked as spam after the agency was notified and the visitor auto-replied says so, naming the channels', async () => {
  const { docId } = await submit(s, 'contact', { ...validData.contact, Email: 'notified@example.com' });
  const sent = () => (s.app.store.db.prepare("SELECT count(*) FROM deliveries WHERE doc_id = ? AND state <> 'sent'").pluck().get(docId) as number) === 0;
  await waitFor('its notifications and auto-reply sent', sent);
  expect((await owner.change('POST', pathOf('markSpam', { docId }))).status).toBe(200);
  const lead = await detail(docId);
  expect(lead.spam).toBe(true);
  expect(spamNoticeOf(lead)).toBe(fill(admin.lead.spamNoticeBoth, { channels: [admin.lead.channels.email, admin.lead.channels.webhook].join(', ') }));
});

it('a lead the spam trap caught says nobody was notified of it', async () => {
  const docId = s.app.store.insert(forms.contact.collection, { ...validData.contact, Email: 'trapped@example.com', id: 1, Date: 'now' }, { spam: true });
  expect(spamNoticeOf(await detail(docId))).toBe(admin.lead.spamNotice);
});
