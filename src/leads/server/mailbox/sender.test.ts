/**
 * Who sent a mail from the agency's address (sender.ts): only what the receiving server wrote
 * proves it, with the authserv-id and relays the settings trust; whatever the mail says of itself
 * (a From, its own Authentication-Results below a Received line, another server's results) does not.
 * The mails are parsed by postal-mime, as the reader parses them (parse.ts).
 */
import { parseHeaders } from './parse';
import { agencyProof, parseAuthenticationResults, receivedFrom } from './sender';
import type { Trust } from './settings';

const agency = ['hello@agency.test', 'sales@agency.test'];
const trust: Trust = { authservIds: ['mx.agency-mail.test'], relays: ['203.0.113.0/24', '2001:db8::5'] };
const none: Trust = { authservIds: [], relays: [] };

/** The proof of a mail whose header block is `lines` and then its own headers. */
async function proofOf(lines: string[], from = 'Owner <sales+x@agency.test>', with_: Trust = trust) {
  const headers = await parseHeaders([...lines, `From: ${from}`, 'To: ada@example.net', 'Subject: Re: hello', 'Message-ID: <1@agency.test>'].join('\r\n'));
  return agencyProof(headers!.headers, headers!.from!.address!, agency, with_);
}

const received =
  'Received: from relay.example (relay.example [198.51.100.7]) by mx.agency-mail.test (Postfix) with ESMTPS id 4Q; Mon, 1 Jun 2026 10:00:00 +0000';

it('reads Authentication-Results as RFC 8601 writes them: comments, quoted values, versions, folded lines, no result', () => {
  expect(
    parseAuthenticationResults(
      'MX.Agency-Mail.test (authserv comment) 1;\r\n  dkim/1=pass (good signature) header.d=agency.test header.s="s 1" header.b=abc;\r\n  spf = pass smtp.mailfrom=sales@agency.test; dmarc=fail (p=reject) header.from=agency.test; auth=pass smtp.auth="sales@agency.test"',
    ),
  ).toEqual({
    authservId: 'mx.agency-mail.test',
    results: [
      { method: 'dkim', result: 'pass', properties: { 'header.d': 'agency.test', 'header.s': 's 1', 'header.b': 'abc' } },
      { method: 'spf', result: 'pass', properties: { 'smtp.mailfrom': 'sales@agency.test' } },
      { method: 'dmarc', result: 'fail', properties: { 'header.from': 'agency.test' } },
      { method: 'auth', result: 'pass', properties: { 'smtp.auth': 'sales@agency.test' } },
    ],
  });
  expect(parseAuthenticationResults('mx.example; none')).toEqual({ authservId: 'mx.example', results: [] });
  // A ";" or "=" in a comment or a quoted string is no separator.
  expect(parseAuthenticationResults('mx.example (a; dkim=pass) ; dkim=fail header.d="x;dkim=pass"').results).toEqual([
    { method: 'dkim', result: 'fail', properties: { 'header.d': 'x;dkim=pass' } },
  ]);
});

it.each([
  ['DMARC for the From domain', 'dmarc=pass header.from=agency.test', 'dmarc'],
  ['DKIM signed by the From domain', 'dkim=pass header.d=agency.test', 'dkim'],
  ['DKIM signed by the From domain, named by header.i', 'dkim=pass header.i=@agency.test', 'dkim'],
  ['SPF for a return path in the From domain', 'spf=pass smtp.mailfrom=bounce@agency.test', 'spf'],
  ['SMTP AUTH as one of the agency\u2019s addresses (another +tag)', 'auth=pass smtp.auth=hello+out@agency.test', 'auth'],
])('the receiving server\u2019s results prove it: %s', async (_name, result, proof) => {
  expect(await proofOf([`Authentication-Results: mx.agency-mail.test; ${result}`, received])).toBe(proof);
});

it.each([
  ['no results at all', [received]],
  ['results of a server not trusted', ['Authentication-Results: mx.elsewhere.test; dmarc=pass header.from=agency.test', received]],
  [
    'the trusted id\u2019s results written by the sender, below the receiving server\u2019s Received line',
    [received, 'Authentication-Results: mx.agency-mail.test; dmarc=pass header.from=agency.test'],
  ],
  ['a failing DMARC', ['Authentication-Results: mx.agency-mail.test; dmarc=fail header.from=agency.test', received]],
  ['DMARC passing for another domain', ['Authentication-Results: mx.agency-mail.test; dmarc=pass header.from=evil.example', received]],
  [
    'DKIM passing for a domain that only ends like the agency\u2019s',
    ['Authentication-Results: mx.agency-mail.test; dkim=pass header.d=evilagency.test', received],
  ],
  ['DKIM passing for a sub-domain of the agency\u2019s only', ['Authentication-Results: mx.agency-mail.test; dkim=pass header.d=mail.agency.test', received]],
  ['SPF passing for another return path', ['Authentication-Results: mx.agency-mail.test; spf=pass smtp.mailfrom=x@evil.example', received]],
  ['SMTP AUTH as someone else', ['Authentication-Results: mx.agency-mail.test; auth=pass smtp.auth=visitor@agency-mail.test', received]],
  [
    '"pass" only in a comment',
    ['Authentication-Results: mx.agency-mail.test; dmarc=fail (dmarc=pass header.from=agency.test) header.from=agency.test', received],
  ],
])('nothing else proves it: %s', async (_name, lines) => {
  expect(await proofOf(lines)).toBeUndefined();
});

it('without trusted servers or relays nothing in the headers proves it', async () => {
  expect(await proofOf(['Authentication-Results: mx.agency-mail.test; dmarc=pass header.from=agency.test', received], undefined, none)).toBeUndefined();
});

it('a trusted relay proves it when the first Received line (the mailbox\u2019s server\u2019s) says the mail came from it; an address the sender wrote does not', async () => {
  const from = (clause: string) => `Received: from ${clause} by mx.agency-mail.test with ESMTPS; Mon, 1 Jun 2026 10:00:00 +0000`;
  expect(await proofOf([from('out.agency.test (out.agency.test [203.0.113.9])')])).toBe('relay');
  expect(await proofOf([from('out.agency.test (out.agency.test [IPv6:2001:db8::5])')])).toBe('relay');
  expect(await proofOf([from('out.agency.test ([203.0.113.9] helo=out)')])).toBe('relay');
  // The relay's address below the first Received line, or as the sender's HELO name, proves nothing.
  expect(await proofOf([from('evil.example (evil.example [198.51.100.7])'), from('out.agency.test (out.agency.test [203.0.113.9])')])).toBeUndefined();
  expect(await proofOf([from('[203.0.113.9] (evil.example [198.51.100.7])')])).toBeUndefined();
  expect(receivedFrom('from x (unknown [::ffff:203.0.113.9]) by y')).toBe('203.0.113.9');
  expect(receivedFrom('by y with LMTP')).toBeUndefined();
});

it('reads a header of any length within its bound, at once', async () => {
  const long = `Authentication-Results: mx.agency-mail.test; ${'('.repeat(100_000)}dmarc=pass header.from=agency.test`;
  expect(await proofOf([long, received])).toBeUndefined();
});
