/**
 * The inbox's preview of a newsletter draws the mail's HTML (render.ts, the code that writes the
 * readers' mail) in its shadow root saying the languages the mail says: its own (<html lang>) on
 * what holds its body, and each text left in the default language its element's.
 */
import { render, screen } from '@testing-library/react';
import site from '../../../config/site';
import { markFallback } from '../../site/model/fallbackMarks';
import { renderNewsletter } from '../server/render';
import { MailPreview } from './MailPreview';

it('draws a mail in another language saying its language, its untranslated text the default one', () => {
  const [mine, left] = [`Auf Deutsch ${process.pid}`, `Still the first language ${process.pid}`];
  const other = 'de-DE';
  const mail = renderNewsletter({
    subject: 'Preview',
    name: 'preview',
    body: [
      { type: 'paragraph', content: [{ text: mine }] },
      { type: 'paragraph', content: [{ text: markFallback(left) }] },
    ],
    site: { ...site, languages: { ...site.languages, others: [{ code: other, name: other, prefix: '/de' }] } },
    publicUrl: 'https://www.agency.example',
    marker: '#unsubscribe',
    language: { text: other, foot: other, home: '/de' },
  });
  render(<MailPreview preview={{ subject: mail.subject, html: mail.html, text: mail.text }} />);
  const root = screen.getByTestId('newsletter-mail').shadowRoot!;
  const wrapper = root.firstElementChild as HTMLElement;
  expect(wrapper.lang).toBe(other);
  const paragraph = (words: string) => [...root.querySelectorAll('p')].find((p) => p.textContent === words)!;
  expect(paragraph(mine).closest('[lang]')).toBe(wrapper);
  expect(paragraph(left).lang).toBe(site.languages.default.code);
});
