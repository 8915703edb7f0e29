import type { PageConfig } from '../../src/content/model/pageSchema';

export default {
  title: 'Career | Business Growth',
  description:
    'Join the Business Growth freelance team. Designers, developers and marketers: apply with your portfolio and work on real projects for growing businesses.',
  sections: [
    {
      type: 'pageHeader',
      breadcrumb: [{ label: 'Home', href: '/' }, { label: 'Career' }],
      heading: 'Join Our Team Only Freelancers',
      text: 'Find and hire a dedicated team in 24 hours — and if you are a freelancer, join the team that builds it.',
    },
    {
      type: 'split',
      id: 'freelancers',
      eyebrow: 'Work With Us',
      heading: 'Freelance with a team that has your back',
      paragraphs: [
        'We are a small agency that works with trusted freelancers on websites, mobile apps and digital marketing projects for growing businesses.',
        'You choose the projects that suit your skills and schedule. We handle the client relationship, share clear briefs and pay on time.',
      ],
      bullets: [
        'Remote work with flexible hours',
        'Clear briefs and friendly, organized project management',
        'Work in web design, MERN stack, Flutter, Android and business development',
        'A growing portfolio of real client projects',
      ],
      image: {
        src: '/images/career/freelancers.svg',
        alt: 'Freelancers working together from different places, connected on a shared video call',
        width: 560,
        height: 420,
      },
    },
    {
      type: 'form',
      id: 'apply',
      form: 'freelancer',
      heading: 'Apply as a freelancer',
      text: 'Tell us about yourself and share a link to your work. You can also attach your CV. We read every application and will get back to you soon.',
    },
  ],
} satisfies PageConfig;
