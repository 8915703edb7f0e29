/**
 * Replies as mail programs write them, for the tests of the reply parser
 * (src/leads/server/mailbox/replyText.ts) and of the owner's replies sent on through the site
 * (src/leads/server/mailbox/ownerReplies.test.ts):
 *
 * - `replySamples`: a corpus of realistic replies (Gmail, Outlook on the web and for Windows,
 *   Apple Mail, Thunderbird, phones; text and HTML; several languages), each with the words its
 *   writer typed (or why they cannot be told apart);
 * - `replyTo(shape, …)`: a whole mail (MIME) answering a given mail the way Gmail, Outlook or
 *   Apple Mail would: its text part and its HTML part, each quoting the mail answered.
 */

export interface ReplySample {
  name: string;
  text?: string;
  html?: string;
  /** The writer's own words (trimmed); `unsure` when they sit between quoted parts. */
  expected: string | { unsure: true };
  /** Words of the quote or signature: in the folded part, never in the words. */
  folded?: string[];
}

/** The mail being answered, as the quote shows it (a notification of the site). */
const QUOTED_LINES = [
  'New inquiry from Ada Lovelace: Ordering app',
  '',
  'Full Name: Ada Lovelace',
  'E-mail: ada@example.net',
  'Project: Ordering app',
  '',
  'Reply to this e-mail to answer Ada Lovelace.',
  '',
  '-- ',
  'Agency notes: never sent',
  'Received: 2 January 2024, 10:00',
  'Source: newsletter',
  'See the lead: https://leads.agency.example/admin/leads/abc',
];
const quotedText = (prefix = '> ') => QUOTED_LINES.map((line) => (line === '' ? prefix.trimEnd() : prefix + line)).join('\n');
const QUOTED_HTML =
  '<h1>New inquiry from Ada Lovelace: Ordering app</h1><table><tr><th>Full Name</th><td>Ada Lovelace</td></tr><tr><th>Project</th><td>Ordering app</td></tr></table><p>Reply to this e-mail to answer Ada Lovelace.</p><div class="moz-signature"><hr><p><b>Agency notes: never sent</b></p><table><tr><th>Source</th><td>newsletter</td></tr></table><p><a href="https://leads.agency.example/admin/leads/abc">See the lead</a></p></div>';
const AGENCY = ['Agency notes', 'Source', 'admin/leads'];
/** In HTML the inbox's address is a link's, which the text of the mail leaves out. */
const AGENCY_HTML = ['Agency notes', 'Source newsletter'];

export const replySamples: ReplySample[] = [
  {
    name: 'Gmail, text, top-posted, wrapped "On … wrote:"',
    text: `Thanks Ada, we can start in March.\n\nBest,\nJane\n\nOn Tue, Jan 2, 2024 at 10:00 AM Ada Lovelace via Example Agency <\nsite@agency.example> wrote:\n\n${quotedText()}\n`,
    expected: 'Thanks Ada, we can start in March.\n\nBest,\nJane',
    folded: ['wrote:', ...AGENCY],
  },
  {
    name: 'Gmail, HTML, gmail_quote and a gmail_signature',
    html: `<div dir="ltr">Thanks Ada, we can start in <b>March</b>.<div><br></div><div>Best,</div><div>Jane</div><br clear="all"><div><br></div><span class="gmail_signature_prefix">-- </span><br><div dir="ltr" class="gmail_signature" data-smartmail="gmail_signature"><div dir="ltr">Jane Doe<div>Example Agency · +44 20 7946 0000</div></div></div></div><br><div class="gmail_quote gmail_quote_container"><div dir="ltr" class="gmail_attr">On Tue, Jan 2, 2024 at 10:00 AM Ada Lovelace via Example Agency &lt;<a href="mailto:site@agency.example">site@agency.example</a>&gt; wrote:<br></div><blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex;border-left:1px solid rgb(204,204,204);padding-left:1ex">${QUOTED_HTML}</blockquote></div>`,
    expected: 'Thanks Ada, we can start in March.\n\nBest,\nJane',
    folded: ['Jane Doe', 'wrote:', ...AGENCY_HTML],
  },
  {
    name: 'Gmail, text, German "Am … schrieb …:"',
    text: `Danke, wir melden uns am Montag.\n\nAm Di., 2. Jan. 2024 um 10:00 Uhr schrieb Ada Lovelace <ada@example.net>:\n\n${quotedText()}\n`,
    expected: 'Danke, wir melden uns am Montag.',
    folded: ['schrieb', ...AGENCY],
  },
  {
    name: 'Gmail, text, the date-first form "2024-01-02 10:00 GMT+01:00 Name <a@b>:"',
    text: `Yes, March works.\n\n2024-01-02 10:00 GMT+01:00 Ada Lovelace <ada@example.net>:\n\n${quotedText()}`,
    expected: 'Yes, March works.',
    folded: AGENCY,
  },
  {
    name: 'Outlook on the web, HTML: #Signature, #appendonsend, the rule and #divRplyFwdMsg',
    html: `<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"><style type="text/css" style="display:none;"> P {margin-top:0;margin-bottom:0;} </style></head><body dir="ltr"><div class="elementToProof" style="font-family: Aptos, sans-serif; font-size: 12pt;">Hello Ada,</div><div class="elementToProof" style="font-size: 12pt;"><br></div><div class="elementToProof" style="font-size: 12pt;">We would love to build it. Could we talk on Wednesday?</div><div id="Signature"><div><br></div><div>Jane Doe | Example Agency</div></div><div id="appendonsend"></div><hr style="display:inline-block;width:98%" tabindex="-1"><div id="divRplyFwdMsg" dir="ltr"><font face="Calibri, sans-serif" style="font-size:11pt" color="#000000"><b>From:</b> Ada Lovelace via Example Agency &lt;site@agency.example&gt;<br><b>Sent:</b> Tuesday, January 2, 2024 10:00 AM<br><b>To:</b> Sales &lt;sales@agency.example&gt;<br><b>Subject:</b> New inquiry from Ada Lovelace: Ordering app</font><div>&nbsp;</div></div><div>${QUOTED_HTML}</div></body></html>`,
    expected: 'Hello Ada,\n\nWe would love to build it. Could we talk on Wednesday?',
    folded: ['Jane Doe', 'Sent:', ...AGENCY_HTML],
  },
  {
    name: 'Outlook for Windows, HTML: the bordered "From:" block',
    html: `<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><style><!-- p.MsoNormal {margin:0cm;} --></style></head><body lang=EN-GB link="#0563C1"><div class=WordSection1><p class=MsoNormal>Hi Ada,<o:p></o:p></p><p class=MsoNormal><o:p>&nbsp;</o:p></p><p class=MsoNormal>Attached is nothing; just saying yes.<o:p></o:p></p><p class=MsoNormal><o:p>&nbsp;</o:p></p><div><div style='border:none;border-top:solid #E1E1E1 1.0pt;padding:3.0pt 0cm 0cm 0cm'><p class=MsoNormal><b><span lang=EN-US>From:</span></b><span lang=EN-US> Ada Lovelace via Example Agency &lt;site@agency.example&gt; <br><b>Sent:</b> 02 January 2024 10:00<br><b>To:</b> sales@agency.example<br><b>Subject:</b> New inquiry from Ada Lovelace: Ordering app<o:p></o:p></span></p></div></div><p class=MsoNormal><o:p>&nbsp;</o:p></p>${QUOTED_HTML}</div></body></html>`,
    expected: 'Hi Ada,\n\nAttached is nothing; just saying yes.',
    folded: ['Sent:', ...AGENCY_HTML],
  },
  {
    name: 'Outlook, text: the underscores and the "From: … Sent: …" block, unquoted',
    text: `Hi Ada, yes we can.\r\n\r\n________________________________\r\nFrom: Ada Lovelace via Example Agency <site@agency.example>\r\nSent: Tuesday, January 2, 2024 10:00 AM\r\nTo: Sales <sales@agency.example>\r\nSubject: New inquiry from Ada Lovelace: Ordering app\r\n\r\n${quotedText('').replace(/\n/g, '\r\n')}\r\n`,
    expected: 'Hi Ada, yes we can.',
    folded: ['Sent:', ...AGENCY],
  },
  {
    name: 'Outlook, text: "-----Original Message-----"',
    text: `Sounds good.\n\n-----Original Message-----\nFrom: site@agency.example\nSent: 02 January 2024 10:00\nTo: sales@agency.example\nSubject: New inquiry\n\n${quotedText('')}`,
    expected: 'Sounds good.',
    folded: ['Original Message', ...AGENCY],
  },
  {
    name: 'Outlook, text, French header block "De : … Envoyé : … À : … Objet :"',
    text: `Bonjour Ada, c'est d'accord.\n\nDe : Ada Lovelace via Example Agency <site@agency.example>\nEnvoyé : mardi 2 janvier 2024 10:00\nÀ : sales@agency.example\nObjet : New inquiry from Ada Lovelace: Ordering app\n\n${quotedText('')}`,
    expected: "Bonjour Ada, c'est d'accord.",
    folded: ['Envoyé', ...AGENCY],
  },
  {
    name: 'Outlook for iOS, text: "Get Outlook for iOS" and the header block',
    text: `Will call you tomorrow.\n\nGet Outlook for iOS\n________________________________\nFrom: Ada Lovelace via Example Agency <site@agency.example>\nSent: Tuesday, January 2, 2024 10:00:00 AM\nTo: sales@agency.example <sales@agency.example>\nSubject: New inquiry from Ada Lovelace: Ordering app\n\n${quotedText('')}`,
    expected: 'Will call you tomorrow.',
    folded: ['Get Outlook for iOS', ...AGENCY],
  },
  {
    name: 'Apple Mail, HTML: blockquote type=cite with its "On … wrote:" inside, and "Sent from my iPhone"',
    html: `<html><head><meta http-equiv="content-type" content="text/html; charset=utf-8"></head><body dir="auto"><div dir="ltr">Perfect, see you Wednesday.</div><div dir="ltr"><br></div><div dir="ltr">Sent from my iPhone</div><div dir="ltr"><br><blockquote type="cite">On 2 Jan 2024, at 10:00, Ada Lovelace via Example Agency &lt;site@agency.example&gt; wrote:<br><br></blockquote></div><blockquote type="cite"><div dir="ltr">${QUOTED_HTML}</div></blockquote></body></html>`,
    expected: 'Perfect, see you Wednesday.',
    folded: ['Sent from my iPhone', 'wrote:', ...AGENCY_HTML],
  },
  {
    name: 'Apple Mail on a Mac, HTML: the "On … wrote:" line before the blockquote',
    html: `<html><body style="overflow-wrap: break-word;"><div>Thank you, Ada. We start on Monday.</div><div><br><div><div>On 2 Jan 2024, at 10:00, Ada Lovelace via Example Agency &lt;site@agency.example&gt; wrote:</div><br class="Apple-interchange-newline"><blockquote type="cite"><div>${QUOTED_HTML}</div></blockquote></div><br></div></body></html>`,
    expected: 'Thank you, Ada. We start on Monday.',
    folded: ['wrote:', ...AGENCY_HTML],
  },
  {
    name: 'Apple Mail, text',
    text: `Thank you, Ada. We start on Monday.\n\n> On 2 Jan 2024, at 10:00, Ada Lovelace via Example Agency <site@agency.example> wrote:\n>\n${quotedText()}\n`,
    expected: 'Thank you, Ada. We start on Monday.',
    folded: AGENCY,
  },
  {
    name: 'Thunderbird, text: "-- " signature and "On 02/01/2024 10:00, … wrote:"',
    text: `Yes.\n\n-- \nJane Doe\nExample Agency\n\nOn 02/01/2024 10:00, Ada Lovelace via Example Agency wrote:\n${quotedText()}`,
    expected: 'Yes.',
    folded: ['Jane Doe', ...AGENCY],
  },
  {
    name: 'Thunderbird, HTML: moz-cite-prefix, blockquote type=cite, moz-signature',
    html: `<html><body><p>We can start in March.</p><div class="moz-signature">-- <br>Jane Doe</div><div class="moz-cite-prefix">On 02/01/2024 10:00, Ada Lovelace via Example Agency wrote:<br></div><blockquote type="cite" cite="mid:msg_x@agency.example">${QUOTED_HTML}</blockquote></body></html>`,
    expected: 'We can start in March.',
    folded: ['Jane Doe', 'wrote:', ...AGENCY_HTML],
  },
  {
    name: 'Gmail, text, French "Le … a écrit :"',
    text: `Parfait, merci.\n\nLe mar. 2 janv. 2024 à 10:00, Ada Lovelace <ada@example.net> a écrit :\n\n${quotedText()}`,
    expected: 'Parfait, merci.',
    folded: AGENCY,
  },
  {
    name: 'Gmail, text, Spanish "El … escribió:"',
    text: `Perfecto, gracias.\n\nEl mar, 2 ene 2024 a las 10:00, Ada Lovelace (<ada@example.net>) escribió:\n\n${quotedText()}`,
    expected: 'Perfecto, gracias.',
    folded: AGENCY,
  },
  {
    name: 'Gmail, text, Dutch "Op … schreef …:"',
    text: `Prima, tot dan.\n\nOp di 2 jan. 2024 om 10:00 schreef Ada Lovelace <ada@example.net>:\n\n${quotedText()}`,
    expected: 'Prima, tot dan.',
    folded: AGENCY,
  },
  {
    name: 'Gmail, text, Italian "Il giorno … ha scritto:"',
    text: `Va bene.\n\nIl giorno mar 2 gen 2024 alle ore 10:00 Ada Lovelace <ada@example.net> ha scritto:\n\n${quotedText()}`,
    expected: 'Va bene.',
    folded: AGENCY,
  },
  {
    name: 'Gmail, text, Portuguese "Em … escreveu:"',
    text: `Combinado.\n\nEm ter., 2 de jan. de 2024 às 10:00, Ada Lovelace <ada@example.net> escreveu:\n\n${quotedText()}`,
    expected: 'Combinado.',
    folded: AGENCY,
  },
  {
    name: 'Gmail, text, Polish "W dniu … pisze:"',
    text: `Dziękuję.\n\nW dniu 2.01.2024 o 10:00, Ada Lovelace <ada@example.net> pisze:\n\n${quotedText()}`,
    expected: 'Dziękuję.',
    folded: AGENCY,
  },
  {
    name: 'Gmail, text, Swedish "Den … skrev …:"',
    text: `Tack!\n\nDen tis 2 jan. 2024 kl 10:00 skrev Ada Lovelace <ada@example.net>:\n\n${quotedText()}`,
    expected: 'Tack!',
    folded: AGENCY,
  },
  {
    name: 'Gmail, text, Japanese date-first "2024年1月2日(火) 10:00 Name <a@b>:"',
    text: `ありがとうございます。\n\n2024年1月2日(火) 10:00 Ada Lovelace <ada@example.net>:\n\n${quotedText()}`,
    expected: 'ありがとうございます。',
    folded: AGENCY,
  },
  {
    name: 'A forwarded mail: "---------- Forwarded message ---------"',
    text: `Can you take this one?\n\n---------- Forwarded message ---------\nFrom: Ada Lovelace <ada@example.net>\nDate: Tue, 2 Jan 2024 at 10:00\nSubject: Ordering app\n\n${quotedText('')}`,
    expected: 'Can you take this one?',
    folded: ['Forwarded message', ...AGENCY],
  },
  {
    name: 'Yahoo, HTML: div.yahoo_quoted',
    html: `<html><body><div class="ydp"><div>Sure thing.</div></div><div id="yahoo_quoted_123" class="yahoo_quoted"><div>On Tuesday, 2 January 2024 at 10:00:00 GMT, Ada Lovelace &lt;ada@example.net&gt; wrote:</div>${QUOTED_HTML}</div></body></html>`,
    expected: 'Sure thing.',
    folded: AGENCY_HTML,
  },
  {
    name: 'Bottom-posted text: the quote first, the words under it',
    text: `On Tue, Jan 2, 2024 at 10:00 AM Ada Lovelace <ada@example.net> wrote:\n${quotedText()}\n\nWe can do that in March.\n-- \nJane`,
    expected: 'We can do that in March.',
    folded: ['Jane', ...AGENCY],
  },
  {
    name: 'One answer written between the quoted lines (the quote above and below it): its words',
    text: `On Tue, Jan 2, 2024 at 10:00 AM Ada Lovelace <ada@example.net> wrote:\n> Full Name: Ada Lovelace\n> Project: Ordering app\n\nWe build those.\n\n${quotedText()}\n`,
    expected: 'We build those.',
    folded: AGENCY,
  },
  {
    name: 'Answers written between the quoted lines (text): unsure',
    text: `On Tue, Jan 2, 2024 at 10:00 AM Ada Lovelace <ada@example.net> wrote:\n> Full Name: Ada Lovelace\n\nHello Ada!\n\n> Project: Ordering app\n\nWe build those.\n`,
    expected: { unsure: true },
  },
  {
    name: 'Answers written between the quoted lines (HTML): unsure',
    html: `<div>Hello Ada,</div><blockquote type="cite">Project: Ordering app</blockquote><div>We build those.</div><blockquote type="cite">${QUOTED_HTML}</blockquote>`,
    expected: { unsure: true },
  },
  {
    name: 'Only the quote, no words',
    text: `\n\nOn Tue, Jan 2, 2024 at 10:00 AM Ada Lovelace <ada@example.net> wrote:\n\n${quotedText()}\n`,
    expected: '',
    folded: AGENCY,
  },
  {
    name: 'Only the quote, no words (HTML)',
    html: `<div dir="ltr"><br></div><br><div class="gmail_quote">${QUOTED_HTML}</div>`,
    expected: '',
    folded: AGENCY_HTML,
  },
  {
    name: 'No quote at all',
    text: 'Hello,\n\nI would like a quote for a shop.\n\nThanks,\nAda',
    expected: 'Hello,\n\nI would like a quote for a shop.\n\nThanks,\nAda',
  },
  {
    name: 'A "…wrote:" line of the writer\u2019s own (no date, no address) is their words',
    text: 'On Monday my colleague wrote:\nplease call her back.\n\nThanks',
    expected: 'On Monday my colleague wrote:\nplease call her back.\n\nThanks',
  },
  {
    name: 'A "-- " signature and nothing quoted',
    text: 'See you then.\n-- \nJane Doe\nExample Agency',
    expected: 'See you then.',
    folded: ['Jane Doe'],
  },
  {
    name: 'German phone sign-off "Von meinem iPhone gesendet" and a quote',
    text: `Passt.\n\nVon meinem iPhone gesendet\n\n> Am 02.01.2024 um 10:00 schrieb Ada Lovelace <ada@example.net>:\n>\n${quotedText()}`,
    expected: 'Passt.',
    folded: ['Von meinem iPhone gesendet', ...AGENCY],
  },
];

/* ---------------------------------------------------------------- whole replies */

export type MailProgram = 'gmail' | 'outlook' | 'apple';

export interface Answered {
  /** The answered mail's sender and date, as a quote header names them. */
  from: string;
  date: Date;
  subject: string;
  messageId: string;
  references?: string[];
  text: string;
  html: string;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** What a program puts of the answered HTML in its quote: the inside of its body. */
const bodyOf = (html: string) => {
  const start = html.search(/<body[^>]*>/i);
  const end = html.search(/<\/body>/i);
  return start < 0 ? html : html.slice(html.indexOf('>', start) + 1, end < 0 ? undefined : end);
};
const quoteLines = (text: string) =>
  text
    .replace(/\r\n/g, '\n')
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');

/** The new words, and the answered mail quoted, in the shape of one mail program: { text, html }. */
export function replyBodies(program: MailProgram, answered: Answered, words: string): { text: string; html: string } {
  const wordsHtml = words
    .split('\n')
    .map((line) => `<div${program === 'outlook' ? ' class="elementToProof"' : ' dir="ltr"'}>${line === '' ? '<br>' : escape(line)}</div>`)
    .join('');
  const when = answered.date.toUTCString();
  if (program === 'gmail') {
    const header = `On ${when} ${answered.from} wrote:`;
    return {
      text: `${words}\n\n${header}\n\n${quoteLines(answered.text)}\n`,
      html: `<div dir="ltr">${wordsHtml}</div><br><div class="gmail_quote gmail_quote_container"><div dir="ltr" class="gmail_attr">${escape(header)}<br></div><blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex;border-left:1px solid rgb(204,204,204);padding-left:1ex">${bodyOf(answered.html)}</blockquote></div>`,
    };
  }
  if (program === 'outlook') {
    const block = [`From: ${answered.from}`, `Sent: ${when}`, 'To: sales@agency.test', `Subject: ${answered.subject}`];
    return {
      text: `${words}\n\n________________________________\n${block.join('\n')}\n\n${answered.text}\n`,
      html: `<html><head><style type="text/css" style="display:none;"> P {margin-top:0;margin-bottom:0;} </style></head><body dir="ltr">${wordsHtml}<div id="appendonsend"></div><hr style="display:inline-block;width:98%" tabindex="-1"><div id="divRplyFwdMsg" dir="ltr"><font face="Calibri, sans-serif" style="font-size:11pt" color="#000000">${block.map((line) => `<b>${escape(line.split(':')[0]!)}:</b>${escape(line.slice(line.indexOf(':') + 1))}`).join('<br>')}</font><div>&nbsp;</div></div><div>${bodyOf(answered.html)}</div></body></html>`,
    };
  }
  const header = `On ${when}, ${answered.from} wrote:`;
  return {
    text: `${words}\n\nSent from my iPhone\n\n> ${header}\n>\n${quoteLines(answered.text)}\n`,
    html: `<html><head><meta http-equiv="content-type" content="text/html; charset=utf-8"></head><body dir="auto">${wordsHtml}<div dir="ltr"><br></div><div dir="ltr">Sent from my iPhone</div><div dir="ltr"><br><blockquote type="cite">${escape(header)}<br><br></blockquote></div><blockquote type="cite"><div dir="ltr">${bodyOf(answered.html)}</div></blockquote></body></html>`,
  };
}

/** A whole reply (MIME, multipart/alternative) as the mail program sends it. */
export function replyMime(
  program: MailProgram,
  answered: Answered,
  words: string,
  headers: { from: string; to: string; messageId: string; date?: Date; html?: boolean },
): string {
  const { text, html } = replyBodies(program, answered, words);
  const boundary = `b_${program}_${headers.messageId.replace(/[^A-Za-z0-9]/g, '')}`;
  const b64 = (value: string) => Buffer.from(value, 'utf8').toString('base64').replace(/.{76}/g, '$&\r\n');
  const head = [
    `From: ${headers.from}`,
    `To: ${headers.to}`,
    `Subject: ${program === 'outlook' ? 'RE' : 'Re'}: ${answered.subject}`,
    `Date: ${(headers.date ?? new Date()).toUTCString()}`,
    `Message-ID: ${headers.messageId}`,
    `In-Reply-To: ${answered.messageId}`,
    `References: ${[...(answered.references ?? []), answered.messageId].join(' ')}`,
    'MIME-Version: 1.0',
  ];
  if (headers.html === false) return [...head, 'Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: base64', '', b64(text), ''].join('\r\n');
  return [
    ...head,
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    b64(text),
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    b64(html),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}
