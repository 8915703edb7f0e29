/** Bottom of every page: brand blurb and profiles, link columns, newsletter box, copyright. */
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SiteConfig } from '../model/siteSchema';
import { FormSlot } from '../ui/FormSlot';
import { linkTarget, SmartLink } from '../ui/SmartLink';
import { ChatButton } from './ChatButton';
import { Icon } from '../ui/icons';
import { plainList } from '../ui/plainList';
import { useSite } from '../ui/siteConfig';
import { chatHref } from '../../schema/links';

const footerText = 'rgba(255,255,255,0.82)';

/** The copyright line; its {year} is the build's, and the browser puts in the year it is read in (src/site/main.tsx). */
function Copyright({ template }: { template: string }) {
  const [before, ...rest] = template.split('{year}');
  if (rest.length === 0) return <>{template}</>;
  return (
    <>
      {before}
      <span data-current-year="">{new Date().getFullYear()}</span>
      {rest.join('{year}')}
    </>
  );
}

export function Footer() {
  const site = useSite();
  const footer: SiteConfig['footer'] = site.footer;
  return (
    <Box component="footer" sx={{ bgcolor: 'text.primary', color: 'common.white', pt: { xs: 6, md: 9 } }}>
      <Container>
        <Grid container spacing={{ xs: 5, md: 4 }}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Typography component="p" sx={{ fontSize: '1.5rem', fontWeight: 800, mb: 2 }}>
              {site.brand.name}
            </Typography>
            <Typography variant="body2" sx={{ color: footerText, mb: 3, maxWidth: 360 }}>
              {site.brand.blurb}
            </Typography>
            <Stack component="ul" direction="row" spacing={1} aria-label={footer.socialLabel} sx={plainList}>
              {site.social.map((s) => (
                <li key={s.label}>
                  <IconButton
                    aria-label={`${s.label} ${site.ui.newTabHint}`}
                    {...linkTarget({ href: chatHref(site, s), newTab: true })}
                    sx={{ color: 'common.white', bgcolor: 'rgba(255,255,255,0.1)', '&:hover': { bgcolor: 'primary.main' } }}
                  >
                    <Icon name={s.icon} />
                  </IconButton>
                </li>
              ))}
            </Stack>
          </Grid>
          {footer.columns.map((column) => (
            <Grid key={column.heading} size={{ xs: 6, sm: 4, md: 'grow' }}>
              <Typography variant="h4" component="h2" sx={{ mb: 2, fontSize: '1rem', textTransform: 'uppercase', letterSpacing: '0.08em' }}>
                {column.heading}
              </Typography>
              <Box component="ul" sx={{ ...plainList, display: 'grid', gap: 1.25 }}>
                {[
                  ...column.links,
                  // The site's one phone number and e-mail address, where the column asks for them.
                  ...(column.showPhone ? [{ ...site.contact.phone, icon: 'phone' as const }] : []),
                  ...(column.showEmail ? [{ ...site.contact.email, icon: 'email' as const }] : []),
                ].map((link) => (
                  <li key={`${link.label}-${link.href}`}>
                    <SmartLink
                      href={link.href}
                      color="inherit"
                      sx={{ color: footerText, display: 'inline-flex', alignItems: 'center', gap: 1, '&:hover': { color: 'common.white' } }}
                    >
                      {link.icon && <Icon name={link.icon} fontSize="small" />}
                      {/* A phone number is never broken across two lines (a narrow column wraps the words of a link, not its digits). */}
                      {link.href.startsWith('tel:') ? (
                        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                          {link.label}
                        </Box>
                      ) : (
                        link.label
                      )}
                    </SmartLink>
                  </li>
                ))}
              </Box>
            </Grid>
          ))}
        </Grid>

        <Box
          component="section"
          aria-labelledby="newsletter-heading"
          sx={{
            mt: { xs: 6, md: 8 },
            p: { xs: 3, md: 4 },
            borderRadius: 4,
            bgcolor: 'primary.dark',
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { md: '1fr 1fr' },
            alignItems: 'center',
          }}
        >
          <div>
            <Typography id="newsletter-heading" variant="h3" component="h2" sx={{ mb: 1 }}>
              {footer.newsletter.heading}
            </Typography>
            <Typography variant="body2" sx={{ color: footerText }}>
              {footer.newsletter.text}
            </Typography>
          </div>
          <FormSlot form={footer.newsletter.form} onDark />
        </Box>

        <Box
          sx={{
            mt: 6,
            py: 3,
            borderTop: '1px solid rgba(255,255,255,0.15)',
            display: 'flex',
            flexWrap: 'wrap',
            gap: 2,
            justifyContent: 'space-between',
            alignItems: 'center',
          }}
        >
          <Typography variant="body2" sx={{ color: footerText }}>
            <Copyright template={footer.copyright} />
          </Typography>
          <Link href="#top" color="inherit" sx={{ color: footerText, fontWeight: 700, display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            {footer.backToTop}
            <Box component="span" aria-hidden sx={{ display: 'inline-block', transform: 'rotate(-90deg)' }}>
              <Icon name="arrow" fontSize="small" />
            </Box>
          </Link>
          {/* At the end of the footer, or fixed to the corner of a wide screen (ChatButton.tsx). */}
          <ChatButton />
        </Box>
      </Container>
    </Box>
  );
}
