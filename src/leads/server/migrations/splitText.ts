/**
 * Frozen: how a mail's text was told apart from its quote (src/leads/server/mailbox/replyText.ts's
 * `splitText`, copied as it was) for the migration that split the mails kept before it ("the
 * conversation whole and readable…", number 23 in src/leads/server/migrations/index.ts), so
 * that an old database is migrated by the code of that migration, not by whatever replyText.ts
 * says later. Never edit it: a new way of splitting is a new migration with its own copy.
 */

interface FrozenSplit {
  text: string;
  quoted: string;
  unsure?: 'interleaved';
  below?: string;
}

/** A quoted line: `>` first (after spaces). */
const isQuoted = (line: string) => /^[ \t]*>/.test(line);
const isBlank = (line: string) => line.trim() === '';

/** The signature separator, "-- " (many programs drop its space). */
const isSignatureSeparator = (line: string) => line.trimEnd() === '--';

/** What phones and mail apps add under the words. */
const SIGN_OFF =
  /^(?:sent from my .{1,40}|sent from (?:outlook|mail|yahoo mail|gmail|proton mail)\b.{0,40}|sent with proton mail.{0,40}|get outlook for .{1,30}|sent from samsung .{1,40}|von meinem .{1,40} gesendet|gesendet von .{1,40}|envoyé de mon .{1,40}|envoyé depuis .{1,40}|enviado desde mi .{1,40}|enviado do meu .{1,40}|inviato da(?:l mio)? .{1,40}|verzonden (?:vanaf|met) .{1,40}|skickat från .{1,40}|sendt fra min .{1,40}|wysłane z .{1,40})$/i;

/** The verb that ends an "On … wrote:" line, in the languages mail programs write it. */
const WROTE =
  /(?:\bwrote|\bschrieb(?:\s+\S+)*|\ba écrit|\bescribió|\bescribio|\bha scritto|\bschreef(?:\s+\S+)*|\bescreveu|\bpisze|\bnapisał(?:\(a\))?|\bnapisała|написал(?:\(а\))?|написала|\bskrev(?:\s+\S+)*|\bkirjoitti|\bírta|\byazdı|έγραψε|\bnapsal(?:\(a\))?|\bnapísal(?:\(a\))?|写道|寫道|のメッセージ|님이 작성)\s*[:：]$/i;
/** The date-first form some programs write: "2024-01-02 10:00 GMT+01:00 Name <a@b>:", "2024年1月2日(火) 10:00 Name <a@b>:". */
const ADDRESS_END = /<[^<>\s@]+@[^<>\s]+>\s*[:：]$/;
/** How such a line starts: the word before its date (On, Am, Le, El, …) or the date itself. */
const OPENER = /^(?:on|am|le|el|il|op|em|w dniu|den|dne|dňa|\d)\b/i;

/**
 * The number of lines (1 to 3: programs wrap a long one) of an "On … wrote:" line starting at
 * line `i`, or 0. It has a date or an address in it, and, when wrapped, starts as such lines do.
 */
function attributionLength(lines: readonly string[], i: number): number {
  for (let k = 1; k <= 3 && i + k <= lines.length; k++) {
    const part = lines.slice(i, i + k);
    if (part.some((line) => isBlank(line) || isQuoted(line))) return 0;
    const joined = part.map((line) => line.trim()).join(' ');
    if (joined.length > 400) return 0;
    if (k > 1 && !OPENER.test(joined)) return 0;
    if ((WROTE.test(joined) && /\d|@/.test(joined)) || (ADDRESS_END.test(joined) && /^\d/.test(joined))) return k;
  }
  return 0;
}

/** Outlook's line before a quoted mail, and the forwarded mail's, in the languages Outlook and Gmail write them. */
const ORIGINAL =
  /^-{2,}\s*(?:original message|ursprüngliche nachricht|message d'origine|mensaje original|messaggio originale|oorspronkelijk bericht|mensagem original|wiadomość oryginalna|originalmeddelande|oprindelig meddelelse|opprinnelig melding|alkuperäinen viesti|исходное сообщение|forwarded message|weitergeleitete nachricht|message transféré|mensaje reenviado|messaggio inoltrato|doorgestuurd bericht|mensagem encaminhada)\s*-{2,}$/i;
const FORWARDED = /^(?:begin forwarded message|anfang der weitergeleiteten nachricht|début du message réexpédié|inicio del mensaje reenviado)\s*:$/i;
/** The first line of a header block ("From: …"), and the others ("Sent:", "To:", "Subject:", …). */
const FROM_LABEL = /^\*?(?:from|von|de|da|van|od|från|fra|lähettäjä|от|寄件者|差出人)\s*\*?\s*[:：]\*?\s*\S/i;
const OTHER_LABEL =
  /^\*?(?:sent|date|to|cc|subject|gesendet|datum|an|betreff|envoyé|à|objet|enviado|fecha|para|asunto|inviato|data|a|oggetto|verzonden|aan|onderwerp|assunto|skickat|till|ämne|sendt|til|emne|lähetetty|vastaanottaja|aihe|отправлено|кому|тема|wysłano|do|temat)\s*\*?\s*[:：]/i;

/** A "From: … Sent: … Subject: …" block starting at line `i`: its first line and at least two more labels within the next six lines. */
function headerBlockAt(lines: readonly string[], i: number): boolean {
  if (!FROM_LABEL.test(lines[i]?.trim() ?? '')) return false;
  let labels = 0;
  for (let j = i + 1; j < Math.min(lines.length, i + 7); j++) if (OTHER_LABEL.test(lines[j]!.trim())) labels++;
  return labels >= 2;
}

/** Whether everything from line `i` on is another mail: Outlook's separator or header block, a forwarded mail. */
function restStartsAt(lines: readonly string[], i: number): boolean {
  const line = lines[i]!.trim();
  if (ORIGINAL.test(line) || FORWARDED.test(line)) return true;
  if (/^_{8,}$/.test(line)) {
    let j = i + 1;
    while (j < lines.length && isBlank(lines[j]!)) j++;
    return j < lines.length && headerBlockAt(lines, j);
  }
  return headerBlockAt(lines, i);
}

type LineKind = 'text' | 'quote' | 'blank' | 'tail';

/** Lines joined, without the blank lines around them (and runs of blank lines as one). */
function joinLines(lines: readonly string[]): string {
  return lines
    .join('\n')
    .replace(/[^\S\n]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The lines of another mail after its separator and header block (its "From:", "Sent:", … lines). */
function belowHeader(lines: readonly string[]): string {
  let i = 0;
  while (
    i < lines.length &&
    (isBlank(lines[i]!) ||
      ORIGINAL.test(lines[i]!.trim()) ||
      FORWARDED.test(lines[i]!.trim()) ||
      /^_{8,}$/.test(lines[i]!.trim()) ||
      FROM_LABEL.test(lines[i]!.trim()) ||
      OTHER_LABEL.test(lines[i]!.trim()))
  )
    i++;
  return joinLines(lines.slice(i));
}

/** Splits a mail's text (or an HTML mail's text) into its new part and the folded rest. */
export function splitText(input: string): FrozenSplit {
  const lines = input.replace(/\r\n?/g, '\n').split('\n');
  const kinds: LineKind[] = lines.map((line) => (isBlank(line) ? 'blank' : isQuoted(line) ? 'quote' : 'text'));
  let below: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    if (kinds[i] === 'blank' || kinds[i] === 'quote') continue;
    if (restStartsAt(lines, i)) {
      for (let j = i; j < lines.length; j++) kinds[j] = 'quote';
      below = belowHeader(lines.slice(i));
      break;
    }
    const k = attributionLength(lines, i);
    if (k === 0) continue;
    // An "On … wrote:" line is a quote's when a quote follows it, or when nothing does (an HTML mail's, its quote taken out).
    let j = i + k;
    while (j < lines.length && kinds[j] === 'blank') j++;
    const endsHere = lines.slice(j).every((line, n) => kinds[j + n] === 'blank' || isSignatureSeparator(line) || SIGN_OFF.test(line.trim()));
    if ((j < lines.length && kinds[j] === 'quote') || (endsHere && OPENER.test(lines[i]!.trim()))) {
      for (let m = i; m < i + k; m++) kinds[m] = 'quote';
      i = i + k - 1;
    }
  }
  // The signature separator and a phone's sign-off: every line of the writer's after them is folded.
  const tail = lines.findIndex((line, i) => kinds[i] === 'text' && (isSignatureSeparator(line) || SIGN_OFF.test(line.trim())));
  if (tail >= 0) for (let i = tail; i < lines.length; i++) if (kinds[i] === 'text') kinds[i] = 'tail';

  // The writer's runs of lines, apart from each other by quoted lines.
  const runs: [number, number][] = [];
  let open: [number, number] | undefined;
  for (let i = 0; i < lines.length; i++) {
    if (kinds[i] === 'text') {
      if (open) open[1] = i;
      else runs.push((open = [i, i]));
    } else if (kinds[i] === 'quote') open = undefined;
  }
  const rest = below === undefined ? {} : { below };
  if (runs.length > 1) return { text: joinLines(lines), quoted: '', unsure: 'interleaved', ...rest };
  if (runs.length === 0) return { text: '', quoted: joinLines(lines), ...rest };
  const [from, to] = runs[0]!;
  return { text: joinLines(lines.slice(from, to + 1)), quoted: joinLines([...lines.slice(0, from), '', ...lines.slice(to + 1)]), ...rest };
}

/* ---------------------------------------------------------------- HTML */
