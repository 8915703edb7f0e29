/**
 * What a visitor sees at the address of a page the office removed (answered with status 410, not
 * for search engines): in the site's layout, the words the office wrote when removing it (or the
 * site's), and the links it chose, the first one a main button. src/site/model/gonePages.ts works out
 * the words; the render draws one such page for each set of them.
 */
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useLoaderData } from 'react-router-dom';
import type { GonePageWords } from '../model/gonePages';
import { ActionButton } from '../ui/ActionButton';
import { plainList } from '../ui/plainList';
import { PAGE_HEADING_ID, PageHeadingSection } from '../ui/SectionShell';
import { useSite } from '../ui/siteConfig';
import { PageHead } from './PageHead';

export interface GoneData {
  words: GonePageWords;
}

export function GonePage() {
  const { words } = useLoaderData() as GoneData;
  const site = useSite();
  return (
    <>
      <PageHead title={`${words.message} | ${site.brand.name}`} description={words.text} canonical="/" indexable={false} />
      <GoneWordsView words={words} />
    </>
  );
}

/** The page's words and links (the content editor's preview draws them too, in the site's layout). */
export function GoneWordsView({ words }: { words: GonePageWords }) {
  return (
    <PageHeadingSection sx={{ bgcolor: 'surface', py: { xs: 6, md: 10 } }}>
      <Container maxWidth="md">
        <Paper elevation={0} sx={{ p: { xs: 3, sm: 5, md: 7 }, textAlign: 'center', borderTop: 6, borderColor: 'secondary.main', overflowWrap: 'anywhere' }}>
          <Typography id={PAGE_HEADING_ID} variant="h1" sx={{ fontSize: { xs: '1.875rem', md: '2.75rem' }, mb: 2 }}>
            {words.message}
          </Typography>
          <Typography sx={{ color: 'text.secondary', fontSize: '1.125rem', mb: 4, maxWidth: 560, mx: 'auto' }}>{words.text}</Typography>
          <Box component="ul" sx={{ ...plainList, display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'center' }}>
            {words.links.map((link, i) => (
              <li key={`${link.href} ${link.label}`}>
                <ActionButton
                  action={{
                    label: link.label,
                    href: link.href,
                    variant: i === 0 ? 'primary' : 'secondary',
                    ...(/^https?:/i.test(link.href) ? { newTab: true } : {}),
                  }}
                />
              </li>
            ))}
          </Box>
        </Paper>
      </Container>
    </PageHeadingSection>
  );
}
