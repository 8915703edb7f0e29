/**
 * Reading a mail within config/server.ts mailbox.reading (parse.ts), never throwing: a mail that
 * cannot be read is answered by its headers with why; HTML nested past the bound is text without
 * it (htmlText.ts). (The reader's side, with a real Dovecot, is in mailbox.test.ts.)
 */
import { convert } from 'html-to-text';
import server from '../../../../config/server';
import { shallowHtml } from './htmlText';
import { parseHeaders } from './parse';
import { readMail } from './wholeMail';

const { maxMimeDepth, maxHeaderBytes, maxHtmlDepth } = server.mailbox.reading;
const head = [
  'From: Ada <ada@example.net>',
  'Subject: Re: hello',
  'Message-ID: <1@example.net>',
  'In-Reply-To: <msg_AAAAAAAAAAAAAAAAAAAA@agency.test>',
  'MIME-Version: 1.0',
];
const raw = (lines: string[], body: string) => Buffer.from(`${[...head, ...lines].join('\r\n')}\r\n\r\n${body}\r\n`);
const read = async (bytes: Buffer) => readMail(bytes, (await parseHeaders(bytes.subarray(0, bytes.indexOf('\r\n\r\n'))))!);

/** Parts nested `depth` deep, the innermost plain text. */
function nested(depth: number): Buffer {
  const open = Array.from({ length: depth }, (_, i) => `--n${i}\r\nContent-Type: multipart/mixed; boundary="n${i + 1}"\r\n`).join('\r\n');
  const close = Array.from({ length: depth + 1 }, (_, i) => `--n${depth - i}--`).join('\r\n');
  return raw(['Content-Type: multipart/mixed; boundary="n0"'], `${open}\r\n--n${depth}\r\nContent-Type: text/plain\r\n\r\nDeep inside.\r\n${close}`);
}

it('reads parts nested up to mailbox.reading.maxMimeDepth; one deeper is answered by its headers, with why', async () => {
  expect(await read(nested(maxMimeDepth - 2))).toMatchObject({ whole: true, text: 'Deep inside.' });
  const deep = await read(nested(maxMimeDepth + 1));
  expect(deep).toMatchObject({ whole: false, why: { unreadable: expect.stringMatching(/nesting/) } });
  expect(deep.email).toMatchObject({ subject: 'Re: hello', from: { address: 'ada@example.net', name: 'Ada' } });
});

it('makes HTML nested 20,000 deep (divs, tables) text without what is past the bound, and without markup', async () => {
  for (const [open, close] of [
    ['<div>', '</div>'],
    ['<table><tr><td>', '</td></tr></table>'],
  ]) {
    const mail = await read(
      raw(['Content-Type: text/html; charset=utf-8'], `<p>Near the top.</p>${open!.repeat(20_000)}Deepest words.${close!.repeat(20_000)}`),
    );
    expect(mail).toMatchObject({ whole: true });
    expect(mail.whole && mail.text).toMatch(/^Near the top\./);
    expect(mail.whole && mail.text).not.toMatch(/<|Deepest words/);
  }
});

it('finds the nesting however it is written (a "<" of text before each tag, "<div/>", end tags of nothing open, comments, lists, tables)', () => {
  for (const level of ['< <div>', '<div/>', '<div></zz>', '<!-- --><div>', '<ul><li>', '<table><tr><td>', '<DIV\tclass="a>b">']) {
    const cut = shallowHtml(`${level.repeat(20_000)}Deepest words.`, maxHtmlDepth);
    expect({ level, deepestRead: cut.includes('Deepest words.') }).toEqual({ level, deepestRead: false });
    // What is left nests so little that html-to-text (once per level on the stack) reads it without a bound of its own.
    expect(() => convert(cut, { wordwrap: false })).not.toThrow();
  }
  const flat = '<div><p>Hello <b>you</b><br><img src="x"><p>again</div><ul><li>a<li>b</ul>'.repeat(1000);
  expect(shallowHtml(flat, maxHtmlDepth)).toBe(flat);
});

it('reads a header block up to mailbox.reading.maxHeaderBytes: what ties the mail to its lead comes first and is read; the whole mail is not', async () => {
  const padding = Array.from({ length: Math.ceil(maxHeaderBytes / 900) + 1 }, () => `X-Padding: ${'x'.repeat(900)}`);
  const bytes = raw([...padding, 'Content-Type: text/plain'], 'After long headers.');
  const headers = await parseHeaders(bytes.subarray(0, bytes.indexOf('\r\n\r\n')));
  expect(headers).toMatchObject({ inReplyTo: '<msg_AAAAAAAAAAAAAAAAAAAA@agency.test>', subject: 'Re: hello' });
  expect(await readMail(bytes, headers!)).toMatchObject({ whole: false, why: { unreadable: expect.stringMatching(/header/) } });
});

it('reads broken encodings (bad base64, an unknown charset) as text', async () => {
  expect(await read(raw(['Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: base64'], '!!!! not base64 ===='))).toMatchObject({
    whole: true,
  });
  expect(await read(raw(['Content-Type: text/plain; charset=x-klingon-42'], 'Qapla in no known charset.'))).toMatchObject({
    whole: true,
    text: 'Qapla in no known charset.',
  });
});
