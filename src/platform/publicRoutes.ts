/**
 * The contracts of the routes the site's pages, a visitor and an uptime checker use (the inbox's
 * are in src/leads/model/adminApi.ts; the newsletter's links' in src/newsletter/model/newsletterApi.ts),
 * apart from api.ts, which the site's own scripts read.
 * A form's document is checked by the form's own description (src/site/forms/model/buildSchema.ts),
 * with the sentence of the field it is about, not by a schema here.
 */
import { HEALTH_PATH } from '../schema/ownAddresses';
import { api, type Puzzle } from './api';
import { z } from 'zod/mini';
import { answers, type Contract } from './contract';
export const publicRoutes = {
  proofChallenge: { method: 'GET', path: api.proofChallenge, answer: answers<Puzzle>() },
  /** A form's document (JSON), or a plain post's fields: 201 { id } (200 when the same submission came before). */
  documents: { method: 'POST', path: api.documentsRoute, answer: answers<{ id: string }>() },
  /** An upload (a CV), its bytes: 201 { url }. */
  fileUpload: { method: 'PUT', path: `${api.files}*`, answer: answers<{ url: string }>() },
  /** An upload, with its `token` in the query. */
  file: { method: 'GET', path: `${api.files}*`, query: z.object({ token: z.optional(z.unknown()) }) },
  visits: { method: 'POST', path: api.visits },
  /** The page with the confirmation's one button (query `token`). */
  newsletterConfirmPage: { method: 'GET', path: api.newsletterConfirm, query: z.object({ token: z.optional(z.unknown()) }) },
  newsletterConfirm: { method: 'POST', path: api.newsletterConfirm },
  health: { method: 'GET', path: HEALTH_PATH },
} as const satisfies Record<string, Contract>;
