/**
 * Whether a mail from one of the agency's addresses is the agency's: proved by what the server
 * that received it wrote, never by what the mail says of itself (anyone can write any From).
 *
 * - **Authentication-Results** (RFC 8601) of a trusted authserv-id (IMAP_TRUSTED_AUTHSERV), and
 *   only those above the mail's first `Received` line: the receiving server adds its results and
 *   its `Received` line on top of what the sender wrote, so a sender's own Authentication-Results
 *   (with any authserv-id) always sit below a `Received` line. A passing result counts when it is
 *   aligned with the From address's domain, as DMARC aligns them: `dmarc=pass` for that domain,
 *   `dkim=pass` signed by it (or a parent domain), `spf=pass` for a return path in it, or
 *   `auth=pass` (SMTP AUTH) as one of the agency's own addresses.
 * - **A trusted relay** (IMAP_TRUSTED_RELAY): the first `Received` line, the one the server that
 *   put the mail in the mailbox wrote, says it came from one of the relay's addresses.
 *
 * Header values are read within a bound (a header of megabytes is cut), and comments and quoted
 * strings are read as the RFC writes them, without regular expressions that backtrack.
 */
import net from 'node:net';
import type { Email } from 'postal-mime';
import { personKey } from '../../model/person';
import type { Trust } from './settings';

/** What proved a mail to be the agency's. */
export type Proof = 'dmarc' | 'dkim' | 'spf' | 'auth' | 'relay';

/** The most of one header value read (an Authentication-Results line is a few hundred characters). */
const MAX_VALUE = 8192;

export interface AuthResult {
  /** The method, lower case ("dkim", "spf", "dmarc", "auth"…), without a version. */
  method: string;
  /** Its result, lower case ("pass", "fail"…). */
  result: string;
  /** Its properties, keys lower case ("header.d", "smtp.mailfrom"…), values as written (quotes removed). */
  properties: Record<string, string>;
}

/**
 * The tokens of a header value: words, quoted strings (unquoted) and the separators ; = / . ,
 * with comments (nested parentheses) left out.
 */
function tokens(value: string): { text: string; quoted: boolean }[] {
  const out: { text: string; quoted: boolean }[] = [];
  const text = value.slice(0, MAX_VALUE);
  let word = '';
  const flush = () => {
    if (word !== '') out.push({ text: word, quoted: false });
    word = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '(') {
      flush();
      let depth = 1;
      for (i++; i < text.length && depth > 0; i++) {
        if (text[i] === '\\') i++;
        else if (text[i] === '(') depth++;
        else if (text[i] === ')') depth--;
      }
      i--;
    } else if (c === '"') {
      flush();
      let quoted = '';
      for (i++; i < text.length && text[i] !== '"'; i++) quoted += text[i] === '\\' ? (text[++i] ?? '') : text[i];
      out.push({ text: quoted, quoted: true });
    } else if (c === ';' || c === '=' || c === '/') {
      flush();
      out.push({ text: c, quoted: false });
    } else if (c === ' ' || c === '\t' || c === '\r' || c === '\n') flush();
    else word += c;
  }
  flush();
  return out;
}

/** One Authentication-Results value: its authserv-id (lower case) and its results. */
export function parseAuthenticationResults(value: string): { authservId: string; results: AuthResult[] } {
  const all = tokens(value);
  const parts: { text: string; quoted: boolean }[][] = [[]];
  for (const token of all) {
    if (token.text === ';' && !token.quoted) parts.push([]);
    else parts.at(-1)!.push(token);
  }
  const authservId = (parts[0]![0]?.text ?? '').toLowerCase();
  const results: AuthResult[] = [];
  const is = (token: { text: string; quoted: boolean } | undefined, separator: string) => token !== undefined && !token.quoted && token.text === separator;
  for (const part of parts.slice(1)) {
    // method [/ version] = result, then reason = value and ptype.property = value, in any number.
    const method = part[0];
    let i = 1;
    if (is(part[i], '/')) i += 2;
    const result = part[i + 1];
    if (!method || method.quoted || !is(part[i], '=') || !result) continue;
    const properties: Record<string, string> = {};
    for (i += 2; i + 2 < part.length;) {
      if (is(part[i + 1], '=')) {
        properties[part[i]!.text.toLowerCase()] = part[i + 2]!.text;
        i += 3;
      } else i++;
    }
    results.push({ method: method.text.toLowerCase(), result: result.text.toLowerCase(), properties });
  }
  return { authservId, results };
}

/** The domain of an address or of a domain ("@d" and "user@d" as header.i and smtp.mailfrom write them), lower case. */
const domainOf = (value: string | undefined) =>
  (value ?? '')
    .slice((value ?? '').lastIndexOf('@') + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '');

/** A domain that stands for the From domain: the same, or one it is under (a signature of agency.example covers mail.agency.example). */
const aligned = (domain: string, fromDomain: string) => domain !== '' && fromDomain !== '' && (fromDomain === domain || fromDomain.endsWith(`.${domain}`));

/** The address the server that received a mail saw it come from: the first one it wrote in brackets (or bare) in the from-clause's parentheses. */
export function receivedFrom(value: string): string | undefined {
  const text = value.slice(0, MAX_VALUE);
  const clause = /^\s*from\s+\S+\s+\(([^()]*)\)/i.exec(text)?.[1];
  if (clause === undefined) return undefined;
  const bracketed = [...clause.matchAll(/\[(?:ipv6:)?([^\]\s]+)\]/gi)].map((m) => m[1]!);
  const candidates = bracketed.length > 0 ? bracketed : clause.split(/\s+/);
  const address = candidates.find((candidate) => net.isIP(candidate) !== 0);
  return address?.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
}

function relayList(relays: readonly string[]): net.BlockList {
  const list = new net.BlockList();
  for (const relay of relays) {
    const [address = '', bits] = relay.split('/');
    const family = net.isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return list;
}

/**
 * What proves a mail from one of the agency's addresses to be the agency's, or undefined: only
 * what the receiving server wrote, as the caller's trust names it.
 */
export function agencyProof(headers: Email['headers'], from: string, agency: readonly string[], trust: Trust): Proof | undefined {
  const firstReceived = headers.findIndex((header) => header.key === 'received');
  const own = firstReceived === -1 ? headers : headers.slice(0, firstReceived);
  const fromDomain = domainOf(from);
  const agencyPeople = new Set(agency.map(personKey));
  for (const header of own) {
    if (header.key !== 'authentication-results') continue;
    const { authservId, results } = parseAuthenticationResults(header.value);
    if (!trust.authservIds.includes(authservId)) continue;
    for (const { method, result, properties } of results) {
      if (result !== 'pass') continue;
      if (method === 'dmarc' && domainOf(properties['header.from']) === fromDomain && fromDomain !== '') return 'dmarc';
      if (method === 'dkim' && aligned(domainOf(properties['header.d'] ?? properties['header.i']), fromDomain)) return 'dkim';
      if (method === 'spf' && aligned(domainOf(properties['smtp.mailfrom']), fromDomain)) return 'spf';
      if (method === 'auth' && properties['smtp.auth'] !== undefined && agencyPeople.has(personKey(properties['smtp.auth']))) return 'auth';
    }
  }
  if (trust.relays.length > 0 && firstReceived !== -1) {
    const address = receivedFrom(headers[firstReceived]!.value);
    if (address && relayList(trust.relays).check(address, net.isIP(address) === 6 ? 'ipv6' : 'ipv4')) return 'relay';
  }
  return undefined;
}
