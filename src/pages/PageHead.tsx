/**
 * What browsers, search engines and link previews read about a page: title, description,
 * canonical address, Open Graph and Twitter card tags, the colour of the browser's bar. React hoists these into <head>,
 * both when prerendering and in the browser.
 */
import { useSite } from '../ui/siteConfig';

export function PageHead({ title, description, canonical, indexable }: { title: string; description: string; canonical: string; indexable: boolean }) {
  const site = useSite();
  const url = `${site.brand.url}${canonical}`;
  const image = `${site.brand.url}${site.brand.shareImage.src}`;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      {!indexable && <meta name="robots" content="noindex" />}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={site.brand.name} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={image} />
      <meta property="og:image:width" content={String(site.brand.shareImage.width)} />
      <meta property="og:image:height" content={String(site.brand.shareImage.height)} />
      <meta property="og:image:alt" content={site.brand.shareImage.alt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
      <meta name="theme-color" content={site.brand.colors.primaryDark} />
    </>
  );
}
