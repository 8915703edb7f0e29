/**
 * The webhook: a JSON POST to WEBHOOK_URL on each new lead, signed per Standard Webhooks
 * (https://www.standardwebhooks.com): `webhook-id` (the delivery's id, the same on every
 * try, for the receiver to drop a repeat), `webhook-timestamp` (this try, in seconds) and
 * `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">` with the key of
 * WEBHOOK_SECRET. The body carries the collection, the document as stored, the lead's link
 * in the inbox, and a one-line `text` (config/server.ts notifications.webhookText) that chat
 * tools' incoming webhooks show. Any 2xx answer is success; anything else is tried again.
 */
import { createHmac } from 'node:crypto';
import server from '../../../../config/server';
import { fill } from '../../../schema/text';
import type { Lead } from './lead';
import type { WebhookSettings } from './settings';

/** How long one try may take, in ms (the specification suggests 15 to 30 s). */
const TIMEOUT_MS = 20_000;

/**
 * The one-line summary. `&`, `<` and `>` are escaped as Slack asks: a visitor who types
 * `<!channel>` must not reach everyone in the agency's channel.
 */
function webhookText(lead: Lead): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return fill(server.notifications.webhookText, { subject: escape(lead.subject), link: lead.link });
}

function webhookBody(lead: Lead, createdAt: number): string {
  return JSON.stringify({
    type: 'lead.created',
    timestamp: new Date(createdAt).toISOString(),
    text: webhookText(lead),
    collection: lead.collection,
    documentId: lead.docId,
    link: lead.link,
    document: lead.document,
    // Where the lead came from (src/site/model/attribution.ts keys), or null when its post did not say.
    source: lead.source ?? null,
    // On a site in more than one language: the one it was sent in ({ code, name }); left out on a site in one.
    ...(lead.language ? { language: lead.language } : {}),
  });
}

/** The `webhook-signature` value for one try. */
function sign(key: Buffer, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

interface WebhookSender {
  send(lead: Lead, deliveryId: string, createdAt: number): Promise<void>;
}

export function createWebhookSender(settings: WebhookSettings, clock: () => number = Date.now): WebhookSender {
  return {
    async send(lead, deliveryId, createdAt) {
      const body = webhookBody(lead, createdAt);
      const timestamp = Math.floor(clock() / 1000);
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'user-agent': 'business-growth-site',
        'webhook-id': deliveryId,
        'webhook-timestamp': String(timestamp),
      };
      if (settings.secret) headers['webhook-signature'] = sign(settings.secret, deliveryId, timestamp, body);
      const response = await fetch(settings.url, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
      // The answer's body is not needed; reading it frees the connection.
      await response.arrayBuffer().catch(() => undefined);
      if (response.status < 200 || response.status > 299)
        throw new Error(`The receiver answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`);
    },
  };
}
