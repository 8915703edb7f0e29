import type { PageConfig } from '../../src/content/model/pageSchema';

export default {
  title: 'Blog | Business Growth',
  description:
    'Practical advice on websites, apps and online marketing from the Business Growth team: how to plan a project, choose a partner and grow online.',
  sections: [
    {
      type: 'pageHeader',
      breadcrumb: [{ label: 'Home', href: '/' }, { label: 'Blog' }],
      heading: 'Blog & Best Advise',
      text: 'Plain-English guides to help you plan, build and grow your website or app.',
    },
    {
      type: 'articles',
      id: 'latest',
      heading: 'Latest Articles',
      more: 'Read More',
    },
  ],
} satisfies PageConfig;
