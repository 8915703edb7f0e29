/**
 * The inbox's page: /admin and every address under it (/admin/leads/<docId>, which the
 * notification mails link to) answer the built admin.html, a browser app of its own
 * (src/apps/inbox). Like the public pages it carries a fresh CSP nonce per answer and the same
 * policy; unlike them it is never cached, never indexed, and not in the sitemap.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import admin from '../../../../config/admin';
import { ADMIN_PAGE } from '../../../schema/ownAddresses';
import { CSP_NONCE_PLACEHOLDER } from '../../../platform/cspNonce';
import { escapeHtmlText, replaceOnce } from '../../../schema/text';
import { contentSecurityPolicy } from '../../../platform/headers';
import { isHttps, newNonce } from '../../../platform/server/security';

const ADMIN_HTML = 'admin.html';

export function registerAdminPage(app: FastifyInstance, clientDir: string): void {
  const file = path.join(clientDir, ADMIN_HTML);
  // A build without the inbox (an old or partial one): the address is simply unknown.
  if (!existsSync(file)) return;
  // The tab's title before the inbox's script runs (it then adds the count of new leads).
  const title = escapeHtmlText(admin.title);
  const parts = replaceOnce(readFileSync(file, 'utf8'), '<title></title>', `<title>${title}</title>`).split(CSP_NONCE_PLACEHOLDER);

  const send = (request: FastifyRequest, reply: FastifyReply) => {
    const nonce = newNonce();
    return (
      reply
        .header('Content-Security-Policy', contentSecurityPolicy({ nonce }, { https: isHttps(request) }))
        .header('Cache-Control', 'no-store')
        .header('X-Robots-Tag', 'noindex, nofollow')
        // The public pages leave this out (src/platform/headers.ts: it costs them a fresh renderer
        // process per visit); the inbox has a signed-in state for another window to reach.
        .header('Cross-Origin-Opener-Policy', 'same-origin')
        .type('text/html; charset=utf-8')
        .send(parts.join(nonce))
    );
  };
  app.route({ method: ['GET', 'HEAD'], url: ADMIN_PAGE, handler: send });
  app.route({ method: ['GET', 'HEAD'], url: `${ADMIN_PAGE}/*`, handler: send });
}
