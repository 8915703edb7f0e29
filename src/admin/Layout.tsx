/** The inbox's frame: its sections (Inbox, Spam, Erase a person), who is signed in, Sign out. */
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import admin from '../../config/admin';
import { SkipLink } from '../layout/SkipLink';
import type { AdminRole } from '../shared/contentApi';
import { fill } from './format';
import { useSession } from './session';

const t = admin.nav;
const CONTENT_ID = 'content';

const sections = [
  { to: '/', label: t.inbox, end: true, leads: true },
  { to: '/spam', label: t.spam, end: false, leads: true },
  { to: '/insights', label: t.insights, end: false, leads: true },
  { to: '/erase', label: t.erase, end: false, leads: true },
  { to: '/content', label: t.content, end: false, leads: false },
];

export function Layout({ email, role }: { email: string; role: AdminRole }) {
  const { signOut, unread } = useSession();
  // After moving to another screen, the keyboard and screen readers start at its content (the
  // link that was followed is gone); a filter changing the address is no move.
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) first.current = false;
    else document.getElementById(CONTENT_ID)?.focus();
  }, [pathname]);
  return (
    <>
      <SkipLink target={CONTENT_ID} label={t.skipToContent} />
      <AppBar position="static" elevation={0} sx={{ bgcolor: 'primary.dark' }}>
        <Container>
          <Toolbar disableGutters sx={{ flexWrap: 'wrap', gap: 1, py: 1 }}>
            <Box component="nav" aria-label={t.label} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, flexGrow: 1 }}>
              {sections.filter((section) => role === 'owner' || !section.leads).map((section) => (
                <Button
                  key={section.to}
                  component={NavLink}
                  to={section.to}
                  end={section.end}
                  color="inherit"
                  sx={{ '&.active': { bgcolor: 'rgba(255, 255, 255, 0.18)' } }}
                >
                  {section.label}
                  {section.to === '/' && unread ? (
                    <Box component="span" sx={{ ml: 1, px: 1, borderRadius: 999, bgcolor: 'background.paper', color: 'primary.dark', fontSize: '0.8125rem' }}>
                      {unread}
                    </Box>
                  ) : null}
                </Button>
              ))}
            </Box>
            <Typography variant="body2" sx={{ display: { xs: 'none', md: 'block' } }}>
              {fill(t.signedInAs, { email })}
            </Typography>
            <Button color="inherit" variant="outlined" onClick={() => void signOut()}>
              {t.signOut}
            </Button>
          </Toolbar>
        </Container>
      </AppBar>
      <Container component="main" id={CONTENT_ID} tabIndex={-1} sx={{ py: { xs: 3, md: 4 }, outline: 'none' }}>
        <Outlet />
      </Container>
    </>
  );
}
