import type { PageConfig } from '../../src/content/model/pageSchema';

export default {
  title: 'Product | Business Growth',
  description:
    'NFC Card Services from Business Growth: share your contact details with a tap or a scan. No app needed, always up to date, and easy to hand out.',
  sections: [
    {
      type: 'pageHeader',
      breadcrumb: [{ label: 'Home', href: '/' }, { label: 'Product' }],
      heading: 'Product',
      text: 'A smarter business card that shares your details in a second.',
    },
    {
      type: 'split',
      id: 'nfc',
      eyebrow: 'Digital Business Card',
      heading: 'NFC Card Services',
      paragraphs: [
        'An NFC card works like a business card that never runs out. Tap it against a phone, or let someone scan its QR code, and your contact details open straight away.',
        'There is no app to install for you or the person you meet. They can save your number, e-mail, website and social links to their phone in one step.',
      ],
      bullets: [
        'Share contact info with a tap or a scan',
        'Works on most modern phones, with no app needed',
        'Update your details at any time without reprinting',
        'A professional card that reflects your brand',
      ],
      image: {
        src: '/images/product/nfc-card.svg',
        alt: 'A branded NFC business card being tapped against a phone that shows a contact profile',
        width: 560,
        height: 420,
      },
      actions: [{ label: 'Visit the NFC card site', href: 'https://nfc-card.example.com', newTab: true, variant: 'primary' }],
    },
  ],
} satisfies PageConfig;
