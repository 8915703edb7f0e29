/**
 * What browsers, search engines and link previews read about a page: title, description,
 * canonical address, Open Graph and Twitter card tags, the colour of the browser's bar, and the
 * articles' feed. React hoists these into <head>, both when prerendering and in the browser.
 */
import type { ImageConfig } from '../../schema/common';
import { feedPathOf } from '../model/articles';
import { useLanguage, useSite } from '../ui/siteConfig';
import { jsonInScript } from '../../schema/text';

/** What an article's page adds: its own picture for link previews, and when it was published. */
export interface ShareDetails {
  image: ImageConfig;
  published: string;
  author: string;
}

export function PageHead({
  title,
  description,
  canonical,
  indexable,
  article,
}: {
  title: string;
  description: string;
  canonical: string;
  indexable: boolean;
  article?: ShareDetails;
}) {
  const site = useSite();
  const language = useLanguage();
  const url = `${site.brand.url}${canonical}`;
  // On a site in more than one language: the same page in each (search engines' hreflang), the default language's for any other.
  const versions = language?.versions[canonical] ?? [];
  const picture = article?.image ?? site.brand.shareImage;
  const image = `${site.brand.url}${picture.src}`;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      {versions.map((version) => (
        <link key={version.code} rel="alternate" hrefLang={version.code} href={`${site.brand.url}${version.path}`} />
      ))}
      {versions[0] && <link rel="alternate" hrefLang="x-default" href={`${site.brand.url}${versions[0].path}`} />}
      <link rel="alternate" type="application/atom+xml" title={site.articles.feedTitle} href={`${site.brand.url}${feedPathOf(site)}`} />
      {!indexable && <meta name="robots" content="noindex" />}
      <meta property="og:type" content={article ? 'article' : 'website'} />
      <meta property="og:site_name" content={site.brand.name} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={image} />
      <meta property="og:image:width" content={String(picture.width)} />
      <meta property="og:image:height" content={String(picture.height)} />
      <meta property="og:image:alt" content={picture.alt} />
      {article && <meta property="article:published_time" content={article.published} />}
      {article && <meta property="article:author" content={article.author} />}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
      <meta name="twitter:image:alt" content={picture.alt} />
      <meta name="theme-color" content={site.brand.colors.primaryDark} />
      {/* The page's language for search engines (an article says it in its BlogPosting). */}
      {language && !article && (
        <script
          type="application/ld+json"
          dangerouslySetInnerHTML={{
            __html: jsonInScript({ '@context': 'https://schema.org', '@type': 'WebPage', url, inLanguage: language.code }),
          }}
        />
      )}
    </>
  );
}
