/**
 * The marking of a text left in the default language (fallbackMarks.ts), on its own: the site's
 * pages (src/render/languages.test.ts) and the newsletter's (src/newsletter/server/languages.test.ts)
 * show it drawn.
 */
import { FALLBACK_MARKS, markFallbacks } from './fallbackMarks';

describe('a text left in the default language', () => {
  const { start, end } = FALLBACK_MARKS;
  it('marks the element holding it, or whose attribute holds it, and takes the marks out', () => {
    expect(markFallbacks(`<div><p class="a">${start}Hi${end}</p><b>x</b></div>`, 'en-GB')).toBe('<div><p class="a" lang="en-GB">Hi</p><b>x</b></div>');
    expect(markFallbacks(`<p><img alt="${start}A${end}" src="/x"/> ok</p>`, 'en-GB')).toBe('<p><img alt="A" src="/x" lang="en-GB"/> ok</p>');
    expect(markFallbacks(`<p><b>y</b> ${start}after${end}</p>`, 'en-GB')).toBe('<p lang="en-GB"><b>y</b> after</p>');
    // Inside a script: taken out, nothing marked; an element with a lang of its own keeps it.
    expect(markFallbacks(`<script>"${start}s${end}"</script><p lang="fr">${start}t${end}</p>`, 'en-GB')).toBe('<script>"s"</script><p lang="fr">t</p>');
    expect(markFallbacks('<p>nothing</p>', 'en-GB')).toBe('<p>nothing</p>');
  });
});
