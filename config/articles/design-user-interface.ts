import type { ArticleConfig } from '../../src/content/model/articleSchema';

export default {
  title: 'Design User Interface',
  address: 'design-user-interface',
  summary:
    'Good interface design is not just about looks. Learn the simple principles that make screens easy to use.',
  cover: {
    src: '/images/blog/ui-design.svg',
    alt: 'A designer arranging buttons, text blocks and color swatches on an app screen',
    width: 480,
    height: 270,
  },
  author: 'the Business Growth team',
  date: '2026-08-31',
  body: [
    { type: 'paragraph', content: [{ text: 'A good user interface helps people do what they came to do, without having to think about it. Consistent buttons, clear labels and a sensible order of steps go a long way.' }] },
    { type: 'paragraph', content: [{ text: 'Give each screen one main purpose and make the most important action stand out. Use spacing and headings to group related information, and keep text short and direct.' }] },
    { type: 'paragraph', content: [{ text: 'Finally, test with real people. Watching a few customers try your design will reveal more than hours of debate, and small fixes early on save costly changes later.' }] },
  ],
} satisfies ArticleConfig;
