/**
 * The newsletters: whether this server sends them (and signs them), how many readers confirmed,
 * a new one or one started from an article of the site, and each newsletter with what it did
 * (sent, bounced, unsubscribed, marked as spam, the visits and leads its links brought).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import admin from '../../../config/admin';
import { isDraft, type NewsletterList as List, type NewsletterSummary } from '../model/newsletterApi';
import { call } from '../../platform/inbox/api';
import { fill, formatCount, formatDate } from '../../platform/inbox/format';
import { Notice, useNotice } from '../../platform/inbox/Notice';
import { WideTable } from '../../platform/inbox/WideTable';
import { articlesOf, type SiteArticle } from './articles';
import { useNoteReady } from './ready';

const t = admin.newsletters;

/** A newsletter's state in words: a draft, ready for an owner (who marked it), when it goes, how far it got, when it went. */
export function stateLine(newsletter: Pick<NewsletterSummary, 'state' | 'sendAt' | 'readyBy' | 'startedAt' | 'finishedAt' | 'figures'>): string {
  switch (newsletter.state) {
    case 'draft':
      return t.states.draft;
    case 'ready':
      return fill(t.states.ready, { by: newsletter.readyBy ?? '' });
    case 'scheduled':
      return fill(t.states.scheduled, { when: formatDate(newsletter.sendAt ?? 0) });
    case 'sending':
      return fill(t.states.sending, { sent: formatCount(newsletter.figures.sent), readers: formatCount(newsletter.figures.readers) });
    case 'sent':
      return fill(t.states.sent, { when: formatDate(newsletter.finishedAt ?? newsletter.startedAt ?? 0) });
  }
}

const FIGURES = ['sent', 'bounced', 'unsubscribed', 'complaints', 'visits', 'leads'] as const;

export function NewsletterList() {
  const [list, setList] = useState<List>();
  const [articles, setArticles] = useState<SiteArticle[]>();
  const [article, setArticle] = useState('');
  const { notice, attempt } = useNotice();
  const navigate = useNavigate();
  const noteReady = useNoteReady();
  useEffect(() => {
    void attempt(async () => {
      const found = await call('newsletters');
      setList(found);
      noteReady(found.newsletters, true);
    });
    // The site's articles, when the content editor is set up here (else: no such start).
    articlesOf().then(setArticles, () => setArticles([]));
  }, [attempt, noteReady]);

  const startFromArticle = () =>
    attempt(async () => {
      const chosen = articles?.find((a) => a.id === article);
      if (!chosen) return;
      const made = await call('newsletterCreate', { json: { fromArticle: chosen } });
      navigate(`/newsletters/${made.id}`);
    });

  return (
    <Box>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, fontWeight: 700, mb: 1 }}>
        {t.heading}
      </Typography>
      <Typography sx={{ mb: 2, maxWidth: '70ch' }}>{t.intro}</Typography>
      <Notice message={notice} />
      {!list ? (
        <Typography role="status">{t.loading}</Typography>
      ) : (
        <>
          {!list.mailOn && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t.mailOff}
            </Alert>
          )}
          {list.mailOn && !list.dkim && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t.noDkim}
            </Alert>
          )}
          <Typography sx={{ mb: 2, fontWeight: 600 }}>{fill(t.confirmed, { count: formatCount(list.confirmed) })}</Typography>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 3, alignItems: { md: 'center' } }}>
            <Button variant="contained" component={RouterLink} to="/newsletters/new" sx={{ alignSelf: 'flex-start' }}>
              {t.new}
            </Button>
            {articles && articles.length > 0 && (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
                <Typography>{t.fromArticle}</Typography>
                <TextField select size="small" label={t.article} value={article} onChange={(event) => setArticle(event.target.value)} sx={{ minWidth: 240 }}>
                  {articles.map((a) => (
                    <MenuItem key={a.id} value={a.id}>
                      {a.title}
                    </MenuItem>
                  ))}
                </TextField>
                <Button variant="outlined" disabled={article === ''} onClick={() => void startFromArticle()}>
                  {t.startFromArticle}
                </Button>
              </Stack>
            )}
          </Stack>
          {list.newsletters.length === 0 ? (
            <Typography>{t.empty}</Typography>
          ) : (
            <WideTable>
              <Table size="small" aria-label={t.tableLabel}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t.columns.newsletter}</TableCell>
                    <TableCell>{t.columns.state}</TableCell>
                    {FIGURES.map((key) => (
                      <TableCell key={key} align="right">
                        {t.columns[key]}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {list.newsletters.map((newsletter) => (
                    <TableRow key={newsletter.id}>
                      <TableCell sx={{ minWidth: 200 }}>
                        <Link component={RouterLink} to={`/newsletters/${newsletter.id}`}>
                          {newsletter.subject}
                        </Link>
                        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                          {newsletter.name}
                        </Typography>
                      </TableCell>
                      <TableCell sx={{ minWidth: 140 }}>{stateLine(newsletter)}</TableCell>
                      {FIGURES.map((key) => (
                        <TableCell key={key} align="right">
                          {isDraft(newsletter.state) || newsletter.state === 'scheduled' ? '' : formatCount(newsletter.figures[key])}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </WideTable>
          )}
        </>
      )}
    </Box>
  );
}
