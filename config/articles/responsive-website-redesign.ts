import type { ArticleConfig } from '../../src/content/model/articleSchema';

export default {
  title: 'Responsive Website Redesign',
  address: 'responsive-website-redesign',
  summary:
    'Is your website hard to use on a phone? Here is how a responsive redesign can win back mobile visitors.',
  cover: {
    src: '/images/blog/responsive.svg',
    alt: 'A website layout adapting from a desktop screen to a tablet and a phone',
    width: 480,
    height: 270,
  },
  author: 'the Business Growth team',
  date: '2026-10-12',
  body: [
    { type: 'paragraph', content: [{ text: 'Most people now visit websites on their phones first. If your pages need pinching and zooming, or buttons are too small to tap, many of those visitors will leave before they read a word.' }] },
    { type: 'paragraph', content: [{ text: 'A responsive redesign rebuilds your layout so it adjusts to any screen. Text stays readable, images resize, and menus fold neatly away on small screens. It is also a good moment to trim outdated content and make your contact details easier to find.' }] },
    { type: 'paragraph', content: [{ text: 'Before you start, note which pages bring in the most visitors and enquiries. Keeping those addresses, or redirecting them carefully, protects the search rankings you have already earned.' }] },
  ],
} satisfies ArticleConfig;
