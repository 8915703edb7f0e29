/**
 * The site's content as the newsletter's mails and pages read it: the build served
 * (src/site/server/servedContent.ts), with the newsletter's words of this code's config/site.ts when
 * the build served predates them (one published before this release: a sign-up, a newsletter or
 * an unsubscribe must never fail on it).
 */
import codeSite from '../../../config/site';
import type { SiteConfig } from '../../site/model/siteSchema';
import { servedSite } from '../../site/server/servedContent';

export function newsletterSite(): SiteConfig {
  const served = servedSite();
  if (served.newsletter && served.newsletterMail && served.unsubscribePage) return served;
  return {
    ...served,
    newsletter: served.newsletter ?? codeSite.newsletter,
    newsletterMail: served.newsletterMail ?? codeSite.newsletterMail,
    unsubscribePage: served.unsubscribePage ?? codeSite.unsubscribePage,
  };
}
