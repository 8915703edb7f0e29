/** The lead's private note: written here, kept with "Save note". */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import admin from '../../../../config/admin';
import { Section } from '../../../platform/inbox/Section';

const t = admin.lead;

export function NotePanel({ note, setNote, save }: { note: string; setNote: (note: string) => void; save: () => void }) {
  return (
    <Section id="note-heading" heading={t.note}>
      <Box component="form" sx={{ display: 'grid', gap: 1 }} onSubmit={(e) => (e.preventDefault(), save())}>
        <TextField id="lead-note" label={t.note} helperText={t.noteHint} multiline minRows={4} value={note} onChange={(e) => setNote(e.target.value)} />
        <Button type="submit" variant="outlined" sx={{ justifySelf: 'start' }}>
          {t.saveNote}
        </Button>
      </Box>
    </Section>
  );
}
