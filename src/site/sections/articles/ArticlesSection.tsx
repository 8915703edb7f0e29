import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { Article } from '../../model/articleSchema';
import { ArticleBody } from '../../pages/article/ArticleBody';
import { articlePages, dateInWords } from '../../model/articles';
import { fillNodes } from '../../ui/fillNodes';
import { nthPicture, Picture, type PictureLoading } from '../../ui/Picture';
import { picturePlaces } from '../../ui/picturePlaces';
import { ScreenReaderText } from '../../ui/ScreenReaderText';
import { SectionHeading, SectionShell, useHeadingId, type Tone } from '../../ui/SectionShell';
import { SmartLink } from '../../ui/SmartLink';
import { plainList } from '../../ui/plainList';
import { useSite, useSiteContent } from '../../ui/siteConfig';
import type { SectionProps } from '../types';
import { NEWEST } from './schema';

/**
 * The articles, newest first (the content lists them so), each a card leading to its page; with
 * `inFull`, one of them (the newest, or the one named) shown whole above the cards, and not among them.
 */
export function ArticlesSection({ section, position, pictures }: SectionProps<'articles'>) {
  const headingId = useHeadingId(section.id);
  const content = useSiteContent();
  const all = articlePages(content);
  const whole = section.inFull === undefined ? undefined : section.inFull === NEWEST ? all[0] : all.find((a) => a.article.id === section.inFull);
  const shown = all.filter((a) => a !== whole).slice(0, section.limit ?? undefined);
  const tone: Tone = position % 2 === 0 ? 'surface' : 'plain';
  return (
    <>
      {whole && <ArticleInFull path={whole.path} article={whole.article} tone={tone} loading={pictures} />}
      <SectionShell id={section.id} labelledBy={headingId} tone={tone}>
        <SectionHeading id={headingId} eyebrow={section.eyebrow} heading={section.heading} text={section.text} />
        <Box
          component="ul"
          sx={{ ...plainList, display: 'grid', gap: { xs: 3, md: 4 }, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}
        >
          {shown.map(({ path, article }, i) => (
            <li key={article.id}>
              <Card component="article" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
                {/* The first cards of a list near the top of a page are likely on screen at once; below an article shown whole, none is. */}
                <Picture
                  image={article.cover}
                  place={picturePlaces.articleCard}
                  loading={!whole && i < 3 ? nthPicture(pictures, i) : 'lazy'}
                  sx={{ aspectRatio: '16 / 9', objectFit: 'cover' }}
                />
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
    </>
  );
}

/**
 * One article whole, in a section of its own named by its title (an h2 leading to its own page):
 * its byline, its cover and its body, whose subheadings go one level down.
 */
function ArticleInFull({ path, article, tone, loading }: { path: string; article: Article; tone: Tone; loading: PictureLoading }) {
  const site = useSite();
  const titleId = `article-${article.id}`;
  return (
    <SectionShell labelledBy={titleId} tone={tone} dense>
      {/* A long word (an address, a name) breaks rather than widen the page on a phone. As wide as on its own
          page (ArticleView: a Container 880 px wide less its padding), so its pictures are drawn at the article's place. */}
      <Box component="article" aria-labelledby={titleId} sx={{ maxWidth: 832, mx: 'auto', overflowWrap: 'anywhere' }}>
        <Typography id={titleId} variant="h2" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
          <SmartLink href={path} color="inherit" underline="hover">
            {article.title}
          </SmartLink>
        </Typography>
        <Typography sx={{ mt: 2, mb: 4, color: 'text.secondary', fontWeight: 600 }}>
          {fillNodes(site.articles.byline, {
            author: article.author,
            date: <time dateTime={article.date}>{dateInWords(article.date, site.articles.dateLocale)}</time>,
          })}
        </Typography>
        <Box sx={{ mb: 5, borderRadius: 4, overflow: 'hidden' }}>
          {/* The section's first picture: the page's main one when the section opens the page. */}
          <Picture image={article.cover} place={picturePlaces.article} loading={loading} />
        </Box>
        <ArticleBody blocks={article.body} headingShift={1} />
      </Box>
    </SectionShell>
  );
}
