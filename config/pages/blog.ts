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
      // The newest article (the advice article) shown whole above the cards of the others.
      inFull: 'newest',
    },
  ],
} satisfies PageConfig;
