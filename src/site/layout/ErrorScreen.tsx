/**
 * What a visitor sees when a page cannot be shown: the heading from config, a plain
 * explanation and a way home. `standalone` when the frame itself failed (no header).
 */
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useSite } from '../ui/siteConfig';

export function ErrorScreen({ standalone = false }: { standalone?: boolean }) {
  const { heading, text, homeLabel } = useSite().ui.errorScreen;
  const body = (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 } }}>
      <Paper sx={{ p: { xs: 4, md: 6 }, textAlign: 'center', borderTop: 6, borderColor: 'secondary.main' }} elevation={3} role="alert">
        <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, mb: 2 }}>
          {heading}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          {text}
        </Typography>
        <Button variant="contained" size="large" href="/">
          {homeLabel}
        </Button>
      </Paper>
    </Container>
  );
  return standalone ? <main>{body}</main> : body;
}
