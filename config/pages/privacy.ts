/**
 * The privacy page: what the site does with what visitors send. The agency's name, address and
 * e-mail come from config/site.ts; each form's fields, how long it is kept and who is told come
 * from config/forms (change them there, and this page follows). Write here only why each form
 * asks, and the wording around it.
 */
import type { PageConfig } from '../../src/content/model/pageSchema';

export default {
  title: 'Privacy | Business Growth',
  description:
    'What Business Growth does with the details you send through this site: what each form collects and why, where it is kept, for how long, and how to have it erased.',
  sections: [
    {
      type: 'pageHeader',
      breadcrumb: [{ label: 'Home', href: '/' }, { label: 'Privacy' }],
      heading: 'Privacy',
      text: 'What we do with the details you send us through this site, how long we keep them, and how you can have them erased.',
    },
    {
      type: 'privacy',
      id: 'details',
      responsible: {
        heading: 'Who is responsible',
        text: '{name}, {address}, is responsible for the details you send through this site. For any question about them, write to {email}.',
      },
      forms: {
        heading: 'What each form collects, and why',
        text: 'We ask only for what we need to answer you. We do not sell your details, share them for advertising, or use them for anything else. We do not use tracking cookies.',
        items: [
          { form: 'inquiry', name: 'The inquiry form on the home page', purpose: 'To discuss your project with you and send you an offer.' },
          { form: 'contact', name: 'The contact form', purpose: 'To answer your message.' },
          { form: 'freelancer', name: 'The freelancer application on the career page', purpose: 'To consider you for freelance work and to contact you about it.' },
          { form: 'newsletter', name: 'The newsletter sign-up in the footer', purpose: 'To send you our newsletter with ideas for growing your business online.' },
        ],
        labels: { purpose: 'Why', collects: 'What it collects', storage: 'Where it is kept', kept: 'How long', told: 'Who is told' },
        keptFor: 'Deleted {days} days after you send it.',
        cvKeptFor: 'An attached CV is deleted after {days} days.',
        storage: {
          local: 'On our own server, with the date and time you sent it. Only our team can see it, after signing in.',
          // Shown instead of `local` when the site is built for Firebase: there no server of ours deletes on schedule.
          firebase: 'In our Google Firebase project (Cloud Firestore, and Cloud Storage for CVs), with the date and time you sent it. Only our team can see it, and we delete it by hand when its time below is up.',
        },
        told: {
          email: 'Our team receives an e-mail with what you sent.',
          webhook: 'A short notice reaches our team chat.',
          none: 'Nobody is notified; it waits in our inbox.',
        },
      },
      visits: {
        heading: 'Visits and where you came from',
        local: [
          'We count visits to learn which pages and campaigns work, without cookies and without keeping your address. Each page you open sends one short message: the page, whether it is the first of your visit, and where the visit came from (a campaign name in the link, or the website that linked to us). Our server adds one to that day\'s counts and keeps nothing else. To count a visitor once a day, it mixes your internet address and browser name with a random key that changes every day and is then forgotten; neither is stored. Search engines\' robots and pages your browser only fetched ahead are not counted.',
          'When you send a form, it carries where your visit began: the first page you opened, the page of the form, the website that linked to us (its name only, never the page), a campaign\'s name from the link, whether the link came from an advert (not which one), and whether you use a phone, a tablet or a computer. This is kept with what you sent, for as long, and erased with it. Your browser keeps it only until you close the tab.',
        ],
        keptFor: 'The daily counts are deleted after {days} days.',
        firebase: 'We do not count visits on this site. We do not use cookies.',
      },
      newsletter: {
        heading: 'Our newsletter',
        local: [
          'When you sign up in the newsletter box, we send one e-mail to the address you gave, with a link to confirm. Until you press the button on the page it opens, you get nothing else from us; if you do not confirm within {days} days, we delete the sign-up.',
          'With your subscription we keep the record of your consent: your address, when you signed up and on which page, the words shown next to the box at that moment, where your visit came from (as for the forms above), and when you confirmed. We also keep where your subscription stands: waiting for your confirmation, subscribed, unsubscribed, or stopped because mail to your address came back undelivered.',
          'Every newsletter has a link to unsubscribe in one click; you can also simply write to us. We stop at once, and keep only the note that you unsubscribed, so that you are not written to again, until you ask us to erase it.',
          'Our newsletters contain no tracking pixels and their links are not rewritten: we do not know who opens them or what is clicked. Their links name the newsletter as a campaign, so that we count the visits it brings like any other campaign\'s.',
        ],
        firebase: 'When you sign up in the newsletter box, we keep your address as described above. Before we send you any newsletter we write to you to confirm that you want it. Every newsletter has a link to unsubscribe, and none contains tracking pixels.',
      },
      rights: {
        heading: 'Your rights',
        paragraphs: [
          'You may ask us what we hold about you, ask us to correct it, and ask us to erase it. You may also object to how we use it, or withdraw your consent at any time; the newsletter can be ended with one e-mail.',
          'If you think we have handled your details wrongly, you may also complain to your data protection authority.',
        ],
        erasure: 'To have your details erased, write to {email} from the address you used, or name it in your message. We erase everything we hold under that address, however it was written (capital letters, or a +tag such as you+site@…): what you sent, an attached CV included, the e-mails we exchanged, and where your visit came from. We delete the copies in our mailboxes and tools as well, and confirm it within {days} days. Our backups keep them until they are replaced.',
      },
    },
  ],
} satisfies PageConfig;
