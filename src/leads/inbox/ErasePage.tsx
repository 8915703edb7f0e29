/**
 * Erase everything of a person: type their e-mail address (any case, any +tag: src/leads/model/person.ts),
 * see every item the server holds of them (their leads with form and date, the e-mails both ways,
 * the newsletters mailed to them, the files, and how many of each other kind), type the address a second time, erase. Then the
 * places outside the server that still hold something of them, for the owner to delete by hand.
 * Below, the record of the erasures done (never the address). Every form and the Spam folder, for
 * real (the server's privacy.ts); it asks for the password again when it was typed long ago.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import admin from '../../../config/admin';
import { ERASURE_KINDS, type ErasureCounts, type ErasureDone, type ErasurePreview, type ErasureRecord, type OutsidePlace } from '../model/adminApi';
import { samePerson } from '../model/person';
import { call } from '../../platform/inbox/api';
import { fill, formatCount, formatDate, formatSize } from '../../platform/inbox/format';
import { Notice, useNotice } from '../../platform/inbox/Notice';
import { Section } from '../../platform/inbox/Section';

const t = admin.erase;

/** Each kind with how many, those with none left out. */
const kindLines = (counts: ErasureCounts) =>
  ERASURE_KINDS.filter((kind) => counts[kind] > 0).map((kind) => ({ kind, text: fill(t.kinds[kind], { count: formatCount(counts[kind]) }) }));

/** A place outside the server in the owner's words. */
function outsideLine(place: OutsidePlace): string {
  switch (place.place) {
    case 'notificationMailbox':
      return fill(t.outside.notificationMailbox, { addresses: place.addresses.join(', '), count: formatCount(place.mails) });
    case 'webhook':
      return fill(t.outside.webhook, { receiver: place.receiver, count: formatCount(place.calls) });
    case 'agencyMailbox':
      return fill(t.outside.agencyMailbox, { address: place.address, answers: formatCount(place.answers), replies: formatCount(place.replies) });
    case 'sender':
      return fill(t.outside.sender, { address: place.address, count: formatCount(place.mails) });
    case 'newsletter':
      return place.address === undefined
        ? fill(t.outside.newsletterWithoutSender, { count: formatCount(place.mails) })
        : fill(t.outside.newsletter, { count: formatCount(place.mails), address: place.address });
    case 'backups':
      return fill(t.outside.backups, { date: formatDate(place.before) });
  }
}

/** The items of one kind listed one by one (leads, e-mails, files) under its line. */
function Items({ lines }: { lines: string[] }) {
  if (lines.length === 0) return null;
  return (
    <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5, overflowWrap: 'anywhere' }}>
      {lines.map((line, i) => (
        <li key={i}>{line}</li>
      ))}
    </Box>
  );
}

function Preview({ found }: { found: ErasurePreview }) {
  const items: Partial<Record<(typeof ERASURE_KINDS)[number], string[]>> = {
    leads: found.leads.map((lead) => {
      const values = { form: lead.formTitle, name: lead.name, date: formatDate(lead.receivedAt) };
      return `${fill(lead.name.trim() === '' ? t.leadLineWithoutName : t.leadLine, values)}${lead.spam ? ` ${t.spamLead}` : ''}`;
    }),
    mailsReceived: found.mails
      .filter((mail) => mail.kind === 'answer' || mail.kind === 'mailProgram')
      .map((mail) => fill(t.mailLine, { kind: t.mailKinds[mail.kind], subject: mail.subject, date: formatDate(mail.at) })),
    mailsSent: found.mails
      .filter((mail) => mail.kind === 'autoReply' || mail.kind === 'reply' || mail.kind === 'relayed')
      .map((mail) => fill(t.mailLine, { kind: t.mailKinds[mail.kind], subject: mail.subject, date: formatDate(mail.at) })),
    newsletterMails: found.mails
      .filter((mail) => mail.kind === 'newsletter')
      .map((mail) => fill(t.mailLine, { kind: t.mailKinds[mail.kind], subject: mail.subject, date: formatDate(mail.at) })),
    files: found.files.map((file) =>
      file.kind === 'cv' ? fill(t.cvLine, { size: formatSize(file.bytes) }) : fill(t.attachmentLine, { name: file.name, size: formatSize(file.bytes) }),
    ),
  };
  return (
    <>
      <Typography sx={{ mb: 2, overflowWrap: 'anywhere' }}>{fill(t.addresses, { addresses: found.addresses.join(', ') })}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1 }}>
        {kindLines(found.counts).map(({ kind, text }) => (
          <li key={kind}>
            {text}
            <Items lines={items[kind] ?? []} />
          </li>
        ))}
      </Box>
    </>
  );
}

function Records({ records }: { records: ErasureRecord[] | undefined }) {
  return (
    <Section id="erasures-heading" heading={t.recordsHeading}>
      <Typography sx={{ mb: 2 }}>{t.recordsIntro}</Typography>
      {records && records.length === 0 && <Typography>{t.recordsNone}</Typography>}
      {records && records.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1.5 }}>
          {records.map((record, i) => (
            <li key={i}>
              <Typography component="span" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                {fill(t.recordLine, { date: formatDate(record.at), by: record.by })}
              </Typography>
              <Typography>
                {kindLines(record.counts)
                  .map((line) => line.text)
                  .join('; ')}
              </Typography>
            </li>
          ))}
        </Box>
      )}
    </Section>
  );
}

export function ErasePage() {
  const [email, setEmail] = useState('');
  const [found, setFound] = useState<{ email: string; preview: ErasurePreview }>();
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  // What was erased, with the addresses it was found under (kept by this page only, for the places to search by hand).
  const [done, setDone] = useState<ErasureDone & { addresses: readonly string[] }>();
  const [records, setRecords] = useState<ErasureRecord[]>();
  const { notice, setNotice, attempt } = useNotice();

  const loadRecords = useCallback(() => attempt(async () => setRecords(await call('erasures'))), [attempt]);
  useEffect(() => void loadRecords(), [loadRecords]);

  const run = (action: () => Promise<void>) => {
    setNotice(undefined);
    return attempt(action);
  };

  const find = (event: FormEvent) => {
    event.preventDefault();
    setDone(undefined);
    setConfirm('');
    void run(async () => setFound({ email, preview: await call('erasurePreview', { json: { email } }) }));
  };

  const erase = (event: FormEvent) => {
    event.preventDefault();
    if (!found) return;
    setBusy(true);
    void run(async () => {
      const erased = await call('erase', { json: { email: found.email, confirm } });
      setFound(undefined);
      setEmail('');
      setConfirm('');
      setDone({ ...erased, addresses: found.preview.addresses.length > 0 ? found.preview.addresses : [found.email] });
      setNotice({ text: t.erased, severity: 'success' });
      await loadRecords();
    }).finally(() => setBusy(false));
  };

  const anything = found && Object.values(found.preview.counts).some((n) => n > 0);
  const confirmed = found !== undefined && confirm.trim() !== '' && samePerson(confirm, found.email);
  return (
    <Box component="section" aria-labelledby="erase-heading" sx={{ maxWidth: 720 }}>
      <Typography id="erase-heading" variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, mb: 2 }}>
        {t.heading}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t.intro}</Typography>
      <Box component="form" onSubmit={find} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start', mb: 3 }}>
        <TextField
          label={t.email}
          type="email"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setFound(undefined);
          }}
          sx={{ flex: '1 1 260px' }}
        />
        <Button type="submit" variant="outlined" size="large" sx={{ mt: 0.5 }}>
          {t.find}
        </Button>
      </Box>
      <Box role="status" aria-live="polite">
        {found && !anything && (
          <Alert severity="info" role="presentation" sx={{ mb: 3 }}>
            {t.none}
          </Alert>
        )}
      </Box>
      {found && anything && (
        <Section id="erase-found-heading" heading={t.foundHeading}>
          <Preview found={found.preview} />
          <Box component="form" onSubmit={erase} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start', mt: 3 }}>
            <TextField
              label={t.confirmLabel}
              helperText={t.confirmHint}
              type="email"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              autoComplete="off"
              sx={{ flex: '1 1 260px' }}
            />
            <Button type="submit" color="error" variant="contained" size="large" disabled={!confirmed || busy} sx={{ mt: 0.5 }}>
              {busy ? t.erasing : t.confirm}
            </Button>
          </Box>
        </Section>
      )}
      <Notice message={notice} />
      {done && done.outside.length > 0 && (
        <Section id="erase-outside-heading" heading={t.outsideHeading}>
          <Typography sx={{ mb: 1, overflowWrap: 'anywhere' }}>{fill(t.outsideAddresses, { addresses: done.addresses.join(', ') })}</Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1, overflowWrap: 'anywhere' }}>
            {done.outside.map((place) => (
              <li key={place.place}>{outsideLine(place)}</li>
            ))}
          </Box>
        </Section>
      )}
      <Records records={records} />
    </Box>
  );
}
