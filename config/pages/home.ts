import type { PageConfig } from '../../src/content/model/pageSchema';

export default {
  title: 'Home | Business Growth',
  description:
    'Business Growth designs, builds and looks after websites and mobile apps that bring small businesses new customers. Tell us what you need today.',
  sections: [
    {
      type: 'hero',
      heading: 'Business Growth',
      text: 'We design and build websites and mobile apps that help your business get found, win trust and turn visitors into customers. Tell us about your idea and we will come back with a clear plan.',
      actions: [{ label: 'Our Vision', href: '/About-Us', variant: 'primary' }],
      form: 'inquiry',
      formTitle: "LET'S DISCUSS YOUR REQUIREMENT",
      image: {
        src: '/images/hero.svg',
        alt: 'A laptop and a phone showing a website, with a chart rising beside them',
        width: 560,
        height: 460,
      },
    },
    {
      type: 'split',
      id: 'software',
      eyebrow: 'Software Solution Services',
      heading: 'Software built around the way you work',
      paragraphs: [
        'Every business runs a little differently. We take time to understand your customers, your team and your daily routine before we write a single line of code.',
        'The result is software that fits: tools that save your staff time, and websites and apps that your customers find easy to use.',
      ],
      bullets: [
        'Discovery sessions to turn ideas into a clear plan',
        'Custom web applications and business tools',
        'Integrations with the services you already use',
        'Honest estimates and regular progress updates',
      ],
      image: {
        src: '/images/home/software.svg',
        alt: 'A developer at a desk with code on one screen and a workflow diagram on another',
        width: 560,
        height: 420,
      },
    },
    {
      type: 'split',
      id: 'mobile-web',
      eyebrow: 'Mobile Web Design',
      heading: 'Websites that look right on every screen',
      paragraphs: [
        'Most of your visitors arrive on a phone. We design mobile first, so pages load quickly, text is easy to read and buttons are easy to tap.',
        'The same site then scales up gracefully to tablets and desktops, with no second version to maintain.',
      ],
      bullets: [
        'Mobile-first layouts that adapt to any screen size',
        'Fast loading, even on slower connections',
        'Clear calls to action that are easy to tap',
      ],
      image: {
        src: '/images/home/mobile-web.svg',
        alt: 'The same web page shown side by side on a phone, a tablet and a desktop monitor',
        width: 560,
        height: 420,
      },
    },
    {
      type: 'split',
      id: 'ui-marketing',
      eyebrow: 'UI & Digital Marketing',
      heading: 'Good design, and the people to see it',
      paragraphs: [
        'A clean, friendly interface builds trust in seconds. We design screens that guide visitors naturally towards getting in touch or making a purchase.',
        'Then we help the right people find you, with search optimization, social media and campaigns that we measure and improve over time.',
      ],
      bullets: [
        'User interface design that reflects your brand',
        'Search engine optimization and local listings',
        'Social media content and paid campaigns',
        'Simple reports that show what is working',
      ],
      image: {
        src: '/images/home/ui-marketing.svg',
        alt: 'An app screen design surrounded by icons for search, social media and analytics',
        width: 560,
        height: 420,
      },
    },
    {
      type: 'cards',
      id: 'welcome',
      heading: 'Welcome to Business Growth',
      text: 'We are a small team of designers, developers and marketers who help businesses grow online. Here is why a website or an app can make a real difference.',
      columns: 2,
      cards: [
        {
          title: 'Why Create Websites?',
          text: 'Your website works for you around the clock. It answers questions, shows your best work and lets new customers reach you at any hour, from anywhere.',
          icon: 'web',
          action: { label: 'How we build websites', href: '/About-us' },
        },
        {
          title: 'Why Create Applications?',
          text: 'An app keeps your business one tap away. It makes ordering, booking and staying in touch simple, and gives loyal customers a reason to come back.',
          icon: 'mobile',
          action: { label: 'How we build apps', href: '/About-us' },
        },
      ],
    },
    {
      type: 'cards',
      id: 'services',
      heading: 'Our Services',
      text: 'Everything you need to build and grow your presence online, from the first design to ongoing care.',
      columns: 3,
      cards: [
        {
          title: 'Responsive Web Design',
          text: 'Sites that adapt to phones, tablets and desktops, so every visitor gets a smooth experience.',
          icon: 'mobile',
        },
        {
          title: 'Custom Web Design',
          text: 'A unique design shaped around your brand and your customers, not a one-size-fits-all template.',
          icon: 'design',
        },
        {
          title: 'Website Maintenance',
          text: 'Updates, backups, security checks and content changes, so your site stays fast and safe.',
          icon: 'support',
        },
        {
          title: 'E-Commerce',
          text: 'Online stores that make browsing, paying and managing orders simple for you and your customers.',
          icon: 'cart',
        },
        {
          title: 'Social Following',
          text: 'Content and campaigns that grow an engaged audience around your brand on social media.',
          icon: 'marketing',
        },
        {
          title: 'Secure Lead Generation',
          text: 'Well-placed forms and landing pages that capture enquiries and keep your visitors’ data safe.',
          icon: 'growth',
        },
      ],
    },
    {
      type: 'cards',
      id: 'guides',
      heading: 'Guides In Business Development',
      text: 'Practical steps we take with every client to turn an online presence into steady growth.',
      columns: 3,
      cards: [
        {
          title: 'Plan Your Online Presence',
          text: 'We start with your goals and your customers, then map out the pages, features and content that will serve them best.',
          icon: 'branding',
          action: { label: 'Talk to Us', href: '/Contact' },
        },
        {
          title: 'Build Trust With Great Design',
          text: 'A clear, consistent look and easy navigation help visitors feel confident about choosing your business.',
          icon: 'design',
          action: { label: 'Talk to Us', href: '/Contact' },
        },
        {
          title: 'Grow With Search and Social',
          text: 'Search optimization and regular social content bring new visitors to your site and keep existing customers engaged.',
          icon: 'seo',
          action: { label: 'Talk to Us', href: '/Contact' },
        },
      ],
    },
    {
      type: 'cta',
      id: 'local-customers',
      heading: 'Find Local Customers',
      text: 'Show up when people nearby search for what you offer. We will help you get found on search engines and maps.',
      action: { label: 'Get in Touch', href: '/contact', variant: 'primary' },
    },
    {
      type: 'stats',
      id: 'job-market',
      hidden: true,
      heading: 'Connecting job seekers and employers',
      text: 'A growing network of people looking for work and businesses looking for talent.',
      items: [
        { value: 10, suffix: 'M', label: 'Job seekers' },
        { value: 4000, suffix: '+', label: 'Employers hiring' },
        { value: 75, suffix: '%', label: 'Job seekers placed' },
        { value: 1, suffix: 'M+', label: 'Jobs posted' },
      ],
    },
  ],
} satisfies PageConfig;
