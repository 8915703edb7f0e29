/**
 * What tells an automatic mail from a person's (automatic.ts), over mails parsed as the reader
 * parses them (postal-mime): each header that marks one, the kind it means, and a delivery
 * report's and a feedback report's facts (the failed recipient, its status, the mail reported on).
 */
import PostalMime from 'postal-mime';
import { automaticOf, isReport } from './automatic';

/** A mail: these header lines, then a plain body (or the body given). */
const mail = (lines: string[], body = 'Hello.') =>
  PostalMime.parse([`From: Ada <ada@example.net>`, 'To: hello@agency.test', 'Subject: Re: Our first mail', ...lines, '', body, ''].join('\r\n'));

it.each([
  [['Auto-Submitted: auto-replied'], 'outOfOffice'],
  [['Auto-Submitted: Auto-Replied; owner-email="ada@example.net"'], 'outOfOffice'],
  [['X-Autoreply: yes'], 'outOfOffice'],
  [['X-Autorespond: Vacation'], 'outOfOffice'],
  [['Precedence: auto_reply'], 'outOfOffice'],
  // Gmail's vacation answers: both; RFC 3834's header decides.
  [['Auto-Submitted: auto-replied', 'Precedence: bulk'], 'outOfOffice'],
  [['Auto-Submitted: auto-generated'], 'other'],
  [['Auto-Submitted: auto-notified'], 'other'],
  [['Precedence: bulk'], 'list'],
  [['Precedence: list'], 'list'],
  [['Precedence: junk'], 'other'],
  [['List-Id: Agency news <news.agency.example>'], 'list'],
  [['List-Unsubscribe: <mailto:leave@lists.example.net>'], 'list'],
  [['Return-Path: <>'], 'other'],
  [['Return-Path: <MAILER-DAEMON@mx.example.net>'], 'deliveryReport'],
  [['Content-Type: multipart/report; report-type=disposition-notification; boundary=x'], 'other'],
] as const)('%j is automatic: %s', async (lines, kind) => {
  expect(automaticOf(await mail([...lines]))).toMatchObject({ kind });
});

it.each([[[]], [['Auto-Submitted: no']], [['X-Autoreply: no']], [['Return-Path: <ada@example.net>']], [['Precedence: first-class']]])(
  '%j is a person\u2019s',
  async (lines) => {
    expect(automaticOf(await mail([...lines]))).toBeUndefined();
  },
);

it('a delivery report (RFC 3464) gives the failed recipient, its action and status, and the Message-ID of the mail it returns', async () => {
  const report = await mail(
    [
      'From: Mail Delivery System <MAILER-DAEMON@mx.example.net>',
      'Auto-Submitted: auto-replied',
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type="delivery-status"; boundary="R"',
    ],
    [
      '--R',
      'Content-Type: text/plain',
      '',
      'Your message could not be delivered.',
      '--R',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.example.net',
      '',
      'Final-Recipient: rfc822; someone@example.net',
      'Action: delivered',
      'Status: 2.0.0',
      '',
      'Final-Recipient: rfc822; ada@example.net',
      'Original-Recipient: rfc822;Ada@Example.net',
      'Action: failed',
      'Status: 5.1.1 (no such user)',
      'Diagnostic-Code: smtp; 550 5.1.1 <ada@example.net>: Recipient',
      ' address rejected',
      '',
      '--R',
      'Content-Type: text/rfc822-headers',
      '',
      'From: Agency <site@agency.test>',
      'Message-ID:',
      ' <msg_AAAAAAAAAAAAAAAAAAAA@agency.test>',
      'Subject: Our first mail',
      '',
      '--R--',
    ].join('\r\n'),
  );
  expect(isReport(report)).toBe(true);
  expect(automaticOf(report)).toEqual({
    kind: 'deliveryReport',
    recipient: 'ada@example.net',
    action: 'failed',
    status: '5.1.1',
    original: '<msg_AAAAAAAAAAAAAAAAAAAA@agency.test>',
  });
  // Known by its headers alone too (a mail kept by its headers): a report, without its facts.
  expect(automaticOf({ headers: report.headers, attachments: [], from: report.from })).toEqual({ kind: 'deliveryReport' });
});

it('a feedback report (ARF) gives its type, who complained and the mail complained of', async () => {
  const report = await mail(
    ['MIME-Version: 1.0', 'Content-Type: multipart/report; report-type=feedback-report; boundary="F"'],
    [
      '--F',
      'Content-Type: text/plain',
      '',
      'This is an abuse report.',
      '--F',
      'Content-Type: message/feedback-report',
      '',
      'Feedback-Type: abuse',
      'Version: 1',
      'Original-Rcpt-To: <ada@example.net>',
      '',
      '--F',
      'Content-Type: message/rfc822',
      '',
      'From: site@agency.test',
      'Message-ID: <msg_BBBBBBBBBBBBBBBBBBBB@agency.test>',
      '',
      'Hello',
      '--F--',
    ].join('\r\n'),
  );
  expect(automaticOf(report)).toEqual({
    kind: 'feedbackReport',
    feedbackType: 'abuse',
    recipient: 'ada@example.net',
    original: '<msg_BBBBBBBBBBBBBBBBBBBB@agency.test>',
  });
});
