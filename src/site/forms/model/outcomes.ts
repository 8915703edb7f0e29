/**
 * What a plain (no-JavaScript) post's outcome shows on the page the visitor is sent back to
 * (src/leads/server/plainPosts.ts sends them to `<page>?sent=…`, `?invalid=…&check=…` or
 * `?failed=…`). Pages are files: the build writes one variant of a page per outcome that has
 * words to show (src/render/outcomePages.ts), and whoever serves the files (our server, Caddy)
 * answers the address with its query from that variant.
 */
import { escapeHtmlText } from '../../../schema/text';
import type { FormConfig } from './formSchema';
import type { FormLookups } from './registry';

export type Outcome = { kind: 'sent' | 'failed'; form: FormConfig } | { kind: 'invalid'; form: FormConfig; message: string; check: number };

/** Reads the outcome from a page address's query, if it names a form of `forms` (and, for `invalid`, one of its checks). */
export function outcomeFromQuery(query: URLSearchParams, forms: FormLookups): Outcome | null {
  for (const kind of ['sent', 'failed', 'invalid'] as const) {
    const collection = query.get(kind);
    const form = collection ? forms.formForCollection(collection) : undefined;
    if (!form) continue;
    if (kind !== 'invalid') return { kind, form };
    const raw = query.get('check') ?? '';
    const check = /^\d{1,3}$/.test(raw) ? form.checks[Number(raw)] : undefined;
    return check ? { kind, form, message: check.message, check: Number(raw) } : null;
  }
  return null;
}

/** The query that names an outcome, as the server writes it into the address (its parameters, in order). */
export function outcomeQuery(outcome: Outcome): [string, string][] {
  const named: [string, string] = [outcome.kind, outcome.form.collection];
  return outcome.kind === 'invalid' ? [named, ['check', String(outcome.check)]] : [named];
}

/** Every outcome a form can have. */
export function outcomesOf(form: FormConfig): Outcome[] {
  return [
    { kind: 'sent', form },
    { kind: 'failed', form },
    ...form.checks.map((check, index): Outcome => ({ kind: 'invalid', form, message: check.message, check: index })),
  ];
}

/** The words shown for an outcome, or null where the specification shows nothing. */
function outcomeText(outcome: Outcome): string | null {
  if (outcome.kind === 'invalid') return outcome.message;
  return (outcome.kind === 'sent' ? outcome.form.success.toast : outcome.form.failure.toast) ?? null;
}

/** The notice put at the top of the page's HTML (outside the app, so hydration is unaffected); empty where nothing is shown. */
export function outcomeBanner(outcome: Outcome): string {
  const text = outcomeText(outcome);
  if (!text) return '';
  const tone = outcome.kind === 'sent' ? 'ok' : 'problem';
  return `<div class="form-outcome form-outcome-${tone}" role="${tone === 'ok' ? 'status' : 'alert'}">${escapeHtmlText(text)}</div>`;
}
