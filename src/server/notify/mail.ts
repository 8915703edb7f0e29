/**
 * The notification e-mail, sent with nodemailer through the SMTP server of SMTP_URL: from
 * MAIL_FROM's address to NOTIFY_TO, Reply-To the visitor (answering the mail answers them), the
 * conversation's subject (what the visitor reads after a mail program's "Re: "), the visitor's
 * name in the sender's name ("Ada Lovelace via Business Growth") and the form's notify.subject
 * as its first line (what the owner's mail list shows), every field by its label in plain text
 * and in HTML (every value escaped), the CV's link and the lead's link in the inbox. Its
 * Message-ID is the delivery's id, the same on every try, so a mail program can drop a repeat.
 */
import nodemailer from 'nodemailer';
import server from '../../../config/server';
import { cutAtWord, escapeHtml, fill } from '../../shared/text';
import type { Lead } from './lead';
import { servedSite } from '../servedContent';
import { agencyAddress, type MailSettings } from './settings';

const wording = server.notifications.mail;

/** How long one try may wait for the SMTP server (connecting, its greeting, each answer), in ms. */
export const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

/** What every transport of the site's mail is made with: SMTP_URL, the timeouts, and the DKIM key when one is set (each mail signed). */
export const transportOptions = (settings: Pick<MailSettings, 'smtpUrl' | 'dkim'>) => ({ url: settings.smtpUrl, ...TIMEOUTS, ...(settings.dkim ? { dkim: settings.dkim } : {}) });

/**
 * The text: what the visitor sent, then, below the signature separator ("-- "), what only the
 * agency needs (when it arrived, where the visitor came from, the link to the inbox). Mail
 * programs leave what follows the separator out of a reply's quote, so answering the mail does
 * not send the visitor the campaign's lines and the inbox's address.
 */
function mailText(lead: Lead): string {
  const indent = (value: string) => value.replace(/\r?\n/g, '\n  ');
  const line = (entry: Lead['lines'][number]) => `${entry.label}: ${indent(entry.value)}`;
  return [
    lead.subject,
    '',
    ...lead.lines.map(line),
    ...(lead.replyTo ? ['', wording.replyHint] : []),
    '',
    '-- ',
    ...lead.agencyLines.map(line),
    '',
    `${wording.openLead}: ${lead.link}`,
    '',
  ].join('\n');
}

function mailHtml(lead: Lead): string {
  const html = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>');
  const cell = (line: Lead['lines'][number]) => (line.href ? `<a href="${escapeHtml(line.href)}">${html(line.value)}</a>` : html(line.value));
  const rows = (lines: Lead['lines']) =>
    lines.map((line) => `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0">${html(line.label)}</th><td style="padding:4px 0">${cell(line)}</td></tr>`).join('\n');
  return [
    '<!doctype html>',
    // A phone lays it out at its own width (without the viewport it takes 980 px and shrinks it);
    // narrow, each label stands above its value: one column, nothing wider than the screen.
    '<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    '<style>table{border-collapse:collapse;max-width:100%}td,th{overflow-wrap:anywhere;word-break:break-word}@media (max-width:480px){tr,th,td{display:block}th{padding:8px 0 0 0!important}}</style>',
    '</head><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;color:#0f172a;margin:0;padding:12px;max-width:640px">',
    `<h1 style="font-size:18px;overflow-wrap:anywhere">${html(lead.subject)}</h1>`,
    `<table>\n${rows(lead.lines)}\n</table>`,
    ...(lead.replyTo ? [`<p>${html(wording.replyHint)}</p>`] : []),
    // What only the agency needs, as the text has it below its signature separator.
    '<div class="moz-signature"><hr>',
    `<table>\n${rows(lead.agencyLines)}\n</table>`,
    `<p><a href="${escapeHtml(lead.link)}">${html(wording.openLead)}</a></p>`,
    '</div>',
    '</body></html>',
  ].join('\n');
}

/**
 * The whole message for nodemailer. Reply-To: the visitor, and the agency's mailbox (the one the
 * site reads, config/site.ts contact.email), so that a reply from a mail program is copied there
 * and kept on the lead. References: the mails the visitor already has (the auto-reply), so that
 * such a reply joins the visitor's conversation instead of a mail they never got.
 */
function mailMessage(lead: Lead, deliveryId: string, settings: MailSettings, references: readonly string[], subject: string) {
  const domain = settings.fromAddress.split('@')[1] ?? 'localhost';
  const agency = agencyAddress();
  // The visitor in the sender's name: the owner's list tells leads apart though their subjects are the conversations'.
  const visitor = lead.replyTo?.name ? cutAtWord(lead.replyTo.name, wording.senderNameMaxLength) : '';
  return {
    from: visitor ? { name: fill(wording.sender, { name: visitor, sender: settings.fromName || servedSite().brand.name }), address: settings.fromAddress } : settings.from,
    to: settings.to,
    ...(lead.replyTo ? { replyTo: [{ name: lead.replyTo.name, address: lead.replyTo.address }, ...(agency && agency !== lead.replyTo.address ? [agency] : [])] } : {}),
    ...(references.length > 0 ? { references: [...references] } : {}),
    subject,
    messageId: `<${deliveryId}@${domain}>`,
    text: mailText(lead),
    html: mailHtml(lead),
  };
}

interface MailSender {
  send(lead: Lead, deliveryId: string, references: readonly string[], subject: string): Promise<void>;
  close(): void;
}

export function createMailSender(settings: MailSettings): MailSender {
  const transport = nodemailer.createTransport(transportOptions(settings));
  return {
    async send(lead, deliveryId, references, subject) {
      await transport.sendMail(mailMessage(lead, deliveryId, settings, references, subject));
    },
    close() {
      transport.close();
    },
  };
}
