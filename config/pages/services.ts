import type { PageConfig } from '../../src/content/model/pageSchema';

export default {
  title: 'Services | Business Growth',
  description:
    'Website redesign, CMS development, maintenance, SEO, e-commerce, and Android and iOS apps: see how Business Growth helps your business grow online.',
  sections: [
    {
      type: 'pageHeader',
      breadcrumb: [{ label: 'Home', href: '/' }, { label: 'Services' }],
      heading: 'Our Services',
      text: 'From your first website to your next mobile app, we design, build and look after the tools that bring you new customers.',
    },
    {
      type: 'split',
      id: 'responsive-redesign',
      eyebrow: 'Web Design',
      heading: 'Responsive Website Redesign',
      paragraphs: [
        'If your current site is slow, hard to use on a phone or simply looks dated, a redesign can give it a fresh start without losing what already works.',
        'We review your content and search rankings first, then rebuild the site with a modern, mobile-friendly layout that keeps your visitors and your search traffic.',
      ],
      bullets: [
        'A review of your current site and what your visitors need',
        'A modern design that works on every screen size',
        'Careful redirects so you keep your search rankings',
        'Faster pages and clearer paths to getting in touch',
      ],
      image: {
        src: '/images/services/responsive-redesign.svg',
        alt: 'An old website layout turning into a clean, modern design on a laptop and a phone',
        width: 560,
        height: 420,
      },
      actions: [{ label: 'Plan Your Redesign', href: '/contact', variant: 'primary' }],
    },
    {
      type: 'split',
      id: 'cms',
      eyebrow: 'Content Management',
      heading: 'CMS Website Development',
      paragraphs: [
        'A content management system lets you update text, photos, products and blog posts yourself, without calling a developer for every small change.',
        'We set up a CMS that suits the size of your business, shape it around your content, and show your team how to use it with confidence.',
      ],
      bullets: [
        'Easy editing of pages, images and blog posts',
        'Custom content types that match your business',
        'User roles so the right people can make changes',
        'Hands-on training for your team',
      ],
      image: {
        src: '/images/services/cms.svg',
        alt: 'A content editor dashboard with page blocks being arranged on a website',
        width: 560,
        height: 420,
      },
    },
    {
      type: 'split',
      id: 'maintenance',
      eyebrow: 'Ongoing Care',
      heading: 'Website Maintenance',
      paragraphs: [
        'A website needs regular care to stay fast, secure and up to date. We take that work off your plate so you can focus on running your business.',
        'We keep software current, watch for problems, back up your data and make content changes whenever you need them.',
      ],
      bullets: [
        'Regular software and security updates',
        'Scheduled backups and quick recovery',
        'Uptime and performance monitoring',
        'Content updates on request',
      ],
      image: {
        src: '/images/services/maintenance.svg',
        alt: 'A website on a monitor with a shield, a gear and a backup cloud around it',
        width: 560,
        height: 420,
      },
      actions: [{ label: 'Ask About Maintenance', href: '/Contact', variant: 'secondary' }],
    },
    {
      type: 'split',
      id: 'android',
      eyebrow: 'Mobile Apps',
      heading: 'Android App Development',
      paragraphs: [
        'Android phones are in the hands of a large share of your customers. We build Android apps that are fast, reliable and feel natural on the platform.',
        'From the first sketch to publishing on Google Play, we guide you through every step and keep the app working well after launch.',
      ],
      bullets: [
        'Native and cross-platform apps built with care',
        'Clean, easy-to-use screens that follow Android guidelines',
        'Publishing and updates on Google Play',
      ],
      image: {
        src: '/images/services/android.svg',
        alt: 'An Android phone showing an app home screen with colorful cards',
        width: 560,
        height: 420,
      },
      actions: [{ label: 'Discuss Your App', href: '/contact', variant: 'primary' }],
    },
    {
      type: 'split',
      id: 'seo',
      eyebrow: 'SEO',
      heading: 'Search Engine Optimisation',
      paragraphs: [
        'A great website only helps if people can find it. Search engine optimization makes your site easier for search engines to understand and for customers to discover.',
        'We improve your site structure, speed and content so it answers the questions your customers are already searching for.',
      ],
      bullets: [
        'Keyword research based on how your customers search',
        'Technical fixes for speed, structure and indexing',
        'Page titles and descriptions that earn the click',
        'Monthly reports in plain English',
      ],
      image: {
        src: '/images/services/seo.svg',
        alt: 'A magnifying glass over a search results page with a website highlighted',
        width: 560,
        height: 420,
      },
    },
    {
      type: 'split',
      id: 'local-seo',
      eyebrow: 'SEO',
      heading: 'Local SEO & Content',
      paragraphs: [
        'When people nearby search for a service like yours, you want to be the business they see first. Local SEO puts you on the map, literally.',
        'We set up and improve your business listings and write helpful content that speaks to customers in your area.',
      ],
      bullets: [
        'Business profile setup and optimization',
        'Consistent name, address and phone details across listings',
        'Location pages and local blog content',
        'Guidance on gathering customer reviews',
      ],
      image: {
        src: '/images/services/local-seo.svg',
        alt: 'A map with a location pin next to a business listing showing star ratings',
        width: 560,
        height: 420,
      },
      actions: [{ label: 'Get Found Locally', href: '/contact', variant: 'secondary' }],
    },
    {
      type: 'split',
      id: 'serp',
      eyebrow: 'SEO',
      heading: 'Climb The SERP Position',
      paragraphs: [
        'Most clicks go to the first few results on a search engine results page (SERP). Moving up even a few places can bring a noticeable rise in visitors.',
        'We track where your pages rank, find the opportunities closest to the top, and improve your content and links step by step.',
      ],
      bullets: [
        'Rank tracking for the searches that matter to you',
        'Content updates that target realistic opportunities',
        'Internal linking and quality backlink outreach',
      ],
      image: {
        src: '/images/services/serp.svg',
        alt: 'A list of search results with an arrow lifting one result towards the top',
        width: 560,
        height: 420,
      },
    },
    {
      type: 'split',
      id: 'ecommerce',
      eyebrow: 'Online Stores',
      heading: 'E-Commerce App Development',
      paragraphs: [
        'Sell online with a store that is easy to browse and simple to buy from. We build e-commerce websites and apps that turn visitors into paying customers.',
        'Behind the scenes, you get tools to manage products, stock, orders and payments without the headache.',
      ],
      bullets: [
        'Product catalogs with search and filters',
        'Smooth checkout with trusted payment providers',
        'Order, stock and customer management',
        'Mobile-friendly shopping on every device',
      ],
      image: {
        src: '/images/services/ecommerce.svg',
        alt: 'A phone showing an online store with a shopping cart and product cards',
        width: 560,
        height: 420,
      },
      actions: [{ label: 'Start Selling Online', href: '/Contact', variant: 'primary' }],
    },
    {
      type: 'split',
      id: 'ios',
      eyebrow: 'Mobile Apps',
      heading: 'iOS App Development',
      paragraphs: [
        'iPhone users expect polished, smooth apps. We design and build iOS apps that meet that standard and reflect the quality of your business.',
        'We handle the App Store review process for you and keep your app up to date as new versions of iOS arrive.',
      ],
      bullets: [
        'Apps designed for iPhone and iPad',
        'Interfaces that follow Apple’s design guidelines',
        'App Store submission and ongoing updates',
      ],
      image: {
        src: '/images/services/ios.svg',
        alt: 'An iPhone and an iPad showing the same app with a clean, simple interface',
        width: 560,
        height: 420,
      },
      actions: [{ label: 'Discuss Your App', href: '/contact', variant: 'secondary' }],
    },
    {
      type: 'cta',
      id: 'start',
      heading: 'Not sure where to start?',
      text: 'Tell us about your business and your goals. We will suggest the services that make the most sense for you, with no obligation.',
      action: { label: 'Contact Us', href: '/contact', variant: 'primary' },
    },
  ],
} satisfies PageConfig;
