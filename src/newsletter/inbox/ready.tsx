/**
 * The newsletters marked ready for an owner to send, as the owners' inbox shows them: listed on
 * every screen (its notice, each a link to the newsletter) and counted beside Newsletter. They
 * come with who is signed in (Me's `newslettersReady`, so the frame is drawn with them); a screen
 * that reads a newsletter's state (its page, the list) keeps the frame's list true (useNoteReady).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useCallback } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import admin from '../../../config/admin';
import type { NewsletterSummary } from '../model/newsletterApi';
import { fill, fillCount, formatCount } from '../../platform/inbox/format';
import { useSession } from '../../platform/inbox/session';

const t = admin.newsletters;

/** Tells the frame the state of newsletters just read: those `ready` are listed, the others not. `all`: the whole list (the newsletters' screen). */
export function useNoteReady(): (newsletters: readonly Pick<NewsletterSummary, 'id' | 'subject' | 'state' | 'readyBy'>[], all?: boolean) => void {
  const { setNewslettersReady } = useSession();
  return useCallback(
    (newsletters, all = false) =>
      setNewslettersReady((was) => [
        ...(all ? [] : was.filter((ready) => !newsletters.some((n) => n.id === ready.id))),
        ...newsletters.filter((n) => n.state === 'ready').map((n) => ({ id: n.id, subject: n.subject, readyBy: n.readyBy ?? '' })),
      ]),
    [setNewslettersReady],
  );
}

/** The owners' notice: how many newsletters are ready for them to send, and each (a link to it). */
export function ReadyNewsletters() {
  const { newslettersReady: ready } = useSession();
  if (!ready || ready.length === 0) return null;
  return (
    <Alert severity="info" sx={{ mb: 3, overflowWrap: 'anywhere' }} role="region" aria-label={t.readyLabel} data-testid="newsletters-ready">
      <Typography sx={{ fontWeight: 700 }}>{fillCount(t.readyHeading, ready.length, { count: formatCount(ready.length) })}</Typography>
      <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
        {ready.map((newsletter) => (
          <li key={newsletter.id}>
            <Link component={RouterLink} to={`/newsletters/${newsletter.id}`} color="inherit">
              {fill(t.readyLine, { subject: newsletter.subject, by: newsletter.readyBy })}
            </Link>
          </li>
        ))}
      </Box>
    </Alert>
  );
}
