/** The description of config/admin.ts: every word of the agency's inbox. */
import forms from '../../../config/forms';
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

export const adminSchema = object({
  locale: languageTag(),
  timeZone: timeZone(),
  currency: currency(),
  title: text(),
  titleWithUnread: text(),
  loading: text(),
  forms: formNames(),
  statuses: texts(LEAD_STATUSES),
  kinds: formKinds(),
  /** The rules a form's check may use (src/platform/rules.ts), in the office's words: one for each; {min} in a rule with a number. */
  ruleLabels: object(Object.fromEntries(ruleNames.map((name) => [name, isCountedRule(name) ? template(['min']) : text()])) as Record<RuleName, Schema<string>>),
  stages: stages(),
  pipeline: object({
    ...texts([
      'heading',
      'stage',
      'lostReason',
      'value',
      'followUp',
      'followUpHint',
      'assignee',
      'nobody',
      'save',
      'saving',
      'saved',
      'historyHeading',
      'noHistory',
    ]).shape,
    valueHint: template(['currency']),
    you: template(['email']),
    historyLine: template(['at', 'by', 'change']),
    changes: object({
      staged: template(['stage']),
      stagedLost: template(['stage', 'reason']),
      assigned: template(['to']),
      unassigned: text(),
      value: template(['value']),
      valueCleared: text(),
      followUp: template(['date']),
      followUpCleared: text(),
      status: template(['status']),
    }),
    ...texts(['column', 'yours', 'filterStage', 'allStages', 'filterAssignee', 'everyone', 'mine', 'unassigned']).shape,
    followUpOn: template(['date']),
    due: template(['date']),
    valueMax: number({ min: 1, max: 1e12, integer: true }),
    followUpMaxDays: number({ min: 1, max: 36600, integer: true }),
    problems: object({
      ...texts(['unknownStage', 'reasonMissing', 'notAnOwner', 'nothingToChange']).shape,
      badValue: template(['max']),
      badFollowUp: template(['max']),
    }),
  }),
  wideTable: text(),
  placeholders: text(),
  placeholdersShow: template(['count']),
  placeholdersHide: text(),
  liveOff: text(),
  signIn: object({
    ...texts([
      'heading',
      'email',
      'password',
      'submit',
      'submitting',
      'noAccount',
      'noAccountCommand',
      'sessionEnded',
      'remember',
      'secondStepHeading',
      'secondStepIntro',
      'usePasskey',
      'passkeyWaiting',
      'code',
      'codeHint',
      'recoveryCode',
      'recoveryHint',
      'useRecovery',
      'useCode',
      'confirm',
      'confirming',
      'startAgain',
      'mailIntro',
      'mailCode',
      'mailCodeHint',
    ]).shape,
    rememberHint: template(['days']),
  }),
  /** The Sign-in and security screen: passkeys, the authenticator app, recovery codes, the owners' requirement. */
  security: object({
    ...texts([
      'link',
      'heading',
      'intro',
      'mustSetUp',
      'passkeys',
      'noPasskeys',
      'passkeyName',
      'passkeyNameHint',
      'addPasskey',
      'adding',
      'remove',
      'app',
      'appOn',
      'appOff',
      'setUpApp',
      'scan',
      'qrLabel',
      'key',
      'firstCode',
      'turnOn',
      'cancel',
      'removeApp',
      'recovery',
      'newCodes',
      'codesHeading',
      'codesIntro',
      'codesKept',
      'required',
      'requiredHint',
      'newDeviceMail',
      'newDeviceMailHint',
    ]).shape,
    passkeyAdded: template(['date']),
    passkeyUsed: template(['date']),
    removePasskey: template(['name']),
    recoveryLeft: template(['count']),
  }),
  passwordAgain: object({
    ...texts(['heading', 'password', 'confirm', 'checking', 'cancel', 'cancelled']).shape,
    intro: template(['minutes']),
  }),
  nav: object({
    ...texts([
      'label',
      'inbox',
      'spam',
      'erase',
      'content',
      'insights',
      'newsletter',
      'newsletters',
      'subscribers',
      'signOut',
      'signOutEverywhere',
      'menu',
      'skipToContent',
    ]).shape,
    signedInAs: template(['email', 'role']),
    /** What each role does, after the account's address. */
    roles: texts(ADMIN_ROLES),
  }),
  list: object({
    ...texts([
      'heading',
      'unread',
      'filtersLabel',
      'form',
      'allForms',
      'formCount',
      'status',
      'allStatuses',
      'openStatuses',
      'show',
      'showSubmissions',
      'showPeople',
      'search',
      'searchHint',
      'exportCsv',
      'exportJson',
      'exportHint',
      'filtersButton',
      'filtersButtonActive',
    ]).shape,
    columns: texts(['form', 'name', 'email', 'receivedAt', 'status', 'actions', 'lead', 'activity']),
    waiting: template(['time']),
    lastActivity: template(['time']),
    unreadMark: text(),
    submissions: template(['count']),
    mailboxRead: template(['at']),
    mailboxNever: text(),
    mailboxFailing: template(['since', 'error', 'next']),
    mailboxBack: template(['from', 'until', 'at']),
    visitorMailHeld: template(['count', 'perDay', 'since']),
    visitorMailForOwner: template(['count']),
    visitorMailRefused: template(['count']),
    ...texts(['tableLabel', 'empty', 'loading', 'rowsPerPage', 'shownRows', 'firstPage', 'previousPage', 'nextPage', 'lastPage', 'sort']).shape,
    ...texts(['selectColumn', 'selectRow', 'unselectRow', 'selectAll', 'unselectAll', 'bulkLabel', 'selected', 'noneSelected']).shape,
    bulk: texts(BULK_ACTIONS),
    bulkDone: texts(BULK_ACTIONS),
    ...texts(['deleteTitle', 'deleteQuestion', 'deleteConfirm', 'cancel']).shape,
  }),
  spam: texts(['heading', 'intro', 'notSpam', 'movedToInbox']),
  lead: object({
    ...texts(['back', 'received', 'spamNotice', 'notSpam', 'markSpam', 'markedSpam', 'fieldsHeading']).shape,
    spamNoticeNotified: template(['channels']),
    spamNoticeAutoReplied: text(),
    spamNoticeBoth: template(['channels']),
    stampLabels: texts(['id', 'Date']),
    browserTime: template(['date', 'zone']),
    ticked: texts(['yes', 'no']),
    ...texts([
      'empty',
      'retiredHeading',
      'opensInNewTab',
      'status',
      'statusSaved',
      'note',
      'noteHint',
      'saveNote',
      'noteSaved',
      'cvHeading',
      'downloadCv',
      'cvDeleted',
      'cvText',
      'noCv',
      'deliveriesHeading',
      'noDeliveries',
    ]).shape,
    deliveryColumns: texts(['channel', 'state', 'attempts', 'lastError', 'sentAt']),
    channels: texts(['email', 'webhook']),
    deliveryChannel: template(['channel', 'about']),
    deliveryAbout: texts(['lead', 'answer']),
    deliveryStates: texts(['pending', 'retrying', 'sent', 'failed']),
    ...texts([
      'sendAgain',
      'sentAgain',
      'deleteHeading',
      'deleteButton',
      'deleteQuestion',
      'deleteConfirm',
      'cancel',
      'deleted',
      'notFound',
      'loading',
      'jumpLabel',
      'personHeading',
      'thisOne',
    ]).shape,
    personMore: template(['count']),
    ...texts(['unreadNotice', 'markRead', 'markedRead']).shape,
  }),
  replies: object({
    ...texts(['heading', 'to', 'template', 'blank', 'subject', 'text', 'send', 'sending', 'sent', 'noAddress', 'historyHeading', 'noHistory']).shape,
    historyLine: template(['at', 'by', 'state']),
    answerLine: template(['at', 'from']),
    mailProgramLine: template(['at', 'from']),
    automaticLine: template(['at', 'from', 'what']),
    automaticKinds: texts(AUTOMATIC_KINDS),
    mailReplyLine: template(['at', 'by', 'state']),
    mailHeld: template(['at']),
    returnedState: text(),
    returned: template(['at']),
    notSentLine: template(['at', 'from']),
    notSentWhy: template(['reason']),
    ...texts(['showQuoted', 'hideQuoted', 'newestFirst']).shape,
    attachment: template(['name', 'size']),
    attachmentSkipped: template(['name']),
    mailTooLarge: text(),
    mailUnreadable: text(),
    mailSuspicious: text(),
    threadSubject: template(['subject']),
    autoReply: text(),
    subjectMaxLength: number({ min: 10, max: 998, integer: true }),
    textMaxLength: number({ min: 100, max: 100_000, integer: true }),
    problems: texts(['subjectMissing', 'subjectTooLong', 'textMissing', 'textTooLong']),
    templates: replyTemplates(),
  }),
  sources: object({
    ...texts(['heading', 'none', 'direct']).shape,
    labels: texts(ATTRIBUTION_KEYS),
    devices: texts(DEVICES),
    /** The ad network each click id an address carries comes from, by that id. */
    adNetworks: texts(CLICK_IDS),
    ...texts(['filterSource', 'allSources', 'filterCampaign', 'allCampaigns', 'noCampaign', 'choiceCount']).shape,
  }),
  languages: object({
    sentIn: template(['language']),
    ...texts(['language', 'allLanguages']).shape,
    choiceCount: template(['name', 'count']),
    heading: text(),
  }),
  insights: object({
    ...texts(['heading', 'period', 'weeksOption', 'loading', 'leadsPerWeek', 'chartNote', 'visits', 'bySource', 'byLandingPage']).shape,
    intro: longText(),
    columns: texts(['week', 'source', 'campaign', 'page', 'visits', 'visitors', 'leads', 'rate']),
    ...texts(['won', 'wonValue']).shape,
    ...texts(['noRate', 'total', 'unknownPage', 'empty']).shape,
    others: template(['count']),
    ...texts(['subscribersHeading', 'subscribersIntro', 'subscribed', 'left', 'confirmedSubscribers']).shape,
  }),
  subscribers: object({
    heading: text(),
    intro: template(['days']),
    states: texts(SUBSCRIBER_STATES),
    stateCount: template(['state', 'count']),
    ...texts(['state', 'search', 'searchHint', 'mailOff', 'exportCsv', 'exportHint', 'tableLabel']).shape,
    columns: texts([
      'email',
      'state',
      'signedUpAt',
      'page',
      'source',
      'campaign',
      'confirmedAt',
      'unsubscribedAt',
      'bouncedAt',
      'consentWords',
      'actions',
      'confirmation',
    ]),
    confirmationStates: texts(CONFIRMATION_MAILS),
    resend: text(),
    resendNamed: template(['email']),
    resent: template(['email']),
    consent: text(),
    signedUpLine: template(['date']),
    confirmedLine: template(['date']),
    unsubscribedLine: template(['date']),
    bouncedLine: template(['date']),
    pageLine: template(['page']),
    ...texts(['noPage', 'empty', 'loading', 'rowsPerPage', 'unsubscribe']).shape,
    unsubscribeNamed: template(['email']),
    unsubscribeTitle: template(['email']),
    ...texts(['unsubscribeQuestion', 'unsubscribeConfirm', 'cancel']).shape,
    unsubscribed: template(['email']),
  }),
  erase: object({
    ...texts(['heading', 'email', 'find', 'none', 'foundHeading']).shape,
    intro: longText(),
    addresses: template(['addresses']),
    kinds: object(Object.fromEntries(ERASURE_KINDS.map((kind) => [kind, template(['count'])])) as Record<(typeof ERASURE_KINDS)[number], Schema<string>>),
    leadLine: template(['form', 'name', 'date']),
    leadLineWithoutName: template(['form', 'date']),
    spamLead: text(),
    mailLine: template(['kind', 'subject', 'date']),
    mailKinds: texts(['answer', 'mailProgram', 'autoReply', 'reply', 'relayed', 'newsletter']),
    cvLine: template(['size']),
    attachmentLine: template(['name', 'size']),
    ...texts(['confirmLabel', 'confirmHint', 'confirm', 'erasing', 'erased', 'outsideHeading']).shape,
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
    ...texts(['recordsHeading', 'recordsIntro', 'recordsNone']).shape,
    recordLine: template(['date', 'by']),
  }),
  /** The newsletter's screens (/admin/newsletters). */
  newsletters: object({
    ...texts(['heading', 'loading']).shape,
    intro: longText(),
    confirmed: template(['count']),
    ...texts(['mailOff', 'noDkim', 'new', 'fromArticle', 'article', 'startFromArticle', 'noArticles', 'empty', 'tableLabel']).shape,
    columns: texts(['newsletter', 'state', 'sent', 'bounced', 'unsubscribed', 'complaints', 'visits', 'leads']),
    states: object({ draft: text(), ready: template(['by']), scheduled: template(['when']), sending: template(['sent', 'readers']), sent: template(['when']) }),
    ...texts(['back', 'newHeading', 'subject', 'subjectHelp', 'name', 'nameHelp', 'body', 'loadingEditor', 'save', 'saving', 'saved']).shape,
    ...texts(['delete', 'deleteQuestion', 'deleteConfirm', 'cancel']).shape,
    ...texts(['preview', 'previewPhone', 'previewWide', 'previewText', 'previewNote', 'previewLoading', 'test', 'testing']).shape,
    testSent: template(['email']),
    testSubject: template(['subject']),
    ...texts(['saveFirst', 'sendHeading']).shape,
    sendNow: plural(['count']),
    sendQuestion: plural(['subject', 'count']),
    ...texts(['sendConfirm', 'sendAt', 'schedule']).shape,
    scheduled: template(['when']),
    ...texts([
      'unschedule',
      'sendingNow',
      'ownersSend',
      'readOnly',
      'figures',
      'figuresReaders',
      'figuresWaiting',
      'figuresFailed',
      'figuresNote',
      'notFound',
      'sendArticle',
      'history',
    ]).shape,
    historyLine: template(['when', 'what', 'by', 'revision']),
    changeKinds: texts(['created', 'edited', 'scheduled', 'unscheduled']),
    /** A draft marked ready for an owner to send, or taken back; the owners' frame lists the ready ones. */
    ...texts(['markReady', 'markedReady', 'notReady', 'readyForOwner', 'readyLabel']).shape,
    readyHeading: plural(['count']),
    readyLine: template(['subject', 'by']),
  }),
  errors: texts(['network', 'unexpected']),
  content: object({
    ...texts(['heading', 'intro', 'pages', 'parts', 'forms', 'edit', 'back', 'loading', 'unsaved']).shape,
    /** The parts of config/site.ts the editor offers, by their key there, with their names. */
    siteParts: siteParts(),
    /** A list's item without a title of its own, by its kind (by the list's key) and its place. */
    itemNumbered: template(['item', 'n']),
    itemKinds: labelTexts(),
    /** The heading a new section of a kind (by its type) starts with, where a heading may be left out. */
    newSectionHeadings: labelTexts(),
    /** The search across the content: its box, its list of places, how many are listed at most, how many characters are shown each side of what was found. */
    search: object({
      ...texts(['label', 'hint', 'heading', 'foundOne', 'none']).shape,
      found: template(['count']),
      more: template(['count']),
      maxShown: number({ min: 1, max: 500, integer: true }),
      around: number({ min: 10, max: 200, integer: true }),
    }),
    ...texts(['publish', 'publishing', 'published', 'openLive', 'problems', 'problemsOne', 'conflict', 'contract', 'ownerOnly', 'fromCode']).shape,
    draftSaved: template(['time']),
    notSaved: template(['reason']),
    scheduledFor: template(['at']),
    othersDraft: template(['author', 'at']),
    othersScheduled: template(['author', 'at']),
    ...texts([
      'statusPublished',
      'saving',
      'offline',
      'draftOutdated',
      'schedule',
      'scheduleHeading',
      'scheduleAt',
      'scheduleHint',
      'scheduleConfirm',
      'scheduleCancel',
      'scheduleClose',
    ]).shape,
    ...texts(['discard', 'discardQuestion', 'discardConfirm', 'discardKeep', 'discarded']).shape,
    ...texts([
      'add',
      'addNamed',
      'addItem',
      'remove',
      'removeNamed',
      'moveUp',
      'moveDown',
      'item',
      'added',
      'removed',
      'moved',
      'none',
      'sectionType',
      'addSection',
      'sectionHidden',
    ]).shape,
    moveUpNamed: template(['name']),
    moveDownNamed: template(['name']),
    ...texts(['openSection', 'openSectionNamed', 'backToOutline', 'sectionProblemsOne', 'sectionProblems']).shape,
    linkKind: template(['label']),
    ...texts([
      'linkPage',
      'linkAddress',
      'linkAddressHint',
      'upload',
      'uploading',
      'uploaded',
      'uploadFailed',
      'publishRefused',
      'publishFailed',
      'pictureSize',
      'noPicture',
    ]).shape,
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
    ...texts(['openItem', 'closeItem']).shape,
    openItemNamed: template(['name']),
    closeItemNamed: template(['name']),
    ...texts(['preview', 'editOrPreview', 'desktop', 'phone', 'previewNote', 'previewSent', 'mapNotShown', 'openMap']).shape,
    ...texts(['revisions', 'revisionBy', 'noRevisions', 'restore', 'restoring', 'restored']).shape,
    /** The revisions list: each change before and after, undo of one change, restore of a version. */
    history: object({
      undoOf: template(['of']),
      restoreOf: template(['of']),
      releaseAt: template(['at']),
      ofItem: template(['label']),
      ...texts(['showChanges', 'hideChanges', 'before', 'after', 'nothing', 'showOfItem', 'undo', 'undoTitle', 'undoIntro', 'undoConfirm', 'undoing', 'undone'])
        .shape,
      ...texts(['refusedIntro', 'restoreTitle', 'restoreIntro', 'restoreConfirm', 'notesIntro', 'preparing', 'nothingToChange', 'cancel', 'close']).shape,
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
      ...texts(['changeReordered', 'anItem', 'oneItem']).shape,
      undoAll: template(['count']),
      ...texts(['undoAllTitle', 'undoAllIntro', 'undoOne', 'previewAfter', 'previewWhich']).shape,
      releases: template(['count', 'dates']),
      publishedWith: template(['items']),
    }),
    /** The kinds of section, as the editor names them: one name for each kind the site has (src/site/sections/schemas.ts). */
    sectionTypes: object(Object.fromEntries(SECTION_TYPES.map((type) => [type, text()])) as Record<SectionType, Schema<string>>),
    /** Making a page of its own, and removing one made here. */
    newPage: object({
      ...texts(['open', 'heading', 'intro', 'title', 'titleHelp', 'address', 'addressHelp', 'description', 'descriptionHelp', 'formChoice', 'formHelp']).shape,
      addressTaken: template(['address', 'title']),
      addressRefused: template(['address', 'problem']),
      ...texts(['inMenu', 'searchable', 'searchableHelp', 'sections', 'sectionsHelp', 'noSections']).shape,
      /** The kinds of section a new page starts with, and the form its form section starts with: one of config/forms. */
      sectionsAtStart: list(oneOf(SECTION_TYPES), { min: 1 }),
      form: formRef(),
      ...texts(['create', 'cancel', 'remove']).shape,
      removeConfirm: template(['title', 'address']),
      ...texts(['removeYes', 'removeNo', 'removing', 'removed']).shape,
    }),
    /** Making a form of the office's own: its screen's words, the retention periods offered, and what a new form starts with. */
    newForm: object({
      ...texts(['open', 'heading', 'intro', 'title', 'titleHelp', 'noTitle', 'purpose', 'purposeHelp', 'noPurpose', 'kind', 'kindHelp']).shape,
      ...texts(['retention', 'retentionHelp', 'create', 'cancel']).shape,
      titleTaken: template(['title']),
      retentionChoices: list(object({ days: number({ min: 1, max: 3650, integer: true }), label: text() }), { min: 1 }),
      start: object({
        ...texts(['question', 'submitLabel', 'submittingLabel', 'success', 'failure', 'option']).shape,
        notify: template(['title']),
        required: template(['label']),
        min: number({ min: 1, max: MAX_RULE_MIN, integer: true }),
        anyNumber: text(),
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
    removePage: object({
      ...texts(['visitors', 'tell', 'send', 'message', 'messageHelp', 'links', 'to']).shape,
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
    fileNames: object({ site: text(), routes: text(), server: text(), admin: text(), other: text() }),
    /** The joint between the names of a place in a sentence: "Home › Hero › Heading". */
    placeJoint: text(),
    /** A section of a page in the outline and in sentences when its type is used twice: {type} and {n} are replaced. */
    sectionNumbered: template(['type', 'n']),
    /** The checker's refusals in the office's words, by kind: {label} is the box's name, the others are listed in REFUSAL_VALUES. */
    refusals: refusalTexts(),
    /** The articles' screens and their rich-text box. */
    articles: object({
      ...texts([
        'heading',
        'add',
        'newTitle',
        'create',
        'cancel',
        'newLabel',
        'remove',
        'removeQuestion',
        'removeConfirm',
        'removing',
        'undoRemove',
        'toolbar',
        'bold',
        'italic',
        'link',
        'linkAddress',
        'linkHelp',
        'linkNoPage',
        'linkNotValid',
        'linkApply',
        'linkRemove',
        'paragraph',
        'headingBlock',
        'subheadingBlock',
        'more',
        'bulleted',
        'numbered',
        'quote',
        'picture',
        'pictureFile',
        'pictureAlt',
        'pictureInsert',
        'loadingEditor',
      ]).shape,
      /** The address offered in place of one typed without https:// ("www.example.com"): {address} is replaced. */
      linkUse: template(['address']),
      linkToPage: template(['title', 'address']),
      linkNotAPage: template(['address']),
    }),
    /** The site in other languages: counts and links in the list, its filter, the screen of one translation, adding a language (an owner). */
    translations: object({
      toTranslate: plural(['language', 'count']),
      translated: template(['language']),
      needsFilter: text(),
      needsFilterHint: template(['default']),
      nothingNeeded: text(),
      screenTitle: template(['item', 'language']),
      intro: template(['default', 'language']),
      ...texts(['back', 'onlyNeeded']).shape,
      left: plural(['count']),
      allDone: text(),
      original: template(['default']),
      box: template(['language']),
      missing: template(['default']),
      stale: template(['default', 'was']),
      ...texts(['missingShort', 'staleShort', 'done']).shape,
      address: template(['language']),
      addressHelp: template(['default']),
      ...texts(['add', 'addTitle']).shape,
      addIntro: template(['default']),
      ...texts(['codeHelp', 'name', 'nameHelp', 'prefixHelp', 'addConfirm', 'adding', 'cancel']).shape,
      added: template(['language']),
      ownerOnly: text(),
      languages: template(['languages']),
    }),
    /** Publishing one item (the page, article, form or parts on screen), or every draft of one's own that is ready. */
    publishItems: object({
      /** The button, and the item in sentences, by the kind of item: a page, an article, a form, the parts on every page. */
      button: texts(['page', 'article', 'form', 'part', 'translation']),
      item: texts(['page', 'article', 'form', 'part', 'translation']),
      nothing: template(['item']),
      withParts: template(['parts']),
      notWithIt: template(['items']),
      ...texts(['all', 'allTitle', 'allIntro', 'allLeft', 'leftProblemsOne', 'allNone', 'allConfirm', 'allCancel', 'allPublished']).shape,
      leftProblems: template(['count']),
      leftScheduled: template(['at']),
    }),
  }),
});

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

export type AdminConfig = Infer<typeof adminSchema>;
