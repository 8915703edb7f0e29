/**
 * The addresses the site's own apps take, which no page may have (addresses.ts RESERVED_NAMES):
 * the inbox's page, the API under which every server route lives, the health check.
 */
/** The inbox's page; its own addresses follow (/admin/leads/<docId>, /admin/spam, …). */
export const ADMIN_PAGE = '/admin';

/** Every address of the API starts so (robots.txt keeps crawlers out of it: src/render/crawlers.ts). */
export const API_PREFIX = '/api/';

/** The server's health check, for an uptime checker (src/platform/server/health.ts). */
export const HEALTH_PATH = '/healthz';
