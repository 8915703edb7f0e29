/** The description of config/admin.ts: every word of the agency's inbox. */
import forms from '../../../config/forms';
import { wordsAt, wordsLike } from '../../schema/words';
import { fieldKinds } from '../../site/forms/model/formSchema';
import {
  boolean,
  checkPlaceholders,
  formRef,
  languageTag,
  list,
  longText,
  number,
  object,
  oneOf,
  OWNER_REASONS,
  plural,
  template,
  text,
  type CheckContext,
  type Infer,
  type Path,
  type Schema,
  TEXT_LIMITS,
} from '../../schema/schema';
import { sectionSchemas, type SectionType } from '../../site/sections/schemas';
import { REFUSAL_VALUES, type RefusalKind } from '../../schema/refusals';
import { siteSchema } from '../../site/model/siteSchema';
import { AUTOMATIC_KINDS, BULK_ACTIONS, ERASURE_KINDS, LEAD_STATUSES } from '../../leads/model/adminApi';
import { ATTRIBUTION_KEYS, CLICK_IDS, DEVICES } from '../../site/model/attribution';
import { CONFIRMATION_MAILS, SUBSCRIBER_STATES } from '../../newsletter/model/subscribers';
import { ADMIN_ROLES } from '../../platform/roles';
import { MAX_RULE_MIN, isCountedRule, ruleNames, type RuleName } from '../../platform/rules';

/** A template that is a paragraph or more (an instruction of several sentences). */
const PARAGRAPH = { maxLength: TEXT_LIMITS.paragraph };

/** Every kind of section the site has. */
const SECTION_TYPES = Object.keys(sectionSchemas) as SectionType[];

const texts = <K extends string>(keys: readonly K[]) => object(Object.fromEntries(keys.map((key) => [key, text()])) as Record<K, Schema<string>>);

/** A time zone by its IANA name, like "Europe/London". */
function timeZone(): Schema<string> {
  return {
    optional: false,
    expects: 'a time zone like "Europe/London"',
    meta: { kind: 'text' },
    check(value, path, ctx) {
      if (typeof value !== 'string' || value.trim() === '') return text().check(value, path, ctx);
      try {
        new Intl.DateTimeFormat('en', { timeZone: value });
        // Intl also takes offsets ("+01:00") and abbreviations some engines know: only names of the time zone database.
        if (value.includes('/') || value === 'UTC') return;
      } catch {
        // Not a zone: reported below.
      }
      ctx.report(
        path,
        `${JSON.stringify(value)} is not a time zone. Write its name in the time zone database, like "Europe/London", "America/New_York" or "UTC".`,
        { kind: 'notATimeZone', values: { value } },
      );
    },
  };
}

/** A currency by its ISO 4217 code, like "GBP", among those this engine knows (Intl). */
function currency(): Schema<string> {
  return {
    optional: false,
    expects: 'a currency code like "GBP"',
    meta: { kind: 'text' },
    check(value, path, ctx) {
      if (typeof value !== 'string' || value.trim() === '') return text().check(value, path, ctx);
      if (Intl.supportedValuesOf('currency').includes(value)) return;
      ctx.report(path, `${JSON.stringify(value)} is not a currency. Write its code in capitals, like "GBP", "EUR" or "USD".`, {
        kind: 'notACurrency',
        values: { value },
      });
    },
  };
}

/**
 * The stages a lead goes through (src/leads/model/pipeline.ts): each with a key (what a lead keeps)
 * and a name, each key once; `won` and `lost` name two different stages of the list, neither the
 * first (where new leads start); the reasons a lead is lost, each once.
 */
function stages() {
  const shape = object({
    list: list(object({ key: text(), name: text() }), { min: 3, max: 20 }),
    won: text(),
    lost: text(),
    lostReasons: list(text(), { min: 1, max: 30 }),
  });
  const onceEach = (values: unknown, path: Path, ctx: CheckContext) => {
    if (!Array.isArray(values)) return;
    values.forEach((value, i) => {
      if (typeof value === 'string' && values.indexOf(value) < i)
        ctx.report([...path, i], `${JSON.stringify(value)} is there twice. Write each once.`, { kind: 'keyTaken', values: { value } });
    });
  };
  return {
    ...shape,
    check(value: unknown, path: Path, ctx: CheckContext) {
      shape.check(value, path, ctx);
      if (typeof value !== 'object' || value === null) return;
      const given = value as { list?: unknown; won?: unknown; lost?: unknown; lostReasons?: unknown };
      const keys = Array.isArray(given.list) ? given.list.map((stage) => (stage as { key?: unknown } | null)?.key) : [];
      keys.forEach((key, i) => {
        if (typeof key === 'string' && keys.indexOf(key) < i)
          ctx.report([...path, 'list', i, 'key'], `${JSON.stringify(key)} is the key of another stage already. Give each stage its own key.`, {
            kind: 'keyTaken',
            values: { value: key },
          });
      });
      onceEach(given.lostReasons, [...path, 'lostReasons'], ctx);
      for (const end of ['won', 'lost'] as const) {
        const key = given[end];
        if (typeof key !== 'string' || key.trim() === '') continue;
        const problem = !keys.includes(key)
          ? `is "${key}", which is not the key of a stage of the list. Use one of: ${keys.filter((k) => typeof k === 'string').join(', ')}.`
          : key === keys[0]
            ? `is "${key}", the first stage, where new leads start: the stage that ends a lead must be another one.`
            : end === 'lost' && key === given.won
              ? `is "${key}", the same stage as won: a lead is won or lost, so they are two different stages.`
              : undefined;
        if (problem) ctx.report([...path, end], problem, { kind: 'stageRole', values: { value: key } });
      }
    },
  };
}

/** A name for each kind of form (config/forms `kind`): every kind a form has is named; the first is what insights count by default. */
function formKinds(): Schema<Readonly<Record<string, string>>> {
  const group = object({});
  return {
    optional: false,
    expects: group.expects,
    meta: { kind: 'record', value: text() },
    check(value, path, ctx) {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return group.check(value, path, ctx);
      const given = value as Record<string, unknown>;
      if (Object.keys(given).length === 0)
        ctx.report(path, 'is empty. Name at least one kind of form, like client: "Client leads".', { kind: 'tooFew', values: { count: 0, min: 1 } });
      for (const [key, name] of Object.entries(given)) text().check(name, [...path, key], ctx);
      for (const [id, form] of Object.entries(forms as Record<string, { kind?: unknown }>)) {
        const kind = form.kind;
        if (typeof kind === 'string' && !(kind in given))
          ctx.report(
            [...path, kind],
            `is missing: the form "${id}" of config/forms is of this kind. Give the kind its name here, or change the form's kind to one of: ${Object.keys(given).join(', ')}.`,
            { kind: 'missing' },
          );
      }
    },
  };
}

/** One name for each form of config/forms without a title of its own (the specification's four), and none for a form config/forms does not have. */
function formNames(): Schema<Readonly<Record<string, string>>> {
  const group = object({});
  return {
    optional: false,
    expects: group.expects,
    meta: { kind: 'record', value: text(), keysFrom: 'forms' },
    check(value, path, ctx) {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return group.check(value, path, ctx);
      const given = value as Record<string, unknown>;
      for (const id of ctx.formIds) {
        // A form made in the editor names itself (its `title`); the specification's four (in config/forms, untitled) are named here.
        const bundled = (forms as Readonly<Record<string, { title?: string } | undefined>>)[id];
        if (!(id in given) && (bundled === undefined || bundled.title !== undefined)) continue;
        if (!(id in given)) ctx.report([...path, id], `is missing. Give the form "${id}" of config/forms the name the inbox shows it by.`, { kind: 'missing' });
        else text().check(given[id], [...path, id], ctx);
      }
      for (const key of Object.keys(given)) {
        if (!ctx.formIds.has(key))
          ctx.report([...path, key], `is not a form of config/forms. Remove it, or use one of: ${[...ctx.formIds].join(', ')}.`, { kind: 'unknownKey' });
      }
    },
  };
}

/** A group of config/admin.ts's words by its keys (wordsAt): what most of its description is made from. */
type WordsOf = (...keys: string[]) => object;

/**
 * The description of config/admin.ts, made from its words (wordsLike): the words as the code was
 * built with them, given by src/content/model/contentSchemas.ts (the file's own type is checked
 * against this description, so it imports neither the file nor its type).
 */
export function adminSchemaOf(words: object) {
  const wordsOf: WordsOf = (...keys) => wordsAt(words, keys);
  return wordsLike(wordsOf(), {
    ...inboxShape(wordsOf),
    /** The newsletter's screens (/admin/newsletters). */
    newsletters: wordsLike(wordsOf('newsletters'), {
      intro: longText(),
      confirmed: template(['count']),
      states: object({
        draft: text(),
        ready: template(['by']),
        scheduled: template(['when']),
        sending: template(['sent', 'readers']),
        sent: template(['when']),
      }),
      testSent: template(['email']),
      testSubject: template(['subject']),
      sendNow: plural(['count']),
      sendQuestion: plural(['subject', 'count']),
      scheduled: template(['when']),
      historyLine: template(['when', 'what', 'by', 'revision']),
      /** A draft marked ready for an owner to send, or taken back; the owners' frame lists the ready ones. */
      ...texts(['markReady', 'markedReady', 'notReady', 'readyLabel']).shape,
      readyForOwner: template(['by', 'when']),
      readyHeading: plural(['count']),
      readyLine: template(['subject', 'by']),
    }),
    content: contentSchemaOf(wordsOf),
  });
}

/** The words of the inbox's screens (the leads, the pipeline, the sign-in, the subscribers, the erasure). */
function inboxShape(wordsOf: WordsOf) {
  return {
    locale: languageTag(),
    timeZone: timeZone(),
    currency: currency(),
    forms: formNames(),
    statuses: texts(LEAD_STATUSES),
    kinds: formKinds(),
    /** The rules a form's check may use (src/platform/rules.ts), in the office's words: one for each; {min} in a rule with a number. */
    ruleLabels: object(
      Object.fromEntries(ruleNames.map((name) => [name, isCountedRule(name) ? template(['min']) : text()])) as Record<RuleName, Schema<string>>,
    ),
    stages: stages(),
    pipeline: wordsLike(wordsOf('pipeline'), {
      valueHint: template(['currency']),
      you: template(['email']),
      historyLine: template(['at', 'by', 'change']),
      changes: wordsLike(wordsOf('pipeline', 'changes'), {
        staged: template(['stage']),
        stagedLost: template(['stage', 'reason']),
        assigned: template(['to']),
        value: template(['value']),
        followUp: template(['date']),
        status: template(['status']),
      }),
      followUpOn: template(['date']),
      due: template(['date']),
      valueMax: number({ min: 1, max: 1e12, integer: true }),
      followUpMaxDays: number({ min: 1, max: 36600, integer: true }),
      problems: wordsLike(wordsOf('pipeline', 'problems'), {
        badValue: template(['max']),
        badFollowUp: template(['max']),
      }),
    }),
    placeholdersShow: template(['count']),
    signIn: wordsLike(wordsOf('signIn'), {
      rememberHint: template(['days']),
    }),
    /** The Sign-in and security screen: passkeys, the authenticator app, recovery codes, the owners' requirement. */
    security: wordsLike(wordsOf('security'), {
      passkeyAdded: template(['date']),
      passkeyUsed: template(['date']),
      removePasskey: template(['name']),
      recoveryLeft: template(['count']),
    }),
    passwordAgain: wordsLike(wordsOf('passwordAgain'), {
      intro: template(['minutes']),
    }),
    nav: wordsLike(wordsOf('nav'), {
      signedInAs: template(['email', 'role']),
      /** What each role does, after the account's address. */
      roles: texts(ADMIN_ROLES),
    }),
    list: wordsLike(wordsOf('list'), {
      waiting: template(['time']),
      lastActivity: template(['time']),
      submissions: template(['count']),
      mailboxRead: template(['at']),
      mailboxFailing: template(['since', 'error', 'next']),
      mailboxBack: template(['from', 'until', 'at']),
      visitorMailHeld: template(['count', 'perDay', 'since']),
      visitorMailForOwner: template(['count']),
      visitorMailRefused: template(['count']),
      bulk: texts(BULK_ACTIONS),
      bulkDone: texts(BULK_ACTIONS),
    }),
    lead: wordsLike(wordsOf('lead'), {
      spamNoticeNotified: template(['channels']),
      spamNoticeBoth: template(['channels']),
      browserTime: template(['date', 'zone']),
      deliveryChannel: template(['channel', 'about']),
      personMore: template(['count']),
    }),
    replies: wordsLike(wordsOf('replies'), {
      historyLine: template(['at', 'by', 'state']),
      answerLine: template(['at', 'from']),
      mailProgramLine: template(['at', 'from']),
      automaticLine: template(['at', 'from', 'what']),
      automaticReturnedLine: template(['at', 'from', 'what']),
      automaticKinds: texts(AUTOMATIC_KINDS),
      mailReplyLine: template(['at', 'by', 'state']),
      mailHeld: template(['at']),
      returned: template(['at']),
      notSentLine: template(['at', 'from']),
      notSentWhy: template(['reason']),
      attachment: template(['name', 'size']),
      attachmentSkipped: template(['name']),
      threadSubject: template(['subject']),
      subjectMaxLength: number({ min: 10, max: 998, integer: true }),
      textMaxLength: number({ min: 100, max: 100_000, integer: true }),
      templates: replyTemplates(),
    }),
    sources: wordsLike(wordsOf('sources'), {
      labels: texts(ATTRIBUTION_KEYS),
      devices: texts(DEVICES),
      /** The ad network each click id an address carries comes from, by that id. */
      adNetworks: texts(CLICK_IDS),
    }),
    languages: wordsLike(wordsOf('languages'), {
      sentIn: template(['language']),
      choiceCount: template(['name', 'count']),
    }),
    insights: wordsLike(wordsOf('insights'), {
      intro: longText(),
      others: template(['count']),
    }),
    subscribers: wordsLike(wordsOf('subscribers'), {
      intro: template(['days']),
      states: texts(SUBSCRIBER_STATES),
      stateCount: template(['state', 'count']),
      confirmationStates: texts(CONFIRMATION_MAILS),
      resendNamed: template(['email']),
      resent: template(['email']),
      signedUpLine: template(['date']),
      confirmedLine: template(['date']),
      unsubscribedLine: template(['date']),
      bouncedLine: template(['date']),
      pageLine: template(['page']),
      unsubscribeNamed: template(['email']),
      unsubscribeTitle: template(['email']),
      unsubscribed: template(['email']),
    }),
    erase: wordsLike(wordsOf('erase'), {
      intro: longText(),
      addresses: template(['addresses']),
      kinds: object(Object.fromEntries(ERASURE_KINDS.map((kind) => [kind, template(['count'])])) as Record<(typeof ERASURE_KINDS)[number], Schema<string>>),
      leadLine: template(['form', 'name', 'date']),
      leadLineWithoutName: template(['form', 'date']),
      mailLine: template(['kind', 'subject', 'date']),
      cvLine: template(['size']),
      attachmentLine: template(['name', 'size']),
      outsideAddresses: template(['addresses']),
      outside: object({
        notificationMailbox: template(['addresses', 'count'], PARAGRAPH),
        webhook: template(['receiver', 'count'], PARAGRAPH),
        agencyMailbox: template(['address', 'answers', 'replies'], PARAGRAPH),
        sender: template(['address', 'count'], PARAGRAPH),
        newsletter: template(['count', 'address'], PARAGRAPH),
        newsletterWithoutSender: template(['count'], PARAGRAPH),
        backups: template(['date'], PARAGRAPH),
      }),
      recordLine: template(['date', 'by']),
    }),
  };
}

/** The content editor's words. */
function contentSchemaOf(wordsOf: WordsOf) {
  return wordsLike(wordsOf('content'), {
    /** The parts of config/site.ts the editor offers, by their key there, with their names. */
    siteParts: siteParts(),
    /** A list's item without a title of its own, by its kind (by the list's key) and its place. */
    itemNumbered: template(['item', 'n']),
    itemKinds: labelTexts(),
    /** The heading a new section of a kind (by its type) starts with, where a heading may be left out. */
    newSectionHeadings: labelTexts(),
    /** The search across the content: its box, its list of places, how many are listed at most, how many characters are shown each side of what was found. */
    search: wordsLike(wordsOf('content', 'search'), {
      found: template(['count']),
      more: template(['count']),
      maxShown: number({ min: 1, max: 500, integer: true }),
      around: number({ min: 10, max: 200, integer: true }),
    }),
    draftSaved: template(['time']),
    discardQuestion: template(['name']),
    /** Why only an owner changes a setting, by its reason (src/schema/schema.ts OWNER_REASONS). */
    ownerOnly: texts(OWNER_REASONS),
    notSaved: template(['reason']),
    scheduledFor: template(['at']),
    othersDraft: template(['author', 'at']),
    othersScheduled: template(['author', 'at']),
    moveUpNamed: template(['name']),
    moveDownNamed: template(['name']),
    linkKind: template(['label']),
    /** A picture cut to its place's shape, before it is uploaded: what the frame shows, the point's two sliders, the two buttons. */
    ...texts(['cropHint', 'focusAcross', 'focusDown', 'cutPreview', 'uploadCut', 'cancelCut']).shape,
    /** The width (CSS pixels) a first picture is made for where its place names none. */
    newPictureWidth: number({ min: 100, max: 4000, integer: true }),
    /** The colour picker's name beside a colour's code: {name} is replaced. */
    pickColour: template(['name']),
    /** The counter under a text with a length limit: {count}, {max} and (search results) {shown} are replaced. */
    counter: template(['count', 'max']),
    counterSearch: template(['count', 'max', 'shown']),
    /** The fold of the settings marked advanced in the schemas; a list item closed and opened; a new item's checklist. */
    ...texts(['advanced', 'checklist']).shape,
    openItemNamed: template(['name']),
    closeItemNamed: template(['name']),
    /** The revisions list: each change before and after, undo of one change, restore of a version. */
    history: wordsLike(wordsOf('content', 'history'), {
      undoOf: template(['of']),
      restoreOf: template(['of']),
      releaseAt: template(['at']),
      ofItem: template(['label']),
      changeSet: template(['where', 'before', 'after']),
      changeFirstSet: template(['where', 'value']),
      changeRemoved: template(['where', 'value']),
      changeItemsRemoved: template(['items']),
      changeItemsAdded: template(['items']),
      changeMoved: template(['where', 'item', 'from', 'to']),
      position: template(['item', 'n']),
      fileMade: template(['where']),
      fileRemoved: template(['where']),
      manyItems: template(['count']),
      undoAll: template(['count']),
      releases: template(['count', 'dates']),
      publishedWith: template(['items']),
    }),
    /** The kinds of section, as the editor names them: one name for each kind the site has (src/site/sections/schemas.ts). */
    sectionTypes: object(Object.fromEntries(SECTION_TYPES.map((type) => [type, text()])) as Record<SectionType, Schema<string>>),
    /** Making a page of its own, and removing one made here. */
    newPage: wordsLike(wordsOf('content', 'newPage'), {
      addressTaken: template(['address', 'title']),
      addressRefused: template(['address', 'problem']),
      /** The kinds of section a new page starts with, and the form its form section starts with: one of config/forms. */
      sectionsAtStart: list(oneOf(SECTION_TYPES), { min: 1 }),
      form: formRef(),
      removeConfirm: template(['title', 'address']),
    }),
    /** Making a form of the office's own: its screen's words, the retention periods offered, and what a new form starts with. */
    newForm: wordsLike(wordsOf('content', 'newForm'), {
      titleTaken: template(['title']),
      retentionChoices: list(object({ days: number({ min: 1, max: 3650, integer: true }), label: text() }), { min: 1 }),
      start: wordsLike(wordsOf('content', 'newForm', 'start'), {
        notify: template(['title']),
        required: template(['label']),
        email: template(['label']),
        min: number({ min: 1, max: MAX_RULE_MIN, integer: true }),
        upload: object({ ...texts(['hint', 'tooLarge', 'wrongType', 'failed']).shape, uploading: template(['name']), done: template(['name']) }),
        notifyByEmail: boolean(),
        notifyByWebhook: boolean(),
        maxLength: object(
          Object.fromEntries(fieldKinds.map((kind) => [kind, number({ min: 1, max: 100000, integer: true })])) as Record<
            (typeof fieldKinds)[number],
            Schema<number>
          >,
        ),
      }),
    }),
    /** Removing a page: what its address gives visitors (the removed page's words and links, or another page). */
    removePage: wordsLike(wordsOf('content', 'removePage'), {
      pageChoice: template(['name', 'address']),
    }),
    revisionScheduled: template(['author', 'at']),
    /** Saving drafts as they are typed: the wait after the last keystroke, the longest wait between tries when the server is out of reach. */
    autosave: object({ delayMs: number({ min: 100, max: 10000, integer: true }), retryMaxSeconds: number({ min: 1, max: 600, integer: true }) }),
    /** Names for keys whose own name says too little (by the key's name: "href" -> "Link"); others are made from the key. */
    labels: labelTexts(),
    /** A sentence under a key's box, by the key's name, where its name alone says too little. */
    help: labelTexts(),
    /** The choices of a key in words, by the key's name and then the choice ("variant": { "primary": "Filled" }); a choice not named here is shown as it is written. */
    choices: choiceTexts(),
    /** What each page, part or file is called in the editor's sentences when it has no title of its own, by file ("site": config/site.ts). */
    fileNames: object({ site: text(), routes: text(), moved: text(), server: text(), admin: text(), other: text() }),
    /** The joint between the names of a place in a sentence: "Home › Hero › Heading". */
    placeJoint: text(),
    /** A section of a page in the outline and in sentences when its type is used twice: {type} and {n} are replaced. */
    sectionNumbered: template(['type', 'n']),
    /** The checker's refusals in the office's words, by kind: {label} is the box's name, the others are listed in REFUSAL_VALUES. */
    refusals: refusalTexts(),
    /** The articles' screens and their rich-text box. */
    articles: wordsLike(wordsOf('content', 'articles'), {
      /** The address offered in place of one typed without https:// ("www.example.com"): {address} is replaced. */
      linkUse: template(['address']),
      linkToPage: template(['title', 'address']),
      linkNotAPage: template(['address']),
    }),
    /** The site in other languages: counts and links in the list, its filter, the screen of one translation, adding a language (an owner). */
    translations: wordsLike(wordsOf('content', 'translations'), {
      toTranslate: plural(['language', 'count']),
      translated: template(['language']),
      needsFilterHint: template(['default']),
      screenTitle: template(['item', 'language']),
      intro: template(['default', 'language']),
      left: plural(['count']),
      original: template(['default']),
      box: template(['language']),
      missing: template(['default']),
      stale: template(['default', 'was']),
      address: template(['language']),
      addressHelp: template(['default']),
      addIntro: template(['default']),
      added: template(['language']),
      languages: template(['languages']),
    }),
    /** Publishing one item (the page, article, form or parts on screen), or every draft of one's own that is ready. */
    publishItems: wordsLike(wordsOf('content', 'publishItems'), {
      /** The button, and the item in sentences, by the kind of item: a page, an article, a form, the parts on every page. */
      button: texts(['page', 'article', 'form', 'part', 'translation']),
      nothing: template(['item']),
      withParts: template(['parts']),
      notWithIt: template(['items']),
      leftProblems: template(['count']),
      leftScheduled: template(['at']),
    }),
  });
}

function refusalTexts() {
  const shape = Object.fromEntries(Object.entries(REFUSAL_VALUES).map(([kind, names]) => [kind, template(['label', 'aLabel', ...names])])) as {
    [K in RefusalKind]: Schema<string>;
  };
  return object(shape);
}

/**
 * Reply templates by form (a form may have none): each {placeholder} must be a field of that
 * form (config/forms: the content's own where the checker knows them, a form made in the editor
 * included; else the bundled forms, whose field names are the data contract).
 */
function replyTemplates(): Schema<Readonly<Record<string, readonly { name: string; subject: string; text: string }[]>>> {
  const templates = list(object({ name: text(), subject: text(), text: longText() }));
  return {
    optional: false,
    expects: 'a group of keys in {curly braces}',
    meta: { kind: 'record', value: templates, keysFrom: 'forms' },
    check(value, path, ctx) {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return object({}).check(value, path, ctx);
      for (const [id, given] of Object.entries(value)) {
        if (!ctx.formIds.has(id)) {
          ctx.report([...path, id], `is not a form of config/forms. Remove it, or use one of: ${[...ctx.formIds].join(', ')}.`, { kind: 'unknownKey' });
          continue;
        }
        templates.check(given, [...path, id], ctx);
        // The content's own forms first (a form made in the editor is in no bundle), else the code's.
        const fields =
          ctx.formFields?.[id] ?? (forms as Record<string, { fields: readonly { name: string }[] } | undefined>)[id]?.fields.map((f) => f.name) ?? [];
        (Array.isArray(given) ? given : []).forEach((item: unknown, i) => {
          for (const key of ['subject', 'text'] as const) {
            checkPlaceholders((item as Record<string, unknown> | null)?.[key], fields, `a field of the form "${id}"`, [...path, id, i, key], ctx);
          }
        });
      }
    },
  };
}

/** A name for some of config/site.ts's keys (a part of the site the editor offers). */
function siteParts() {
  return textsByKey({ file: 'config/site.ts', keys: Object.keys(siteSchema.shape) });
}

/** Any key names, each with a group of choices and their words. */
function choiceTexts(): Schema<Readonly<Record<string, Readonly<Record<string, string>>>>> {
  return {
    optional: false,
    expects: 'a group of keys in {curly braces}',
    meta: { kind: 'record', value: labelTexts() },
    check(value, path, ctx) {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return object({}).check(value, path, ctx);
      for (const [key, words] of Object.entries(value)) labelTexts().check(words, [...path, key], ctx);
    },
  };
}

/** Any key names, each with a text. */
function labelTexts() {
  return textsByKey();
}

/** A group of keys, each with a text; with `keysOf`, only the keys of that file. */
function textsByKey(keysOf?: { file: string; keys: readonly string[] }): Schema<Readonly<Record<string, string>>> {
  return {
    optional: false,
    expects: 'a group of keys in {curly braces}',
    meta: { kind: 'record', value: text() },
    check(value, path, ctx) {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return object({}).check(value, path, ctx);
      for (const [key, name] of Object.entries(value)) {
        if (keysOf && !keysOf.keys.includes(key))
          ctx.report([...path, key], `is not a key of ${keysOf.file}. Use one of: ${keysOf.keys.join(', ')}.`, { kind: 'unknownKey' });
        else text().check(name, [...path, key], ctx);
      }
    },
  };
}

export type AdminConfig = Infer<ReturnType<typeof adminSchemaOf>>;
