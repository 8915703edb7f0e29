/**
 * The inbox's frame: its sections (Inbox, Spam, Insights, Erase a person, Content, Newsletter: its newsletters and subscribers; for owners the
 * newsletters ready for them to send, counted beside Newsletter and listed above every screen), who is signed
 * in (under them; in the Menu on a phone), Sign out, and Sign out on all devices (in the Menu on a phone); for owners, the screen's
 * live updates (live.tsx) around every screen. One row from the md breakpoint up; on a phone the
 * sections open from a Menu button, which shows the count of unread leads too (Escape closes it and gives the keyboard back to the button).
 * The password asked again (PasswordAgain.tsx) lives here, with the screens that may need it.
 */
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import MuiLink from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { forwardRef, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, Outlet, useLocation, type LinkProps } from 'react-router-dom';
import admin from '../../../config/admin';
import { SkipLink } from '../../site/layout/SkipLink';
import type { AdminRole } from '../../platform/roles';
import { fill, formatCount } from '../../platform/inbox/format';
import { useSession } from '../../platform/inbox/session';
import { LiveProvider, useLiveState } from '../../leads/inbox/live';
import { PasswordAgain } from './PasswordAgain';
import { NEWSLETTER_PARTS } from '../../newsletter/inbox/NewsletterNav';
import { ReadyNewsletters } from '../../newsletter/inbox/ready';

const t = admin.nav;
const CONTENT_ID = 'content';
const MENU_ID = 'inbox-sections';

/** The sections; `leads`: an owner's only. `also`: the other addresses the section holds (it is current there too). */
const sections: { to: string; label: string; end: boolean; leads: boolean; also?: readonly string[] }[] = [
  { to: '/', label: t.inbox, end: true, leads: true },
  { to: '/spam', label: t.spam, end: false, leads: true },
  { to: '/insights', label: t.insights, end: false, leads: true },
  { to: '/erase', label: t.erase, end: false, leads: true },
  { to: '/content', label: t.content, end: false, leads: false },
  // One section, two parts (newsletter/NewsletterNav.tsx): the newsletters, and their subscribers (an owner's).
  { to: NEWSLETTER_PARTS[0].to, label: t.newsletter, end: false, leads: false, also: NEWSLETTER_PARTS.map((part) => part.to) },
];

/** Whether an address is a path or below it. */
const within = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/**
 * A section's link, marked current (the class `active`, aria-current) on its address, below it
 * unless `end`, and on the other addresses the section holds (`also`).
 */
const SectionLink = forwardRef<HTMLAnchorElement, LinkProps & { to: string; end?: boolean; also?: readonly string[] }>(function SectionLink(
  { to, end = false, also = [], className, ...props },
  ref,
) {
  const { pathname } = useLocation();
  const current = end ? pathname === to : [to, ...also].some((path) => within(pathname, path));
  return (
    <Link ref={ref} to={to} className={[className, current ? 'active' : ''].filter(Boolean).join(' ')} aria-current={current ? 'page' : undefined} {...props} />
  );
});

/**
 * The settings still at their example values (the same sentences as npm run check's), until they
 * are fixed: they come with who is signed in (session.tsx), so they are there when the frame is
 * first drawn and never push a screen's content down under the pointer.
 */
function Placeholders({ sentences }: { sentences: readonly string[] }) {
  // Folded at first: the heading and how many, one tap to the sentences.
  const [open, setOpen] = useState(false);
  if (sentences.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mb: 3, overflowWrap: 'anywhere' }} data-testid="placeholders">
      <Typography component="span" sx={{ fontWeight: 700, mr: 1 }}>
        {admin.placeholders}
      </Typography>
      <Button size="small" color="inherit" variant="outlined" aria-expanded={open} aria-controls="placeholder-list" onClick={() => setOpen((was) => !was)}>
        {open ? admin.placeholdersHide : fill(admin.placeholdersShow, { count: formatCount(sentences.length) })}
      </Button>
      <Box component="ul" id="placeholder-list" hidden={!open} sx={{ m: 0, mt: 1, pl: 2.5 }}>
        {sentences.map((sentence) => (
          <li key={sentence}>{sentence}</li>
        ))}
      </Box>
    </Alert>
  );
}

/**
 * A count in a pill: the unread leads beside the Inbox section and on the phone's Menu button, the
 * newsletters ready to send beside Newsletter;
 * `seenOnly`: hidden from screen readers (the button's name stays "Menu"; they hear the count with
 * the Inbox section, and in the tab's title).
 */
function UnreadCount({ count, seenOnly = false }: { count: number; seenOnly?: boolean }) {
  return (
    <Box
      component="span"
      aria-hidden={seenOnly ? 'true' : undefined}
      sx={{ ml: 1, px: 1, borderRadius: 999, bgcolor: 'background.paper', color: 'primary.dark', fontSize: '0.8125rem' }}
    >
      {formatCount(count)}
    </Box>
  );
}

export function Layout({ email, role }: { email: string; role: AdminRole }) {
  const { state, signOut, unread, newslettersReady } = useSession();
  const ready = newslettersReady?.length ?? 0;
  // On a phone the sections are behind one button (a disclosure): open, they are listed below it.
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // After moving to another screen, the keyboard and screen readers start at its content (the
  // link that was followed is gone); a filter changing the address is no move. An address that
  // names a box after its # (a place the content search found) starts there: the screen focused it.
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    setMenuOpen(false);
    if (first.current) first.current = false;
    else if (!(hash && document.getElementById(decodeURIComponent(hash.slice(1))))) document.getElementById(CONTENT_ID)?.focus();
  }, [pathname]); // eslint-disable-line react-hooks/exhaustive-deps
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menuOpen) return;
    setMenuOpen(false);
    menuButton.current?.focus();
  };
  const signedInAs = fill(t.signedInAs, { email, role: t.roles[role] });
  return (
    <>
      <SkipLink target={CONTENT_ID} label={t.skipToContent} />
      <AppBar position="static" elevation={0} sx={{ bgcolor: 'primary.dark' }}>
        <Container>
          {/* One row from the md breakpoint up: the sections, Sign out on all devices and Sign out. */}
          <Toolbar disableGutters sx={{ flexWrap: 'nowrap', alignItems: { xs: 'flex-start', md: 'center' }, gap: 1, py: 1 }}>
            <Box component="nav" aria-label={t.label} onKeyDown={closeOnEscape} sx={{ flexGrow: 1, flexShrink: { md: 0 }, minWidth: 0 }}>
              <Button
                ref={menuButton}
                color="inherit"
                aria-expanded={menuOpen}
                aria-controls={MENU_ID}
                onClick={() => setMenuOpen((open) => !open)}
                sx={{ display: { xs: 'inline-flex', md: 'none' } }}
              >
                {t.menu}
                {/* The Inbox section's count, in sight with the Menu closed. */}
                {unread ? <UnreadCount count={unread} seenOnly /> : null}
                <Box component="span" aria-hidden="true" sx={{ ml: 0.75, fontSize: '0.75rem' }}>
                  {menuOpen ? '\u25B2' : '\u25BC'}
                </Box>
              </Button>
              <Box
                id={MENU_ID}
                sx={{
                  display: { xs: menuOpen ? 'flex' : 'none', md: 'flex' },
                  flexDirection: { xs: 'column', md: 'row' },
                  alignItems: { xs: 'flex-start', md: 'center' },
                  gap: 0.5,
                  mt: { xs: 0.5, md: 0 },
                }}
              >
                {sections
                  .filter((section) => role === 'owner' || !section.leads)
                  .map((section) => (
                    <Button
                      key={section.to}
                      component={SectionLink}
                      to={section.to}
                      end={section.end}
                      also={section.also}
                      color="inherit"
                      onClick={() => setMenuOpen(false)}
                      // Narrower from md to xl, where the sections share the row with the account's buttons.
                      sx={{ whiteSpace: 'nowrap', flexShrink: 0, px: { md: 1.5, xl: 2.75 }, '&.active': { bgcolor: 'rgba(255, 255, 255, 0.18)' } }}
                    >
                      {section.label}
                      {section.to === '/' && unread ? <UnreadCount count={unread} /> : null}
                      {section.to === NEWSLETTER_PARTS[0].to && ready ? <UnreadCount count={ready} /> : null}
                    </Button>
                  ))}
                {/* On a phone, with the sections (the row above md has it beside Sign out). */}
                <Button color="inherit" onClick={() => void signOut(true)} sx={{ display: { xs: 'inline-flex', md: 'none' }, whiteSpace: 'nowrap' }}>
                  {t.signOutEverywhere}
                </Button>
              </Box>
            </Box>
            <Button color="inherit" onClick={() => void signOut(true)} sx={{ display: { xs: 'none', md: 'inline-flex' }, flexShrink: 0, whiteSpace: 'nowrap' }}>
              {t.signOutEverywhere}
            </Button>
            <Button color="inherit" variant="outlined" onClick={() => void signOut()} sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
              {t.signOut}
            </Button>
          </Toolbar>
          {/*
            Who is signed in, under the row, and the link to the account's Sign-in and security: from md
            up always (the address whole; a long one cut with an ellipsis, whole in its title), on a
            phone with the Menu open.
          */}
          <Box
            sx={{
              display: { xs: menuOpen ? 'flex' : 'none', md: 'flex' },
              flexDirection: { xs: 'column', md: 'row' },
              justifyContent: { md: 'flex-end' },
              alignItems: { xs: 'flex-start', md: 'baseline' },
              columnGap: 2,
              px: { xs: 2.75, md: 0 },
              mt: { md: -0.5 },
              pb: 1,
            }}
          >
            <Typography
              variant="body2"
              title={signedInAs}
              sx={{
                minWidth: 0,
                overflowWrap: 'anywhere',
                whiteSpace: { md: 'nowrap' },
                overflow: { md: 'hidden' },
                textOverflow: { md: 'ellipsis' },
              }}
            >
              {signedInAs}
            </Typography>
            <MuiLink
              component={Link}
              to="/security"
              color="inherit"
              variant="body2"
              onClick={() => setMenuOpen(false)}
              sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            >
              {admin.security.link}
            </MuiLink>
          </Box>
        </Container>
      </AppBar>
      <LiveProvider enabled={role === 'owner'}>
        <Container component="main" id={CONTENT_ID} tabIndex={-1} sx={{ py: { xs: 3, md: 4 }, outline: 'none' }}>
          {/* The server sends an owner's only (an editor's are none). */}
          {state.kind === 'signedIn' && <Placeholders sentences={state.placeholders} />}
          {/* An owner's: the newsletters marked ready for them to send (none for an editor). */}
          <ReadyNewsletters />
          {role === 'owner' && <LiveOff />}
          <Outlet />
        </Container>
      </LiveProvider>
      <PasswordAgain />
    </>
  );
}

/** Said while this screen does not update by itself (its live updates refused; tried again by themselves). */
function LiveOff() {
  const live = useLiveState();
  return (
    <Box role="status" aria-live="polite">
      {!live && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="live-off">
          {admin.liveOff}
        </Typography>
      )}
    </Box>
  );
}
