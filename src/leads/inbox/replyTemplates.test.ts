/**
 * What the Reply composer starts from: a template's subject with the visitor's words cut at a
 * word (never mid-word), and once the person has an e-mail, the conversation's subject whatever
 * the template (one "Re: ", whichever mail came first). Templates and words from config/admin.ts.
 */
import admin from '../../../config/admin';
import type forms from '../../../config/forms';
import type { ConversationMail, LeadDetail } from '../model/adminApi';
import { bareSubject } from '../model/replyDraft';
import { cutAtWord, fill } from '../../schema/text';
import { validData } from '../../test/formFixtures';
import { templatesFor, threadSubject } from './replyTemplates';
import { bundledForms } from '../../site/forms/model/registry';
import { AUDIT_FORM_NAME } from '../../test/auditForm';

const lead = (form: keyof typeof forms, document: Record<string, unknown>, mails: Partial<ConversationMail>[] = []) =>
  ({ form, document, mails: mails as ConversationMail[] }) as unknown as LeadDetail;

/** A long value of whole words, each starting at a known place. */
const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');

describe('cutAtWord', () => {
  it('keeps text within the limit as it is, and cuts longer text at a space, with an ellipsis, within the limit', () => {
    expect(cutAtWord('about Ordering app', 40)).toBe('about Ordering app');
    const cut = cutAtWord(words, 50);
    expect([...cut].length).toBeLessThanOrEqual(50);
    expect(cut.endsWith('…')).toBe(true);
    expect(words.startsWith(cut.slice(0, -1))).toBe(true);
    expect(words[cut.length - 1]).toBe(' ');
  });

  it('cuts one word longer than the limit where it must', () => {
    expect(cutAtWord('x'.repeat(30), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});

describe('templatesFor', () => {
  const withPlaceholder = Object.entries(admin.replies.templates).flatMap(([form, templates]) =>
    (templates ?? []).filter((template) => /\{\w+\}/.test(template.subject)).map((template) => [form as keyof typeof forms, template] as const),
  );

  it('has a template whose subject carries what the visitor typed (else this test proves nothing)', () => {
    expect(withPlaceholder.length).toBeGreaterThan(0);
  });

  it.each(withPlaceholder.map(([form, template]) => [form, template.name, template] as const))(
    '%s, "%s": a long value in the subject is cut at a word; the text has it whole',
    (form, _name, template) => {
      const field = /\{(\w+)\}/.exec(template.subject)![1]!;
      const document = { ...(validData[form] as Record<string, unknown>), [field]: words };
      const filled = templatesFor(lead(form, document)).find((t) => t.name === template.name)!;
      const whole = fill(template.subject, { ...Object.fromEntries(Object.entries(document).map(([k, v]) => [k, String(v)])) });
      expect(filled.subject).not.toBe(whole);
      expect(filled.subject).toContain('…');
      // What is kept of the value ends at the end of one of its words.
      const kept = filled.subject.slice(template.subject.indexOf(`{${field}}`)).split('…')[0]!;
      expect(words.startsWith(kept)).toBe(true);
      expect([' ', undefined]).toContain(words[kept.length]);
      if (template.text.includes(`{${field}}`)) expect(filled.text).toContain(words);
    },
  );

  it('once the person has an e-mail, every template starts from the conversation\'s subject: one "Re: ", whichever mail came first', () => {
    const [form] = withPlaceholder[0]!;
    const document = validData[form] as Record<string, unknown>;
    for (const first of ['Thank you', 'Re: Thank you', 'AW: Re: Thank you']) {
      const expected = fill(admin.replies.threadSubject, { subject: 'Thank you' });
      expect(threadSubject(lead(form, document, [{ subject: first }, { subject: 'Something else' }]))).toBe(expected);
      for (const template of templatesFor(lead(form, document, [{ subject: first }]))) expect(template.subject).toBe(expected);
    }
    expect(threadSubject(lead(form, document))).toBeUndefined();
    expect(bareSubject('Fwd: Re[2]: Plans')).toBe('Plans');
  });

  it("skips the mails of the person's leads whose form awaits no answer (a newsletter's confirmation): no part of the conversation", () => {
    const quiet = (Object.keys(admin.forms) as (keyof typeof forms)[]).find((name) => bundledForms.formNamed(name)?.awaitsAnswer === false);
    expect(quiet).toBeDefined();
    const [form] = withPlaceholder[0]!;
    const base = lead(form, validData[form] as Record<string, unknown>, [
      { docId: 'signedUp', subject: 'Confirm it' },
      { docId: 'asked', subject: 'Thank you' },
    ]);
    const asked = { ...base, docId: 'asked', person: { submissions: [{ docId: 'signedUp', form: quiet }], more: 0 } } as unknown as LeadDetail;
    expect(threadSubject(asked)).toBe(fill(admin.replies.threadSubject, { subject: 'Thank you' }));
    // The sign-up itself has no conversation.
    expect(threadSubject({ ...asked, docId: 'signedUp', form: quiet } as LeadDetail)).toBeUndefined();
  });
});

it("fills a template with the answers of a form this inbox's bundle does not know (made in the editor since), by the lead's own fields", () => {
  const template = { name: 'Probe', subject: 'About {currentSite}', text: 'You chose {projectType}.' };
  const templates = { ...admin.replies.templates, [AUDIT_FORM_NAME]: [template] } as typeof admin.replies.templates;
  const original = admin.replies.templates;
  (admin.replies as { templates: typeof templates }).templates = templates;
  try {
    const fields = [
      { key: 'currentSite', label: 'Site', value: 'shop.example.com' },
      { key: 'projectType', label: 'Project', value: 'Online shop' },
    ];
    const detail = {
      form: AUDIT_FORM_NAME,
      document: { currentSite: 'shop.example.com', projectType: 'Online shop' },
      fields,
      mails: [],
    } as unknown as LeadDetail;
    expect(bundledForms.formNamed(AUDIT_FORM_NAME)).toBeUndefined();
    expect(templatesFor(detail)).toEqual([{ name: template.name, subject: 'About shop.example.com', text: 'You chose Online shop.' }]);
  } finally {
    (admin.replies as { templates: typeof templates }).templates = original;
  }
});
