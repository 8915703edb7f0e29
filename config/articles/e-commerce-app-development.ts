import type { ArticleConfig } from '../../src/content/model/articleSchema';

export default {
  title: 'E-Commerce App Development',
  address: 'e-commerce-app-development',
  summary:
    'Thinking of selling online? These are the features that matter most in a store your customers will enjoy using.',
  cover: {
    src: '/images/blog/ecommerce.svg',
    alt: 'A phone showing an online shop with product cards and a shopping cart icon',
    width: 480,
    height: 270,
  },
  author: 'the Business Growth team',
  date: '2026-09-21',
  body: [
    { type: 'paragraph', content: [{ text: 'A successful online store feels effortless to the shopper. That starts with clear product photos, honest descriptions and search and filters that help people find what they want quickly.' }] },
    { type: 'paragraph', content: [{ text: 'Checkout is where most sales are won or lost. Keep it short, offer trusted payment options, allow guest checkout, and show delivery costs early so there are no surprises.' }] },
    { type: 'paragraph', content: [{ text: 'Behind the scenes, make sure you can manage stock, orders and refunds easily. The simpler the daily running of your store, the more time you have to grow it.' }] },
  ],
} satisfies ArticleConfig;
