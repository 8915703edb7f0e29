/**
 * Answering a lead from its page: the Reply composer (a template of config/admin.ts `replies`,
 * filled with the lead's fields, which the owner edits and sends; blank once the agency has
 * written to the person). The draft is checked by the
 * same code as on our server (src/leads/model/replyDraft.ts). The e-mails with the person beside it:
 * Conversation.tsx.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import admin from '../../../config/admin';
import { bundledForms, senderFields } from '../../site/forms/model/registry';
import type { LeadDetail } from '../model/adminApi';
import { replyProblem, type ReplyDraft } from '../model/replyDraft';
import { templatesFor, threadSubject } from './replyTemplates';
import { call } from '../../platform/inbox/api';
import { fill, visible } from '../../platform/inbox/format';
import { Notice, useNotice } from '../../platform/inbox/Notice';
import { showEmpty } from '../../platform/inbox/showEmpty';

const t = admin.replies;
/** The visitor's address (the form's first e-mail field; of a form made after this inbox was built, the lead's first e-mail answer), or empty. */
function addressOf(lead: LeadDetail): string {
  const key = senderFields(bundledForms.formNamed(lead.form)).emails[0]?.name ?? lead.fields.find((field) => field.kind === 'email')?.key;
  return key ? String(lead.document[key] ?? '').trim() : '';
}

export function ReplyComposer({ lead, onSent }: { lead: LeadDetail; onSent: (detail: LeadDetail) => void }) {
  const templates = templatesFor(lead);
  // A template is the first words to a person: once the agency has written to them (from the inbox
  // or a mail program), a reply starts blank in the conversation's subject; the templates stay under Start from.
  const written = lead.mails.some((mail) => mail.kind === 'reply' || mail.kind === 'mailProgram');
  const start = templates.length > 0 && !written ? '0' : '';
  const blank = (): ReplyDraft => ({ subject: threadSubject(lead) ?? '', text: '' });
  const [choice, setChoice] = useState(start);
  const [draft, setDraft] = useState<ReplyDraft>(start === '' ? blank() : templates[0]!);
  const [problem, setProblem] = useState<ReturnType<typeof replyProblem>>();
  const [sending, setSending] = useState(false);
  const { notice, setNotice, attempt } = useNotice();
  const inputs = { subject: useRef<HTMLInputElement>(null), text: useRef<HTMLTextAreaElement>(null) };
  const address = addressOf(lead);
  if (address === '') return <Typography>{t.noAddress}</Typography>;

  const pick = (value: string) => {
    setChoice(value);
    setDraft(value === '' ? blank() : templates[Number(value)]!);
    setProblem(undefined);
  };
  const edit = (key: keyof ReplyDraft) => (value: string) => {
    setDraft((current) => ({ ...current, [key]: value }));
    if (problem?.field === key) setProblem(undefined);
  };
  const send = async () => {
    const found = replyProblem(draft);
    setProblem(found);
    if (found) {
      inputs[found.field].current?.focus();
      return;
    }
    setSending(true);
    const done = await attempt(async () => onSent(await call('reply', { params: { docId: lead.docId }, json: draft })));
    setSending(false);
    if (!done) return;
    pick('');
    setNotice({ text: t.sent, severity: 'success' });
  };
  const errorOf = (key: keyof ReplyDraft) => (problem?.field === key ? { error: true, helperText: problem.message } : {});

  return (
    <Box component="form" noValidate sx={{ display: 'grid', gap: 2 }} onSubmit={(e) => (e.preventDefault(), void send())}>
      <Typography sx={{ overflowWrap: 'anywhere' }}>{fill(t.to, { address: visible(address) })}</Typography>
      {templates.length > 0 && (
        <TextField select label={t.template} value={choice} onChange={(e) => pick(e.target.value)} slotProps={showEmpty}>
          <MenuItem value="">{t.blank}</MenuItem>
          {templates.map((template, i) => (
            <MenuItem key={template.name} value={String(i)}>
              {template.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        id="reply-subject"
        inputRef={inputs.subject}
        label={t.subject}
        value={draft.subject}
        onChange={(e) => edit('subject')(e.target.value)}
        slotProps={{ htmlInput: { maxLength: t.subjectMaxLength } }}
        {...errorOf('subject')}
      />
      <TextField
        id="reply-text"
        inputRef={inputs.text}
        label={t.text}
        multiline
        minRows={8}
        value={draft.text}
        onChange={(e) => edit('text')(e.target.value)}
        slotProps={{ htmlInput: { maxLength: t.textMaxLength } }}
        {...errorOf('text')}
      />
      <Button type="submit" variant="contained" disabled={sending} sx={{ justifySelf: 'start' }}>
        {sending ? t.sending : t.send}
      </Button>
      <Notice message={notice} />
    </Box>
  );
}
