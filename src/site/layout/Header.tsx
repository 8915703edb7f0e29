/**
 * Top of every page: the contact bar (large screens only) and the sticky navbar whose
 * links collapse behind a toggle below the lg breakpoint.
 */
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import { alpha, type SxProps, type Theme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router-dom';
import { linkTarget, NewTabHint, SmartLink } from '../ui/SmartLink';
import { Icon } from '../ui/icons';
import { useCurrentAddress, useCurrentPage } from './useCurrentPage';
import { plainList } from '../ui/plainList';
import { Island } from '../ui/Island';
import { inlineSrc } from '../ui/inlineSrc';
import { menuLinks } from '../model/routing';
import { useLanguage, useSite, useSiteContent, useSiteRoutes } from '../ui/siteConfig';
import { chatHref } from '../../schema/links';

const NAV_ID = 'site-navigation';

function ContactBar() {
  const site = useSite();
  const { phone, email } = site.contact;
  const language = useLanguage();
  const social = (
    <Stack direction="row" spacing={0.5} component="ul" sx={plainList}>
      {site.social.map((s) => (
        <li key={s.label}>
          <IconButton size="small" color="inherit" aria-label={`${s.label} ${site.ui.newTabHint}`} {...linkTarget({ href: chatHref(site, s), newTab: true })}>
            <Icon name={s.icon} fontSize="small" />
          </IconButton>
        </li>
      ))}
    </Stack>
  );
  return (
    <Box
      component="aside"
      aria-label={site.ui.contactBarLabel}
      sx={{ display: { xs: 'none', lg: 'block' }, bgcolor: 'primary.dark', color: 'common.white', fontSize: '0.9rem' }}
    >
      <Container sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', minHeight: 40 }}>
        <Stack direction="row" spacing={3}>
          {[
            { ...phone, icon: 'phone' as const },
            { ...email, icon: 'email' as const },
          ].map((item) => (
            <SmartLink key={item.href} href={item.href} color="inherit" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
              <Icon name={item.icon} fontSize="small" />
              {item.label}
            </SmartLink>
          ))}
        </Stack>
        {/* A site in more than one language: its other languages beside the profiles (a site in one: the profiles alone, as ever). */}
        {language ? (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <LanguageLinks />
            {social}
          </Stack>
        ) : (
          social
        )}
      </Container>
    </Box>
  );
}

function NavLinks({ vertical }: { vertical: boolean }) {
  const current = useCurrentPage();
  const content = useSiteContent();
  const { pageOfHref } = useSiteRoutes();
  return (
    <Box
      component="ul"
      sx={{
        ...plainList,
        display: 'flex',
        flexDirection: vertical ? 'column' : 'row',
        gap: vertical ? 0.5 : { lg: 0.5, xl: 1.5 },
      }}
    >
      {menuLinks(content).map((link) => {
        const active = current !== undefined && pageOfHref(link.href) === current;
        return (
          <li key={link.href}>
            <Button
              component={RouterLink}
              to={link.href}
              discover="none"
              aria-current={active ? 'page' : undefined}
              fullWidth={vertical}
              // The current page's link by its aria-current, not by styles of its own: one class for every link of the menu.
              sx={{
                justifyContent: vertical ? 'flex-start' : 'center',
                color: 'text.primary',
                fontWeight: 700,
                whiteSpace: 'nowrap',
                borderRadius: vertical ? 2 : 999,
                px: { xs: 2, lg: 1.5, xl: 2 },
                bgcolor: 'transparent',
                '&[aria-current="page"], &:hover': { bgcolor: (t) => alpha(t.palette.primary.main, 0.08), color: 'primary.main' },
              }}
            >
              {link.label}
            </Button>
          </li>
        );
      })}
    </Box>
  );
}

/**
 * On a site in more than one language: the page being shown in each other language, as plain
 * links (no script, no redirect), each in its own language's name and marked with it. A page
 * with no version of its own (the page for an unknown address) leads to each language's home.
 */
function LanguageLinks({ sx }: { sx?: SxProps<Theme> }) {
  const site = useSite();
  const language = useLanguage();
  const address = useCurrentAddress();
  if (!language) return null;
  const versions = (address !== undefined ? language.versions[address] : undefined) ?? language.versions[language.home] ?? [];
  const others = versions.filter((version) => version.code !== language.code);
  if (others.length === 0) return null;
  return (
    <Box component="nav" aria-label={site.ui.languagesLabel} sx={sx}>
      <Box component="ul" sx={languageList}>
        {others.map((version) => (
          <li key={version.code}>
            <a href={version.path} hrefLang={version.code} lang={version.code}>
              {version.name}
            </a>
          </li>
        ))}
      </Box>
    </Box>
  );
}

/** The language links' look, the same wherever they are (one style in the page): plain links in their place's colour. */
const languageList: SxProps<Theme> = {
  ...plainList,
  display: 'flex',
  gap: 1.5,
  '& a': { color: 'inherit', fontWeight: 700, textDecoration: 'none', fontSize: '0.875rem', '&:hover': { textDecoration: 'underline' } },
};

/**
 * The links collapse behind a toggle below the lg breakpoint: the toggle and the panel are
 * islands (src/site/islands/menu/), the links in the panel plain HTML drawn here.
 */
export function Header() {
  const site = useSite();
  const nav = site.navigation;
  const home = useLanguage()?.home ?? '/';
  return (
    <>
      <ContactBar />
      <AppBar
        component="header"
        position="sticky"
        color="inherit"
        elevation={0}
        sx={{ top: 0, bgcolor: 'rgba(255,255,255,0.96)', borderBottom: 1, borderColor: 'divider', backdropFilter: 'saturate(180%) blur(8px)' }}
      >
        <Container>
          <Toolbar disableGutters sx={{ minHeight: { xs: 64, lg: 76 }, gap: 2 }}>
            <Box component={RouterLink} to={home} discover="none" aria-label={nav.logoLabel} sx={{ display: 'inline-flex', mr: 'auto' }}>
              <img src={inlineSrc(site.brand.logo.src)} alt="" width={site.brand.logo.width} height={site.brand.logo.height} />
            </Box>
            <Box component="nav" aria-label={nav.label} sx={{ display: { xs: 'none', lg: 'block' } }}>
              <NavLinks vertical={false} />
            </Box>
            {/* On large screens in the contact bar above (where there is room beside the menu's links). */}
            <LanguageLinks sx={{ display: { lg: 'none' }, color: 'primary.main' }} />
            <Button variant="contained" {...linkTarget({ href: nav.cta.href })} sx={{ display: { xs: 'none', sm: 'inline-flex' }, whiteSpace: 'nowrap' }}>
              {nav.cta.label}
              <NewTabHint show={false} />
            </Button>
            <Island
              name="menuToggle"
              props={{ controls: NAV_ID, openLabel: nav.openMenuLabel, closeLabel: nav.closeMenuLabel }}
              sx={{ display: { lg: 'none' } }}
            />
          </Toolbar>
        </Container>
        <Island
          name="menuPanel"
          props={{}}
          slots={{
            links: (
              <Box component="nav" id={NAV_ID} aria-label={nav.label} sx={{ borderTop: 1, borderColor: 'divider', pb: 2, pt: 1 }}>
                <Container>
                  <NavLinks vertical />
                  <Button variant="contained" fullWidth {...linkTarget({ href: nav.cta.href })} sx={{ mt: 1, display: { sm: 'none' } }}>
                    {nav.cta.label}
                  </Button>
                </Container>
              </Box>
            ),
          }}
        />
      </AppBar>
    </>
  );
}
