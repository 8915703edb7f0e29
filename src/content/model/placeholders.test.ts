/**
 * The settings left at the shipped examples: each named with the place it is in and what it
 * affects, the shipped config's and the environment's; the agency's own give none.
 */
import site from '../../../config/site';
import { placeholderWarnings } from './placeholders';

const replyTo = (site.contact.email.href as string).replace(/^mailto:/, '');

it("names the shipped contact address (the Reply-To of the site's mails) and the shipped phone", () => {
  const warnings = placeholderWarnings(site);
  expect(warnings).toContainEqual(expect.stringMatching(/^config\/site\.ts: contact\.email .*Reply-To/));
  expect(warnings.find((w) => w.startsWith('config/site.ts: contact.email'))).toContain(replyTo);
  expect(warnings).toContainEqual(expect.stringMatching(/^config\/site\.ts: contact\.phone /));
});

it('names the postal address on an Example Street (every newsletter carries it), and not a real one', () => {
  const shipped = { contact: { address: '7 Example Road, Anytown' } };
  expect(placeholderWarnings(shipped)).toEqual([
    expect.stringMatching(/^config\/site\.ts: contact\.address is still the example value 7 Example Road, Anytown: .*newsletter/),
  ]);
  expect(placeholderWarnings({ contact: { address: '12 Exampleton Road, Leeds' } })).toEqual([]);
  expect(placeholderWarnings({ contact: { address: '1 High Street, Example' } })).toEqual([]);
});

it("names the mail settings of the environment at an example value, never a password, and nothing of the agency's own", () => {
  const own = {
    brand: { url: 'https://www.growth-agency.co.uk' },
    contact: {
      email: { label: 'hello@growth-agency.co.uk', href: 'mailto:hello@growth-agency.co.uk' },
      phone: { label: '+44 20 7946 1234', href: 'tel:+442079461234' },
    },
    copy: 'For example, a website that says example.com in a sentence.',
  };
  expect(placeholderWarnings(own)).toEqual([]);
  const warnings = placeholderWarnings(own, {
    MAIL_FROM: 'Agency Site <site@your-domain.example>',
    NOTIFY_TO: 'owner@growth-agency.co.uk',
    IMAP_URL: 'imaps://hello%40example.org:secret-password@imap.example.org:993',
  });
  expect(warnings.map((w) => w.split(' ')[0])).toEqual(['MAIL_FROM', 'IMAP_URL']);
  expect(warnings[0]).toContain('From');
  expect(warnings.join('\n')).not.toContain('secret-password');
});

it('says when mail is set up (the newsletter is sent) without a DKIM key, and not once one is set', () => {
  const own = { brand: { url: 'https://www.growth-agency.co.uk' } };
  const mail = { SMTP_URL: 'smtp://mail.growth-agency.co.uk:587', MAIL_FROM: 'Site <site@growth-agency.co.uk>' };
  expect(placeholderWarnings(own, mail).map((w) => w.split(' ')[0])).toEqual(['DKIM_PRIVATE_KEY_FILE']);
  expect(placeholderWarnings(own, { ...mail, DKIM_PRIVATE_KEY_FILE: '/etc/business-growth/dkim/dkim-private.pem' })).toEqual([]);
  // No mail, no newsletter: nothing to sign.
  expect(placeholderWarnings(own, {})).toEqual([]);
});
