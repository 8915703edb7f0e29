/**
 * The config checker on the inbox's words (config/admin.ts), the retention periods of
 * config/forms and the inbox's server settings (config/server.ts admin): one plain sentence
 * per mistake, pinned.
 */
import admin from '../../../config/admin';
import forms from '../../../config/forms';
import server from '../../../config/server';
import { checkConfig } from '../server/checkConfig';
import { ruleNames } from '../../platform/rules';
import { checkContent } from './checkContent';
import { loadRealConfig } from '../../test/realConfig';
import { AUDIT_FORM_NAME, auditForm } from '../../test/auditForm';

type Json = Record<string, unknown>;
const copy = <T>(value: T) => structuredClone(value) as unknown as Json;

const problemsOf = (mutate: (config: { admin: Json; forms: Record<string, Json>; server: Json }) => void) => {
  const config = { admin: copy(admin), forms: copy(forms) as Record<string, Json>, server: copy(server) };
  mutate(config);
  return checkConfig({ admin: config.admin, forms: config.forms, server: config.server }).problems;
};

test('the real config has no problems', () => {
  expect(problemsOf(() => undefined)).toEqual([]);
});

describe('config/admin.ts', () => {
  test('the checks a form may use: a name for each rule, and {min} only where the rule has a number', () => {
    expect(Object.keys(admin.ruleLabels).sort()).toEqual([...ruleNames].sort());
    const problems = problemsOf((c) => {
      const labels = c.admin.ruleLabels as Json;
      delete labels.url;
      labels.minLength = 'at least {max} characters';
    });
    expect(problems).toHaveLength(2);
    expect(problems.find((p) => p.includes('ruleLabels.url'))).toMatch(/is missing/);
    expect(problems.find((p) => p.includes('ruleLabels.minLength'))).toMatch(/\{max\}/);
  });

  test('an empty text', () => {
    expect(problemsOf((c) => ((c.admin.signIn as Json).submit = ' '))).toEqual([
      'config/admin.ts: signIn.submit is empty. Write the text between the quotes, or remove the key if it is optional.',
    ]);
  });

  test('a missing text', () => {
    expect(problemsOf((c) => delete (c.admin.lead as Json).sendAgain)).toEqual([
      'config/admin.ts: lead.sendAgain is missing. Add it: it should be text in quotes.',
    ]);
  });

  test('a form without a name, and a name for no form', () => {
    expect(
      problemsOf((c) => {
        const names = c.admin.forms as Json;
        delete names.freelancer;
        names.careers = 'A form that is not there';
      }),
    ).toEqual([
      'config/admin.ts: forms.freelancer is missing. Give the form "freelancer" of config/forms the name the inbox shows it by.',
      'config/admin.ts: forms.careers is not a form of config/forms. Remove it, or use one of: newsletter, inquiry, freelancer, contact.',
    ]);
  });

  test("a new page's starting form that is no form, a kind of section the site does not have, and a kind of section without a name", () => {
    const problems = problemsOf((c) => {
      const content = c.admin.content as Json;
      const newPage = content.newPage as Json;
      newPage.form = 'inquiryy';
      newPage.sectionsAtStart = ['pageHeader', 'slideshow'];
      delete (content.sectionTypes as Json).faq;
    });
    expect(problems).toHaveLength(3);
    expect(problems.find((p) => p.includes('content.newPage.form'))).toMatch(/"inquiryy" is not a form\. Did you mean "inquiry"\?/);
    expect(problems.find((p) => p.includes('content.newPage.sectionsAtStart'))).toContain('"slideshow" is not allowed here');
    expect(problems.find((p) => p.includes('content.sectionTypes'))).toContain('content.sectionTypes.faq is missing');
  });

  test('a language tag that is not one', () => {
    expect(problemsOf((c) => (c.admin.locale = 'English'))).toEqual([
      'config/admin.ts: locale "English" is not a language tag this site knows. Write one like "en-GB" or "en-US".',
    ]);
  });

  test('a time zone that is not one', () => {
    expect(problemsOf((c) => (c.admin.timeZone = 'Mars/Olympus'))).toEqual([
      'config/admin.ts: timeZone "Mars/Olympus" is not a time zone. Write its name in the time zone database, like "Europe/London", "America/New_York" or "UTC".',
    ]);
    expect(problemsOf((c) => (c.admin.timeZone = '+01:00'))).toHaveLength(1);
    expect(problemsOf((c) => (c.admin.timeZone = 'America/New_York'))).toEqual([]);
  });
});

describe('stages and money', () => {
  type Stages = { list: { key: string; name: string }[]; won: string; lost: string; lostReasons: string[] };
  const stagesOf = (c: { admin: Json }) => c.admin.stages as unknown as Stages;

  test('a key twice, a lost reason twice: each said once, at its second place', () => {
    expect(
      problemsOf((c) => {
        const stages = stagesOf(c);
        stages.list[2]!.key = stages.list[1]!.key;
        stages.lostReasons.push(stages.lostReasons[0]!);
      }),
    ).toEqual([
      `config/admin.ts: stages.list[2].key ${JSON.stringify(admin.stages.list[1]!.key)} is the key of another stage already. Give each stage its own key.`,
      `config/admin.ts: stages.lostReasons[${admin.stages.lostReasons.length}] ${JSON.stringify(admin.stages.lostReasons[0])} is there twice. Write each once.`,
    ]);
  });

  test('won and lost name two stages of the list, neither the first', () => {
    const first = admin.stages.list[0]!.key;
    expect(problemsOf((c) => (stagesOf(c).won = 'paid'))).toEqual([
      `config/admin.ts: stages.won is "paid", which is not the key of a stage of the list. Use one of: ${admin.stages.list.map((s) => s.key).join(', ')}.`,
    ]);
    expect(problemsOf((c) => (stagesOf(c).won = first))).toEqual([
      `config/admin.ts: stages.won is "${first}", the first stage, where new leads start: the stage that ends a lead must be another one.`,
    ]);
    expect(problemsOf((c) => (stagesOf(c).lost = admin.stages.won))).toEqual([
      `config/admin.ts: stages.lost is "${admin.stages.won}", the same stage as won: a lead is won or lost, so they are two different stages.`,
    ]);
    expect(problemsOf((c) => (stagesOf(c).list = stagesOf(c).list.slice(0, 2)))).toContain(
      'config/admin.ts: stages.list has 2 items, but it needs at least 3.',
    );
    expect(problemsOf((c) => (stagesOf(c).lostReasons = []))).toEqual(['config/admin.ts: stages.lostReasons has 0 items, but it needs at least 1.']);
  });

  test('a currency that is not one', () => {
    expect(problemsOf((c) => (c.admin.currency = 'Pounds'))).toEqual([
      'config/admin.ts: currency "Pounds" is not a currency. Write its code in capitals, like "GBP", "EUR" or "USD".',
    ]);
    expect(problemsOf((c) => (c.admin.currency = 'JPY'))).toEqual([]);
  });
});

describe('replies and auto-replies', () => {
  test('a reply template naming a field its form does not have, and an auto-reply naming more than the name', () => {
    expect(
      problemsOf((c) => {
        ((c.admin.replies as Json).templates as Record<string, Json[]>).inquiry![0]!.subject = 'About {Pnam}';
        (c.forms.contact!.autoReply as Json).text = 'Hello {Fullname}, you wrote: {Messsage}';
        c.forms.newsletter!.autoReply = { subject: 'Welcome {Email}', text: 'Thanks.' };
      }),
    ).toEqual([
      'config/admin.ts: replies.templates.inquiry[0].subject uses {Pnam}, which is not a field of the form "inquiry". Did you mean {Pname}? Use one of: {Fname}, {Email}, {Number}, {Pname}.',
      "config/forms/newsletter.ts: autoReply.subject uses {Email}, but an auto-reply may carry only the visitor's name (so the form cannot mail anyone someone else's words). This form has no name field: write it without placeholders.",
      "config/forms/contact.ts: autoReply.text uses {Messsage}, but an auto-reply may carry only the visitor's name (so the form cannot mail anyone someone else's words). Use {Fullname}, or no placeholder.",
    ]);
  });
});

describe('retention in config/forms', () => {
  test('missing', () => {
    expect(problemsOf((c) => delete c.forms.inquiry!.retention)).toEqual([
      'config/forms/inquiry.ts: retention is missing: every form needs a retention period, which our server enforces and the privacy page shows. Add retention: { days: <number> } (730 is two years).',
    ]);
  });

  test('CVs kept longer than their lead', () => {
    expect(problemsOf((c) => ((c.forms.freelancer!.retention as Json).cvDays = 400))).toEqual([
      'config/forms/freelancer.ts: retention.cvDays is 400, but the whole lead is deleted after 365 days. Make it at most 365.',
    ]);
  });

  test('a CV period on a form without a file field', () => {
    expect(problemsOf((c) => ((c.forms.contact!.retention as Json).cvDays = 30))).toEqual([
      'config/forms/contact.ts: retention.cvDays is set, but this form has no file field. Remove it, or add the file field it is meant for.',
    ]);
  });

  test('no days', () => {
    expect(problemsOf((c) => ((c.forms.newsletter!.retention as Json).days = 0))).toEqual([
      'config/forms/newsletter.ts: retention.days is 0, but it should be at least 1.',
    ]);
  });
});

test('config/server.ts admin: a timeout that is not a whole number', () => {
  expect(problemsOf((c) => ((c.server.admin as Json).idleMinutes = 2.5))).toEqual([
    'config/server.ts: admin.idleMinutes is 2.5, but it should be a whole number.',
  ]);
});

describe('config/server.ts edited by hand: its description is made from its words, and says each mistake as plainly', () => {
  test.each<[string, (server: Json) => void, string]>([
    ['a text left out', (s) => delete (s.messages as Json).notJson, 'messages.notJson is missing. Add it: it should be text in quotes.'],
    ['a text given a number', (s) => ((s.messages as Json).notJson = 5), 'messages.notJson should be text in quotes, but it is the number 5.'],
    [
      'an empty text',
      (s) => ((s.headers as Json).referrerPolicy = ''),
      'headers.referrerPolicy is empty. Write the text between the quotes, or remove the key if it is optional.',
    ],
    [
      'a text of a group of texts left out',
      (s) => delete ((s.admin as Json).exportColumns as Json).email,
      'admin.exportColumns.email is missing. Add it: it should be text in quotes.',
    ],
    ['a group of texts left out', (s) => delete s.spamTrap, 'spamTrap is missing. Add it: it should be a group of keys in {curly braces}.'],
    [
      'a key it does not know',
      (s) => ((s.spamTrap as Json).extra = 'x'),
      'spamTrap.extra is not a known key here. Rename or remove it. The keys allowed here are: name, label.',
    ],
    ['a number given a text', (s) => ((s.admin as Json).idleMinutes = '30'), 'admin.idleMinutes should be a whole number, but it is the text "30".'],
    [
      'a placeholder it does not fill in',
      (s) => ((s.notifications as Json).webhookText = '{subject}: {nope}'),
      'notifications.webhookText uses {nope}, which is not filled in here. Use one of: {subject}, {link}.',
    ],
  ])('%s', (_, mutate, sentence) => {
    expect(problemsOf((c) => mutate(c.server))).toEqual([`config/server.ts: ${sentence}`]);
  });
});

test("a form made in the editor's reply templates may carry its own fields, and only those", async () => {
  const real = await loadRealConfig();
  const withTemplate = (text: string) => {
    const templates = { ...admin.replies.templates, [AUDIT_FORM_NAME]: [{ name: 'Probe', subject: 'Your audit, {fullName}', text }] };
    const config = { ...real, forms: { ...real.forms, [AUDIT_FORM_NAME]: auditForm }, admin: { ...admin, replies: { ...admin.replies, templates } } };
    return checkContent(config, () => true)
      .filter((p) => p.file === 'config/admin.ts' && p.path.includes(AUDIT_FORM_NAME))
      .map((p) => p.path.join('.'));
  };
  expect(withTemplate('About {currentSite} and {projectType}.')).toEqual([]);
  expect(withTemplate('About {Fname}.')).toEqual([`replies.templates.${AUDIT_FORM_NAME}.0.text`]);
});
