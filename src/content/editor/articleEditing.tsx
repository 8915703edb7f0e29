/**
 * What an article's screen adds to the generic form: its address follows its title until it is
 * first published (then it is the article's address, changed only on purpose), and Remove.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import admin from '../../../config/admin';
import { addressFromTitle } from '../../site/model/articleSchema';
import { fill } from '../../platform/inbox/format';
import { isRecord } from './schemaValues';

const t = admin.content.articles;

/** The article after an edit: while its address is the one made from its title, a new title makes a new address. */
export function followTitle(before: unknown, after: unknown): unknown {
  if (!isRecord(before) || !isRecord(after) || before.title === after.title || typeof after.title !== 'string') return after;
  const made = typeof before.title === 'string' ? addressFromTitle(before.title) : '';
  if (before.address !== made && before.address !== '') return after;
  return { ...after, address: addressFromTitle(after.title) };
}

/** "Remove this article", with a question first; once asked for, the article is removed at the next Publish (Keep takes it back). */
export function ArticleRemoval({ removing, title, onRemove, onKeep }: { removing: boolean; title: string; onRemove(): void; onKeep(): void }) {
  const [asking, setAsking] = useState(false);
  if (removing) {
    return (
      <Alert
        severity="warning"
        action={
          <Button color="inherit" size="small" onClick={onKeep}>
            {t.undoRemove}
          </Button>
        }
      >
        {t.removing}
      </Alert>
    );
  }
  return (
    <>
      <Button color="error" variant="outlined" onClick={() => setAsking(true)} sx={{ mb: 2 }}>
        {t.remove}
      </Button>
      <Dialog open={asking} onClose={() => setAsking(false)} aria-labelledby="remove-article-title" aria-describedby="remove-article-text">
        <DialogTitle id="remove-article-title">{t.remove}</DialogTitle>
        <DialogContent>
          <DialogContentText id="remove-article-text">{fill(t.removeQuestion, { title })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)}>{t.cancel}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              setAsking(false);
              onRemove();
            }}
          >
            {t.removeConfirm}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
