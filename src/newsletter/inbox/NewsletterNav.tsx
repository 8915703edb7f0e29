/**
 * The inbox's Newsletter section: one item in the inbox's bar (Layout.tsx), two parts, each at its
 * own address (bookmarkable): the newsletters written and sent (/newsletters: every account), and
 * their subscribers (/subscribers: owners only). Their links sit at the top of the section's
 * screens, the current one marked (aria-current); an editor, who has one part, sees none.
 */
import Box from '@mui/material/Box';
import { Link, Outlet, useLocation } from 'react-router-dom';
import admin from '../../../config/admin';
import type { AdminRole } from '../../platform/roles';

const t = admin.nav;

/** The section's parts, the first where its item in the bar leads; `owners`: an owner's only. */
export const NEWSLETTER_PARTS = [
  { to: '/newsletters', label: t.newsletters, owners: false },
  { to: '/subscribers', label: t.subscribers, owners: true },
] as const;

/** The parts' links over the section's screen (the screen below them: the route's Outlet). */
export function NewsletterSection({ role }: { role: AdminRole }) {
  const { pathname } = useLocation();
  const parts = NEWSLETTER_PARTS.filter((part) => role === 'owner' || !part.owners);
  return (
    <>
      {parts.length > 1 && (
        <Box
          component="nav"
          aria-label={t.newsletter}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 2, sm: 3 }, mb: 3, borderBottom: 1, borderColor: 'divider' }}
        >
          {parts.map((part) => {
            const current = pathname === part.to || pathname.startsWith(`${part.to}/`);
            return (
              <Box
                key={part.to}
                component={Link}
                to={part.to}
                aria-current={current ? 'page' : undefined}
                sx={{
                  display: 'inline-flex',
                  alignItems: 'center',
                  minHeight: 44,
                  mb: '-1px',
                  px: 0.5,
                  borderBottom: 3,
                  borderColor: current ? 'primary.main' : 'transparent',
                  color: current ? 'primary.dark' : 'text.secondary',
                  fontWeight: current ? 700 : 500,
                  textDecoration: 'none',
                  '&:hover': { color: 'primary.dark' },
                  '&:focus-visible': { outline: '3px solid', outlineColor: 'secondary.main', outlineOffset: 2 },
                }}
              >
                {part.label}
              </Box>
            );
          })}
        </Box>
      )}
      <Outlet />
    </>
  );
}
