/**
 * The notification e-mail, sent with nodemailer through the SMTP server of SMTP_URL: from
 * MAIL_FROM to NOTIFY_TO, Reply-To the visitor (answering the mail answers them), the
 * form's subject, every field by its label in plain text and in HTML (every value escaped),
 * the CV's link and the lead's link in the inbox. Its Message-ID is the delivery's id, the
 * same on every try, so a mail program can drop a repeat.
 */
import nodemailer from 'nodemailer';
import server from '../../../config/server';
import { escapeHtml } from '../../shared/text';
import type { Lead } from './lead';
import type { MailSettings } from './settings';

const wording = server.notifications.mail;

/** How long one try may wait for the SMTP server (connecting, its greeting, each answer), in ms. */
export const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

function mailText(lead: Lead): string {
  const indent = (value: string) => value.replace(/\r?\n/g, '\n  ');
  return [
    lead.subject,
    '',
    ...lead.lines.map((line) => `${line.label}: ${indent(line.value)}`),
    '',
    `${wording.openLead}: ${lead.link}`,
    ...(lead.replyTo ? ['', wording.replyHint] : []),
    '',
  ].join('\n');
}

function mailHtml(lead: Lead): string {
  const html = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>');
  const cell = (line: Lead['lines'][number]) => (line.href ? `<a href="${escapeHtml(line.href)}">${html(line.value)}</a>` : html(line.value));
  const rows = lead.lines
    .map((line) => `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0">${html(line.label)}</th><td style="padding:4px 0">${cell(line)}</td></tr>`)
    .join('\n');
  return [
    '<!doctype html>',
    '<html><head><meta charset="utf-8"></head><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;color:#0f172a">',
    `<h1 style="font-size:18px">${html(lead.subject)}</h1>`,
    `<table style="border-collapse:collapse">\n${rows}\n</table>`,
    `<p><a href="${escapeHtml(lead.link)}">${html(wording.openLead)}</a></p>`,
    ...(lead.replyTo ? [`<p>${html(wording.replyHint)}</p>`] : []),
    '</body></html>',
  ].join('\n');
}

/** The whole message for nodemailer. */
function mailMessage(lead: Lead, deliveryId: string, settings: MailSettings) {
  const domain = settings.fromAddress.split('@')[1] ?? 'localhost';
  return {
    from: settings.from,
    to: settings.to,
    ...(lead.replyTo ? { replyTo: { name: lead.replyTo.name, address: lead.replyTo.address } } : {}),
    subject: lead.subject,
    messageId: `<${deliveryId}@${domain}>`,
    text: mailText(lead),
    html: mailHtml(lead),
  };
}

interface MailSender {
  send(lead: Lead, deliveryId: string): Promise<void>;
  close(): void;
}

export function createMailSender(settings: MailSettings): MailSender {
  const transport = nodemailer.createTransport({ url: settings.smtpUrl, ...TIMEOUTS });
  return {
    async send(lead, deliveryId) {
      await transport.sendMail(mailMessage(lead, deliveryId, settings));
    },
    close() {
      transport.close();
    },
  };
}
