/** The agency as structured data (schema.org Organization, JSON-LD), all from config/site.ts. */
import type { SiteConfig } from '../model/siteSchema';
import { chatHref } from '../../schema/links';
import { jsonInScript } from '../../schema/text';
import { useSite } from '../ui/siteConfig';

function organizationData(site: SiteConfig) {
  const { brand, contact, social } = site;
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: brand.name,
    description: brand.description,
    url: brand.url,
    logo: `${brand.url}${brand.logo.src}`,
    email: contact.email.href.replace(/^mailto:/, ''),
    telephone: contact.phone.href.replace(/^tel:/, ''),
    address: contact.address,
    contactPoint: [
      {
        '@type': 'ContactPoint',
        contactType: 'customer service',
        telephone: contact.phone.href.replace(/^tel:/, ''),
        email: contact.email.href.replace(/^mailto:/, ''),
      },
    ],
    sameAs: social.map((s) => chatHref(site, s)),
  };
}

export function OrganizationData() {
  // JSON in a script element (jsonInScript): no text in config can close the element or end a line.
  const json = jsonInScript(organizationData(useSite()));
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
