import type { PageConfig } from '../../src/content/model/pageSchema';
import site from '../site';

// A WhatsApp chat with the site's one phone number (its digits), starting with the site's message.
const WHATSAPP = `https://wa.me/${site.contact.phone.href.replace(/\D/g, '')}?text=${encodeURIComponent(site.whatsapp.message)}`;

export default {
  title: 'About Us | Business Growth',
  description:
    'Meet Business Growth, a small team of designers, developers and marketers. Learn about our vision, our people and how we work with businesses.',
  sections: [
    {
      type: 'pageHeader',
      breadcrumb: [{ label: 'Home', href: '/' }, { label: 'About Us' }],
      heading: 'About Us',
      text: 'We help businesses grow online with websites, mobile apps and marketing that are built with care.',
    },
    {
      type: 'split',
      id: 'who-we-are',
      eyebrow: 'Who We Are',
      heading: 'A small team with a simple goal',
      paragraphs: [
        'Business Growth is a studio of designers, developers and marketers who enjoy turning good ideas into useful websites and apps.',
        'We keep our team small on purpose. You work directly with the people building your project, get straight answers, and always know what happens next.',
      ],
      bullets: [
        'Websites, web apps and mobile apps for Android and iOS',
        'Design, development and marketing under one roof',
        'Friendly support long after launch',
      ],
      image: {
        src: '/images/about/intro.svg',
        alt: 'A small team gathered around a table, sketching app screens and website layouts together',
        width: 560,
        height: 420,
      },
    },
    {
      type: 'split',
      id: 'vision',
      eyebrow: 'What Drives Us',
      heading: 'Our Vision',
      paragraphs: [
        'We believe every business, whatever its size, deserves an online presence that works as hard as it does.',
        'Our vision is to be the partner that small businesses and startups trust to make technology simple: clear advice, honest prices and work that brings real results.',
      ],
      image: {
        src: '/images/about/vision.svg',
        alt: 'A person on a hilltop looking through a telescope towards a rising growth chart',
        width: 560,
        height: 420,
      },
      actions: [{ label: 'Chat with us on WhatsApp', href: WHATSAPP, newTab: true, icon: 'whatsapp', variant: 'primary' }],
      stats: [
        { value: 100, suffix: '+', label: 'Web Designing' },
        { value: 150, suffix: '+', label: 'Products Delivered' },
        { value: 12, suffix: '+', label: 'Mobile Applications' },
        { value: 3, suffix: '+', label: 'Years Of Experience' },
      ],
    },
    {
      type: 'team',
      id: 'team',
      heading: 'Our Team',
      text: 'The people who will plan, build and grow your project.',
      members: [
        {
          name: 'Daniel Carter',
          role: 'Founder & CEO',
          image: {
            src: '/images/team/ceo.svg',
            alt: 'Portrait illustration of Daniel Carter, founder and CEO',
            width: 320,
            height: 320,
          },
          description:
            'Daniel started Business Growth to give small businesses the kind of digital partner he wished he had. He leads strategy and works closely with every client.',
        },
        {
          name: 'Sarah Mitchell',
          role: 'Project Manager',
          image: {
            src: '/images/team/manager.svg',
            alt: 'Portrait illustration of Sarah Mitchell, project manager',
            width: 320,
            height: 320,
          },
          description:
            'Sarah keeps projects on time and clients in the loop. She turns big ideas into clear plans and makes sure nothing falls through the cracks.',
        },
        {
          name: 'Ravi Patel',
          role: 'Flutter Developer',
          image: {
            src: '/images/team/flutter.svg',
            alt: 'Portrait illustration of Ravi Patel, Flutter developer',
            width: 320,
            height: 320,
          },
          description:
            'Ravi builds smooth, reliable mobile apps for Android and iOS from a single codebase. He cares about every detail of how an app feels in the hand.',
        },
        {
          name: 'Emily Nguyen',
          role: 'MERN Stack Developer',
          image: {
            src: '/images/team/mern.svg',
            alt: 'Portrait illustration of Emily Nguyen, MERN stack developer',
            width: 320,
            height: 320,
          },
          description:
            'Emily develops fast web applications with MongoDB, Express, React and Node.js. She enjoys turning complex workflows into simple screens.',
        },
        {
          name: 'Marcus Johnson',
          role: 'Digital Marketing Specialist',
          image: {
            src: '/images/team/marketing.svg',
            alt: 'Portrait illustration of Marcus Johnson, digital marketing specialist',
            width: 320,
            height: 320,
          },
          description:
            'Marcus helps clients get found online through search optimization and well-planned campaigns. He measures what works and keeps improving it.',
        },
        {
          name: 'Olivia Brooks',
          role: 'Social Media Handler',
          image: {
            src: '/images/team/social.svg',
            alt: 'Portrait illustration of Olivia Brooks, social media handler',
            width: 320,
            height: 320,
          },
          description:
            'Olivia creates content and conversations that grow a loyal following. She gives each brand a consistent, friendly voice on social media.',
        },
      ],
    },
    {
      type: 'faq',
      id: 'faq',
      heading: 'FAQs for Business',
      text: 'Answers to the questions business owners ask us most often.',
      items: [
        {
          question: 'How much does a website or app cost?',
          answer:
            'It depends on the size of the project and the features you need. After a short conversation about your goals, we send a written estimate that breaks the work into clear parts, so you know exactly what you are paying for.',
        },
        {
          question: 'How long will my project take?',
          answer:
            'A simple business website usually takes a few weeks, while a custom web app or mobile app can take a few months. We agree on a timeline at the start and keep you updated at every stage.',
        },
        {
          question: 'Do you look after the website after launch?',
          answer:
            'Yes. We offer maintenance plans that cover updates, backups, security checks and content changes, so your site or app stays fast and safe.',
        },
        {
          question: 'Will I own the code and the content?',
          answer:
            'Yes. Once the project is paid for, the code, design and content are yours. We also make sure your domain and accounts are registered in your name.',
        },
        {
          question: 'Can you help my business rank higher on search engines?',
          answer:
            'Yes. Every site we build follows search engine best practices, and our SEO service goes further with keyword research, local listings and content that helps you climb the results.',
        },
        {
          question: 'Do you build apps for both Android and iOS?',
          answer:
            'Yes. We build apps for both platforms, often from a single codebase with Flutter to save time and budget, and we handle publishing on Google Play and the App Store.',
        },
      ],
    },
  ],
} satisfies PageConfig;
