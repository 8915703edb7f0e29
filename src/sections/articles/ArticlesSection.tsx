import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { articlePages, dateInWords } from '../../shared/articles';
import { nthPicture, Picture } from '../../ui/Picture';
import { picturePlaces } from '../../ui/picturePlaces';
import { ScreenReaderText } from '../../ui/ScreenReaderText';
import { SectionHeading, SectionShell, useHeadingId } from '../../ui/SectionShell';
import { SmartLink } from '../../ui/SmartLink';
import { plainList } from '../../ui/plainList';
import { useSiteContent } from '../../ui/siteConfig';
import type { SectionProps } from '../types';

/** The articles, newest first (the content lists them so), each a card leading to its page. */
export function ArticlesSection({ section, position, pictures }: SectionProps<'articles'>) {
  const headingId = useHeadingId(section.id);
  const content = useSiteContent();
  const shown = articlePages(content).slice(0, section.limit ?? undefined);
  return (
    <SectionShell id={section.id} labelledBy={headingId} tone={position % 2 === 0 ? 'surface' : 'plain'}>
      <SectionHeading id={headingId} eyebrow={section.eyebrow} heading={section.heading} text={section.text} />
      <Box component="ul" sx={{ ...plainList, display: 'grid', gap: { xs: 3, md: 4 }, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
        {shown.map(({ path, article }, i) => (
          <li key={article.id}>
            <Card component="article" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
              {/* The first cards of a list near the top of a page are likely on screen at once. */}
              <Picture image={article.cover} place={picturePlaces.articleCard} loading={i < 3 ? nthPicture(pictures, i) : 'lazy'} sx={{ aspectRatio: '16 / 9', objectFit: 'cover' }} />
              <CardContent sx={{ p: { xs: 3, md: 4 }, flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'flex-start' }}>
                <Typography variant="body2" sx={{ color: 'text.secondary', fontWeight: 600, mb: 1 }}>
                  <time dateTime={article.date}>{dateInWords(article.date, content.site.articles.dateLocale)}</time>
                </Typography>
                <Typography variant="h3" sx={{ mb: 1.5 }}>
                  <SmartLink href={path} color="inherit" underline="hover">
                    {article.title}
                  </SmartLink>
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {article.summary}
                </Typography>
                <Box sx={{ mt: 'auto', pt: 3 }}>
                  <SmartLink href={path} sx={{ fontWeight: 700 }} underline="always">
                    {section.more}
                    <ScreenReaderText>: {article.title}</ScreenReaderText>
                  </SmartLink>
                </Box>
              </CardContent>
            </Card>
          </li>
        ))}
      </Box>
    </SectionShell>
  );
}
