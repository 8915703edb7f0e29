/**
 * The whole site's settings: brand, contact details, header, footer, the wording of
 * buttons and screen-reader labels, and the constants of the specification.
 * Change a value, save, run `npm run check`. CONTENT.md explains every part.
 */
import type { SiteConfig } from '../src/site/model/siteSchema';

export default {
  brand: {
    name: 'Business Growth',
    logo: { src: '/images/logo.svg', alt: 'Business Growth home', width: 184, height: 44 },
    shareImage: { src: '/images/og-image.png', alt: 'Business Growth: websites and apps that grow your business', width: 1200, height: 630 },
    description: 'Business Growth is a web and mobile app development agency: responsive websites, e-commerce, SEO and Android and iOS apps for small businesses and startups.',
    blurb:
      'Business Growth is a small studio of designers and developers. We plan, build and look after websites and mobile apps that bring our clients new customers.',
    url: 'https://www.example.com',
    colors: {
      primary: '#1d4ed8',
      // Also the colour of the browser's address bar on phones (the page's theme-color).
      primaryDark: '#1e3a8a',
      secondary: '#f59e0b',
      background: '#ffffff',
      surface: '#f1f5fb',
      text: '#0f172a',
      mutedText: '#475569',
      // Behind white text, so they must stay dark: toasts, and the line above a form sent without JavaScript.
      success: '#166534',
      error: '#b91c1c',
      warning: '#92400e',
    },
  },

  // PLACEHOLDERS: replace with the agency's real details before going live.
  // The one phone number and e-mail address of the site: the contact bar at the top of every page
  // shows both, and a footer column shows them where it says showPhone / showEmail. The phone
  // number, with its country code, is also the WhatsApp number every WhatsApp link opens a chat with.
  contact: {
    phone: { label: '+1 (555) 010-0199', href: 'tel:+15550100199' },
    email: { label: 'hello@example.com', href: 'mailto:hello@example.com' },
    address: '100 Example Street, Springfield',
  },

  social: [
    // No link: a WhatsApp chat with the phone number above.
    { label: 'Chat with us on WhatsApp', icon: 'whatsapp' },
    { label: 'Follow us on Instagram', href: 'https://www.instagram.com/example', icon: 'instagram' },
    { label: 'Connect with us on LinkedIn', href: 'https://www.linkedin.com/company/example', icon: 'linkedin' },
  ],

  // The message a WhatsApp chat on a page starts with (the chat is with contact.phone's number).
  whatsapp: {
    message: 'Hello Business Growth! I would like to talk about a website or app for my business.',
  },

  navigation: {
    label: 'Main',
    logoLabel: 'Business Growth, back to the home page',
    links: [
      { label: 'Home', href: '/' },
      { label: 'About Us', href: '/About-us' },
      { label: 'Product', href: '/Product' },
      { label: 'Services', href: '/Services' },
      { label: 'Blog', href: '/Blog' },
      { label: 'Career', href: '/Career' },
      { label: 'Contact', href: '/Contact' },
    ],
    cta: { label: 'Work With Us', href: '/contact' },
    openMenuLabel: 'Open the menu',
    closeMenuLabel: 'Close the menu',
  },

  footer: {
    socialLabel: 'Business Growth elsewhere',
    columns: [
      {
        heading: 'Information',
        links: [
          { label: 'App Development', href: '/Services' },
          { label: 'Web Development', href: '/Services' },
          { label: 'Business Branding', href: '/Services' },
          { label: 'Marketing Services', href: '/Services' },
        ],
      },
      {
        heading: 'About Us',
        links: [
          { label: 'Services', href: '/Services' },
          { label: 'Product', href: '/Product' },
          { label: 'About Us', href: '/About-us' },
          { label: 'Blog', href: '/Blog' },
          { label: 'Career', href: '/Career' },
        ],
      },
      {
        heading: 'Support',
        links: [
          { label: 'Contact Us', href: '/Contact' },
          { label: 'Live Support', href: '/Contact' },
          { label: 'Privacy', href: '/Privacy' },
        ],
        showPhone: true,
      },
    ],
    // The words shown next to the box are kept with each sign-up as what the person agreed to.
    newsletter: {
      heading: 'Are You A Business Man?',
      text: 'Leave your e-mail and we will send you practical ideas for growing your business online. We first send you an e-mail to confirm; every newsletter has a link to unsubscribe. No spam, ever.',
      form: 'newsletter',
    },
    copyright: '© {year} Business Growth. All rights reserved.',
    backToTop: 'Back to top',
  },

  // Under every form, linking to the privacy page (config/pages/privacy.ts).
  privacyNote: {
    text: 'We use these details only to answer you. {link}',
    link: { label: 'Privacy', href: '/Privacy' },
  },

  // Confirming a newsletter sign-up (double opt-in): the one e-mail the site sends after a sign-up
  // in the footer's box, and the pages its link opens. Nothing the visitor typed goes into them.
  // {days} is how long a sign-up waits for its confirmation (config/server.ts newsletter).
  newsletter: {
    confirmMail: {
      subject: 'Please confirm your subscription to the Business Growth newsletter',
      text: 'Hello,\n\nSomeone, we hope it was you, signed up for the Business Growth newsletter with this e-mail address. Before we send you anything, please confirm that you want it: open the link below and press the button on its page.',
      button: 'Confirm my subscription',
      after: 'If it was not you, simply ignore this e-mail: you will not hear from us again, and the sign-up is deleted after {days} days.\n\nBusiness Growth',
    },
    confirmPage: {
      heading: 'Confirm your subscription',
      text: 'Press the button to start receiving the Business Growth newsletter: practical ideas for growing your business online. Every newsletter has a link to unsubscribe.',
      button: 'Confirm my subscription',
    },
    confirmed: {
      heading: 'Thank you: you are subscribed',
      text: 'You will receive our next newsletter. Every newsletter has a link to unsubscribe, whenever you like.',
    },
    expired: {
      heading: 'This link has expired',
      text: 'A link to confirm works for {days} days. Sign up again in the box at the foot of any page, and we will send you a new one.',
    },
    wrongLink: {
      heading: 'This link does not work',
      text: 'It may have been cut short by your e-mail program. Open it again from the e-mail, or sign up again in the box at the foot of any page.',
    },
    home: 'Back to the home page',
  },

  // The round chat button: no link, so a WhatsApp chat with the phone number (contact.phone).
  chat: { label: 'Chat with us on WhatsApp' },

  // What the address of a page removed in the editor shows visitors (answered 410 Gone): the words
  // written when removing it, else `message`; `text` under them; the links chosen then, else these.
  gone: {
    message: 'This page is no longer here',
    text: 'It has been taken off our site. These pages may help you find what you came for:',
    links: [
      { label: 'Home', href: '/' },
      { label: 'Contact', href: '/Contact' },
    ],
  },

  // Around every newsletter the agency sends (docs/inbox.md "The newsletter"): why the reader gets
  // it, the agency's name and postal address (contact.address), and the link that unsubscribes
  // them. {brand} is brand.name; {link} is the unsubscribe link in the plain-text part.
  newsletterMail: {
    why: 'You get this e-mail because you subscribed to the {brand} newsletter on our website.',
    unsubscribe: 'Unsubscribe',
    unsubscribeText: 'Unsubscribe: {link}',
    // Under an article sent as a newsletter: the link to its page on the site.
    readOnSite: 'Read it on our website',
  },

  // The page the unsubscribe link opens: one button unsubscribes (a link scanner that follows the
  // link unsubscribes nobody). {brand} is brand.name.
  unsubscribePage: {
    title: 'Unsubscribe · {brand}',
    heading: 'Unsubscribe from the newsletter',
    text: 'Press the button and we will send you no more newsletters. Other e-mails you asked us for are not affected.',
    button: 'Unsubscribe',
    done: 'You are unsubscribed: we will send you no more newsletters.',
    // A link that is not one the site made (cut short when copied, say).
    unknown: 'This unsubscribe link is not complete. Please use the link of the newsletter itself, or write to us and we will unsubscribe you.',
    home: 'Go to the home page',
  },

  ui: {
    skipToContent: 'Skip to main content',
    contactBarLabel: 'Contact details',
    breadcrumbLabel: 'Breadcrumb',
    loading: 'Loading…',
    readMore: 'Read More',
    readLess: 'Show Less',
    carouselLabel: 'Team members',
    slideLabel: '{n} of {total}',
    dotLabel: 'Show team member {n}',
    dotsLabel: 'Choose a team member',
    previousLabel: 'Previous team member',
    nextLabel: 'Next team member',
    newTabHint: '(opens in a new tab)',
    // On a site in more than one language: the name of the header's links to the page in the others.
    languagesLabel: 'This page in other languages',
    errorScreen: {
      heading: 'Unexpected Application Error!',
      text: 'Something went wrong while showing this page. Please try again, or go back to the home page.',
      homeLabel: 'Back to the home page',
    },
  },

  // The constants of the specification. Change them only if the agency asks.
  constants: {
    breakpoints: { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 },
    collapseMs: 300,
    counterDurationMs: 2000,
    carousel: {
      slidesToShow: [
        { minWidth: 0, slides: 1 },
        { minWidth: 768, slides: 2 },
        { minWidth: 1024, slides: 3 },
      ],
      slidesToScroll: 1,
      dots: true,
      infinite: true,
      speedMs: 500,
      arrows: false,
    },
    mapHeightPx: 500,
    toast: {
      autoHideMs: 5000,
      vertical: 'top',
      horizontal: 'right',
      dragDismissPercent: 80,
      pauseOnFocusLoss: true,
      maxShown: 3,
      // A toast at the top sits this far below the header's visible bottom: it never covers the header's buttons.
      belowHeaderPx: 12,
    },
    pageLoadTimeoutMs: 120000,
    outbox: { firstRetryMs: 30000, maxRetryMs: 600000, keepDays: 30 },
  },

  // The articles of config/articles: each has its page at path + '/' + its address.
  articles: {
    path: '/Blog',
    feedTitle: 'Business Growth: Blog & Best Advise',
    feedDescription: 'Plain-English guides from the Business Growth team to help you plan, build and grow your website or app.',
    byline: 'By {author} · {date}',
    dateLocale: 'en-GB',
    breadcrumb: [
      { label: 'Home', href: '/' },
      { label: 'Blog', href: '/Blog' },
    ],
  },

  // The site's languages: the default one at the site's addresses; each other one under its prefix
  // (like { code: 'de-DE', name: 'Deutsch', prefix: '/de' }), its words in config/translations/<code>.
  languages: {
    default: { code: 'en-GB', name: 'English' },
    others: [],
  },
} satisfies SiteConfig;
