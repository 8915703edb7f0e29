import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FormEvent, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ScreenHeading } from './ScreenHeading';

interface NewItemFormProps {
  /** The screen's words: its heading (the form's name too), introduction, and its two buttons. */
  words: { heading: string; intro: string; create: string; cancel: string };
  onSubmit(event: FormEvent): void;
  /** What still stops it, in sentences (shown once the office tried to make it). */
  refusal?: string;
  /** Its boxes. */
  children: ReactNode;
}

/**
 * A screen that makes a new item (New page, New form): its heading and introduction, then its
 * boxes in a form named by the heading, what still stops it, and Make and Cancel (back to the list).
 */
export function NewItemForm({ words, onSubmit, refusal, children }: NewItemFormProps) {
  return (
    <Stack spacing={3}>
      <ScreenHeading>{words.heading}</ScreenHeading>
      <Typography>{words.intro}</Typography>
      <Paper variant="outlined" component="form" aria-label={words.heading} noValidate onSubmit={onSubmit} sx={{ p: { xs: 2, md: 3 }, maxWidth: 720 }}>
        <Stack spacing={3}>
          {children}
          {refusal && (
            <Alert severity="warning" role="alert">
              {refusal}
            </Alert>
          )}
          <Stack direction="row" spacing={2}>
            <Button type="submit" variant="contained" size="large">
              {words.create}
            </Button>
            <Button component={RouterLink} to="/content" size="large">
              {words.cancel}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </Stack>
  );
}
