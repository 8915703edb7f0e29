/**
 * The notification e-mail, sent with nodemailer through the SMTP server of SMTP_URL: from
 * MAIL_FROM's address to NOTIFY_TO, under the form's notify.subject (what arrived and from whom,
 * "New inquiry from Ada Lovelace: Ordering app", also its first line), the visitor's name in the
 * sender's name ("Ada Lovelace via Business Growth"), every field by its label in plain text and
 * in HTML (every value escaped), then the part only for the agency, headed as such (when it
 * arrived, where the visitor came from, the CV's and the lead's link in the inbox). Its Reply-To
 * is the reply address of this mail's own (mailbox/replyTokens.ts) when the lead can be answered
 * and the site reads the agency's mailbox: the owner's reply goes to the site, which sends the
 * visitor only the words above the quote (mailbox/ownerReplies.ts); the visitor's address is
 * never a header of it, so no reply of a mail program reaches them with the agency's part. Its
 * Message-ID is the delivery's id, the same on every try, so a mail program can drop a repeat.
 */
import nodemailer from 'nodemailer';
import server from '../../../../config/server';
import { cutAtWord, escapeHtml, fill } from '../../../schema/text';
import type { Lead } from './lead';
import type { Served } from '../../../site/server/servedContent';
import { transportOptions, type MailSettings } from '../../../platform/server/mail/transport';

const wording = server.notifications.mail;

/** The line under the fields: how to answer the visitor (by replying, when the mail has a reply address; else from the inbox). */
const replyHint = (lead: Lead, replyAddress: string | undefined) =>
  lead.replyTo ? fill(replyAddress ? wording.replyHint : wording.replyHintInbox, { name: lead.replyTo.name || lead.replyTo.address }) : undefined;

/**
 * The text: what the visitor sent, then, below the signature separator ("-- ") and its heading,
 * what only the agency needs (when it arrived, where the visitor came from, the link to the
 * inbox). Some mail programs leave what follows the separator out of a reply's quote; the site
 * takes every line of it out of a reply it sends on, whatever the program did.
 */
export function mailText(lead: Lead, replyAddress?: string): string {
  const indent = (value: string) => value.replace(/\r?\n/g, '\n  ');
  const line = (entry: Lead['lines'][number]) => `${entry.label}: ${indent(entry.value)}`;
  const hint = replyHint(lead, replyAddress);
  return [
    lead.subject,
    '',
    ...lead.lines.map(line),
    ...(hint ? ['', hint] : []),
    '',
    '-- ',
    wording.agencyOnly,
    ...lead.agencyLines.map(line),
    '',
    `${wording.openLead}: ${lead.link}`,
    '',
  ].join('\n');
}

function mailHtml(lead: Lead, replyAddress: string | undefined): string {
  const hint = replyHint(lead, replyAddress);
  const html = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>');
  const cell = (line: Lead['lines'][number]) => (line.href ? `<a href="${escapeHtml(line.href)}">${html(line.value)}</a>` : html(line.value));
  const rows = (lines: Lead['lines']) =>
    lines
      .map(
        (line) => `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0">${html(line.label)}</th><td style="padding:4px 0">${cell(line)}</td></tr>`,
      )
      .join('\n');
  return [
    '<!doctype html>',
    // A phone lays it out at its own width (without the viewport it takes 980 px and shrinks it);
    // narrow, each label stands above its value: one column, nothing wider than the screen.
    '<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    '<style>table{border-collapse:collapse;max-width:100%}td,th{overflow-wrap:anywhere;word-break:break-word}@media (max-width:480px){tr,th,td{display:block}th{padding:8px 0 0 0!important}}</style>',
    '</head><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;color:#0f172a;margin:0;padding:12px;max-width:640px">',
    `<h1 style="font-size:18px;overflow-wrap:anywhere">${html(lead.subject)}</h1>`,
    `<table>\n${rows(lead.lines)}\n</table>`,
    ...(hint ? [`<p>${html(hint)}</p>`] : []),
    // What only the agency needs, as the text has it below its signature separator, headed as such.
    '<div class="moz-signature"><hr>',
    `<p style="font-weight:700">${html(wording.agencyOnly)}</p>`,
    `<table>\n${rows(lead.agencyLines)}\n</table>`,
    `<p><a href="${escapeHtml(lead.link)}">${html(wording.openLead)}</a></p>`,
    '</div>',
    '</body></html>',
  ].join('\n');
}

/**
 * The whole message for nodemailer. Reply-To: the mail's own reply address, when it has one (the
 * visitor's address is never a header: a mail program's Reply or Reply All cannot reach them).
 */
function mailMessage(lead: Lead, deliveryId: string, settings: MailSettings, replyAddress: string | undefined, served: Pick<Served, 'servedSite'>) {
  const domain = settings.fromAddress.split('@')[1] ?? 'localhost';
  const sender = settings.fromName || served.servedSite().brand.name;
  // The visitor in the sender's name: the owner's list tells leads apart at a glance.
  const visitor = lead.replyTo?.name ? cutAtWord(lead.replyTo.name, wording.senderNameMaxLength) : '';
  return {
    from: visitor ? { name: fill(wording.sender, { name: visitor, sender }), address: settings.fromAddress } : settings.from,
    to: settings.to,
    ...(replyAddress && lead.replyTo
      ? { replyTo: { name: fill(wording.replyToName, { name: visitor || lead.replyTo.address, sender }), address: replyAddress } }
      : {}),
    subject: lead.subject,
    messageId: `<${deliveryId}@${domain}>`,
    text: mailText(lead, replyAddress),
    html: mailHtml(lead, replyAddress),
  };
}

interface MailSender {
  /** Sends the notification; `replyAddress`: its own reply address (none: replying reaches nobody, the mail says to answer from the inbox). */
  send(lead: Lead, deliveryId: string, replyAddress: string | undefined): Promise<void>;
  close(): void;
}

/** Sends the notifications of leads, from the sender of the content served (`served`) unless MAIL_FROM names one. */
export function createMailSender(settings: MailSettings, served: Pick<Served, 'servedSite'>): MailSender {
  const transport = nodemailer.createTransport(transportOptions(settings));
  return {
    async send(lead, deliveryId, replyAddress) {
      await transport.sendMail(mailMessage(lead, deliveryId, settings, replyAddress, served));
    },
    close() {
      transport.close();
    },
  };
}
