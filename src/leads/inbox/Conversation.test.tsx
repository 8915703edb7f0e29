/**
 * A lead's conversation as the owner reads it (Conversation.tsx): a mail kept by its
 * headers says who sent it, its subject and that it could not be read; a mail that only claims
 * the agency's address is the visitor's, with the warning under it; an automatic one says what
 * kind it is and what it changed: nothing, or (a delivery report) the site's mail it returned marked
 * not delivered. Words from config/admin.ts.
 */
import { render, screen, within } from '@testing-library/react';
import admin from '../../../config/admin';
import type { ReceivedMail } from '../model/adminApi';
import { Conversation } from './Conversation';
import { fill, formatDate } from '../../platform/inbox/format';

const t = admin.replies;
const received = (id: string, mail: Partial<ReceivedMail>): ReceivedMail => ({
  id,
  docId: 'AAAAAAAAAAAAAAAAAAAA',
  kind: 'answer',
  fromName: '',
  fromAddress: 'ada@example.net',
  subject: 'Re: hello',
  text: '',
  quoted: '',
  tooLarge: false,
  unreadable: false,
  suspicious: false,
  automatic: null,
  returned: 0,
  attachments: [],
  createdAt: Date.UTC(2026, 5, 1, 10),
  ...mail,
});

it('shows a mail kept by its headers (sender, subject, the note) and a suspicious one as the visitor\u2019s with the warning; a proved one without', () => {
  render(
    <Conversation
      mails={[
        received('m1', { fromName: 'Mallory', fromAddress: 'mallory@example.net', subject: 'Re: hello (deep)', unreadable: true }),
        received('m2', { fromName: 'Agency', fromAddress: 'sales+x@agency.test', text: 'Forged words.', suspicious: true }),
        received('m3', { kind: 'mailProgram', fromAddress: 'sales@agency.test', text: 'Really ours.' }),
      ]}
      onSendAgain={() => undefined}
    />,
  );
  const [unreadable, suspicious, proved] = screen.getAllByRole('listitem');
  expect(unreadable).toHaveTextContent('Re: hello (deep)');
  expect(unreadable).toHaveTextContent('Mallory <mallory@example.net>');
  expect(unreadable).toHaveTextContent(t.mailUnreadable);
  expect(unreadable).not.toHaveTextContent(t.mailSuspicious);
  expect(within(suspicious!).getByRole('alert')).toHaveTextContent(t.mailSuspicious);
  expect(suspicious).toHaveTextContent('Forged words.');
  expect(proved).not.toHaveTextContent(t.mailSuspicious);
  expect(proved).toHaveTextContent('Really ours.');
});

it('shows an automatic mail as automatic, with its kind, apart from the person\u2019s answers', () => {
  render(
    <Conversation
      mails={[
        received('m1', { fromName: 'Ada', text: 'I am away until Monday.', automatic: 'outOfOffice' }),
        received('m2', { fromName: 'Ada', text: 'A real answer.' }),
      ]}
      onSendAgain={() => undefined}
    />,
  );
  const [automatic, answer] = screen.getAllByRole('listitem');
  expect(automatic).toHaveTextContent(t.automaticKinds.outOfOffice);
  expect(automatic).toHaveTextContent('I am away until Monday.');
  expect(answer).not.toHaveTextContent(t.automaticKinds.outOfOffice);
  expect(answer).toHaveTextContent('A real answer.');
});

it('says of a delivery report what it changed: the site\u2019s mail it returned marked not delivered, or nothing', () => {
  render(
    <Conversation
      mails={[
        received('m1', { fromAddress: 'mailer-daemon@example.net', automatic: 'deliveryReport', returned: 1 }),
        received('m2', { fromAddress: 'mailer-daemon@example.net', automatic: 'deliveryReport' }),
      ]}
      onSendAgain={() => undefined}
    />,
  );
  const [returned, unchanged] = screen.getAllByRole('listitem');
  const line = (template: string) =>
    fill(template, { at: formatDate(Date.UTC(2026, 5, 1, 10)), from: 'mailer-daemon@example.net', what: t.automaticKinds.deliveryReport });
  expect(returned).toHaveTextContent(line(t.automaticReturnedLine));
  expect(returned).not.toHaveTextContent(line(t.automaticLine));
  expect(unchanged).toHaveTextContent(line(t.automaticLine));
});
