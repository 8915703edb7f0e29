/**
 * An article's own page ("/Blog/<address>"): its head (canonical address, Open Graph and Twitter
 * tags with its 1200×630 picture, JSON-LD BlogPosting), a breadcrumb, its title, byline and
 * cover, then its body.
 */
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { createContext, useContext } from 'react';
import { useLoaderData } from 'react-router-dom';
import type { Article } from '../../model/articleSchema';
import type { SiteConfig } from '../../model/siteSchema';
import { dateInWords, SOCIAL_SIZE } from '../../model/articles';
import { jsonInScript } from '../../../schema/text';
import { fillNodes } from '../../ui/fillNodes';
import { Picture } from '../../ui/Picture';
import { picturePlaces } from '../../ui/picturePlaces';
import { PAGE_HEADING_ID } from '../../ui/SectionShell';
import { SmartLink } from '../../ui/SmartLink';
import { useLanguage, useSite } from '../../ui/siteConfig';
import { PageHead } from '../PageHead';
import { ArticleBody } from './ArticleBody';

export interface ArticleData {
  article: Article;
  canonical: string;
  /** The address of its 1200×630 picture (made by the render from the cover), or the cover itself. */
  socialImage: string;
}

/** The address of each article's 1200×630 picture by its id, given by the render (none in the editor's preview: the cover is used). */
export const SocialPicturesContext = createContext<Readonly<Record<string, string>>>({});

/** What search engines read about the article (schema.org BlogPosting). */
function blogPosting(site: SiteConfig, { article, canonical, socialImage }: ArticleData, language?: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: article.title,
    description: article.summary,
    image: [`${site.brand.url}${socialImage}`],
    datePublished: article.date,
    author: { '@type': 'Person', name: article.author },
    publisher: { '@type': 'Organization', name: site.brand.name, logo: { '@type': 'ImageObject', url: `${site.brand.url}${site.brand.logo.src}` } },
    mainEntityOfPage: { '@type': 'WebPage', '@id': `${site.brand.url}${canonical}` },
    url: `${site.brand.url}${canonical}`,
    ...(language ? { inLanguage: language } : {}),
  };
}

/** The article's page at its route (the route's loader gives the article). */
export function ArticleView() {
  const { article, canonical } = useLoaderData() as Omit<ArticleData, 'socialImage'>;
  return <ArticlePage article={article} canonical={canonical} />;
}

/** The article's page (also drawn by the content editor's preview, from the article being written). */
export function ArticlePage({ article, canonical }: { article: Article; canonical: string }) {
  const socialImage = useContext(SocialPicturesContext)[article.id] ?? article.cover.src;
  const data: ArticleData = { article, canonical, socialImage };
  const site = useSite();
  const language = useLanguage();
  const social = socialImage === article.cover.src ? article.cover : { src: socialImage, ...SOCIAL_SIZE, alt: article.cover.alt };
  return (
    <>
      <PageHead
        title={`${article.title} | ${site.brand.name}`}
        description={article.summary}
        canonical={canonical}
        indexable
        article={{ image: social, published: article.date, author: article.author }}
      />
      {/* JSON in a script element (jsonInScript): no text of an article can close the element. */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonInScript(blogPosting(site, data, language?.code)) }} />
      {/* A long word (an address, a name) breaks rather than widen the page on a phone. */}
      <Box component="article" aria-labelledby={PAGE_HEADING_ID} sx={{ overflowWrap: 'anywhere' }}>
        <Box sx={{ bgcolor: 'surface', py: { xs: 5, md: 8 } }}>
          <Container sx={{ maxWidth: { md: 880 } }}>
            <Breadcrumbs aria-label={site.ui.breadcrumbLabel} sx={{ mb: 2, '& a, & span': { fontWeight: 600 } }}>
              {site.articles.breadcrumb.map((step) => (
                <SmartLink key={step.href} href={step.href} color="primary">
                  {step.label}
                </SmartLink>
              ))}
              <Typography component="span" color="text.secondary" aria-current="page">
                {article.title}
              </Typography>
            </Breadcrumbs>
            <Typography id={PAGE_HEADING_ID} variant="h1" sx={{ fontSize: { xs: '2rem', md: '2.75rem' } }}>
              {article.title}
            </Typography>
            <Typography sx={{ mt: 2, color: 'text.secondary', fontWeight: 600 }}>
              {fillNodes(site.articles.byline, {
                author: article.author,
                date: <time dateTime={article.date}>{dateInWords(article.date, site.articles.dateLocale)}</time>,
              })}
            </Typography>
          </Container>
        </Box>
        <Container sx={{ maxWidth: { md: 880 }, py: { xs: 4, md: 6 } }}>
          <Box sx={{ mb: 5, borderRadius: 4, overflow: 'hidden' }}>
            {/* The page's main picture: fetched first. */}
            <Picture image={article.cover} place={picturePlaces.article} loading="main" />
          </Box>
          <ArticleBody blocks={article.body} />
        </Container>
      </Box>
    </>
  );
}
