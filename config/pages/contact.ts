import type { PageConfig } from '../../src/content/model/pageSchema';

export default {
  title: 'Contact | Business Growth',
  description:
    'Contact Business Growth about your website, app or online marketing project. Send us a message and we will reply with ideas and a clear next step.',
  sections: [
    {
      type: 'pageHeader',
      breadcrumb: [{ label: 'Home', href: '/' }, { label: 'Contact' }],
      heading: 'Contact Us',
      text: 'Have a project in mind or a question about growing online? Get in touch and we will be happy to help your business.',
    },
    {
      type: 'form',
      id: 'form',
      form: 'contact',
      heading: 'Tell us about your project',
      text: 'Share a few details below and a member of our team will get back to you.',
    },
    {
      type: 'map',
      id: 'map',
      heading: 'Find us',
      title: 'Map showing the Business Growth office',
      src: 'https://www.openstreetmap.org/export/embed.html?bbox=-0.1300%2C51.5000%2C-0.1200%2C51.5060&layer=mapnik&marker=51.5030%2C-0.1250',
    },
  ],
} satisfies PageConfig;
