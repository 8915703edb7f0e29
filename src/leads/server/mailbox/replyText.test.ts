/**
 * The reply parser over a corpus of replies as mail programs write them (src/test/replySamples.ts):
 * each gives its writer's words, and folds the quote and the signature; words between quoted
 * parts are unsure. And a mail built to hurt (deeply nested, huge) is split all the same.
 */
import { replyBodies, replySamples, type Answered } from '../../../test/replySamples';
import { splitHtml, splitMail, splitText } from './replyText';

describe('the new part of a reply', () => {
  it.each(replySamples.map((sample) => [sample.name, sample] as const))('%s', (_name, sample) => {
    const split = splitMail(sample);
    if (typeof sample.expected === 'string') {
      expect(split.unsure).toBeUndefined();
      expect(split.text).toBe(sample.expected);
    } else {
      expect(split.unsure).toBe('interleaved');
    }
    for (const words of sample.folded ?? []) {
      expect(split.quoted).toContain(words);
      if (typeof sample.expected === 'string') expect(split.text).not.toContain(words);
    }
    // Nothing is lost: the words and the folded part together hold every word of the mail's text.
    if (sample.text && typeof sample.expected === 'string') {
      const all = `${split.text}\n${split.quoted}`.replace(/[>\s]+/g, ' ');
      for (const word of sample.text.split(/[\s>]+/).filter((w) => w.length > 3)) expect(all).toContain(word);
    }
  });

  it('reads the HTML part of a mail that has both (Outlook\u2019s text part has no quote marks), and the text part of one whose HTML is empty', () => {
    const answered: Answered = {
      from: 'Example Agency <site@agency.test>',
      date: new Date(Date.UTC(2024, 0, 2, 10)),
      subject: 'New inquiry',
      messageId: '<msg_a@agency.test>',
      text: 'New inquiry\n\nSource: newsletter',
      html: '<html><body><h1>New inquiry</h1><p>Source: newsletter</p></body></html>',
    };
    for (const program of ['gmail', 'outlook', 'apple'] as const) {
      const bodies = replyBodies(program, answered, 'Yes, March.\n\nJane');
      for (const split of [splitMail(bodies), splitMail({ text: bodies.text })]) {
        expect(split).toMatchObject({ text: 'Yes, March.\n\nJane', quoted: expect.stringContaining('Source: newsletter') });
        // Outlook's quote has no quote marks: what is below its header block is given apart, to be compared with the mail answered.
        expect(split.below).toBe(program === 'outlook' ? 'New inquiry\n\nSource: newsletter' : undefined);
      }
    }
    expect(splitMail({ text: 'Plain words.', html: ' ' })).toEqual({ text: 'Plain words.', quoted: '' });
  });

  it('splits a mail built to hurt: 20,000 nested elements (read up to mailbox.reading.maxHtmlDepth, as every mail\u2019s HTML), a million characters, unclosed tags; markup is never kept', () => {
    for (const [open, close] of [
      ['<div>', '</div>'],
      ['<table><tr><td>', '</td></tr></table>'],
    ]) {
      const deep = `<div>Near the top.</div><div class="gmail_quote">quoted</div>${open!.repeat(20_000)}deep words${close!.repeat(20_000)}`;
      const split = splitHtml(deep);
      expect(split.text).toBe('Near the top.');
      expect(split.quoted).toBe('quoted');
      expect(`${split.text}${split.quoted}`).not.toMatch(/deep words|</);
    }
    const huge = splitHtml(`<p>${'word '.repeat(400_000)}<b><i><u>open`);
    expect(huge.text.length).toBeGreaterThan(1000);
    expect(splitHtml('<p>Hi <script>alert(1)</script><style>p{}</style><img src=x onerror=alert(1)>there</p>').text).toBe('Hi there');
    expect(splitText('> only\n> quote').text).toBe('');
  });
});
