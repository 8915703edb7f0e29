/** The description of config/site.ts: brand, header, footer, wording of the interface, constants. */
import { contactLink, imageSchema, linkSchema } from '../../schema/common';
import { iconNames } from '../../schema/icons';
import { goneLinkSchema } from './movedSchema';
import {
  advanced,
  boolean,
  color,
  describe,
  description,
  formRef,
  heading,
  href,
  label,
  list,
  longText,
  milliseconds,
  number,
  object,
  oneOf,
  optional,
  mailedToStrangers,
  ownerOnly,
  routePath,
  siteUrl,
  template,
  text,
  TEXT_LIMITS,
  languageTag,
  sameInEveryLanguage,
  type CheckContext,
  type Infer,
  type Path,
} from '../../schema/schema';

/** The address prefix of a language other than the default: a slash and its letters ("/de", "/pt-br"). */
const PREFIX = /^\/[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/;

const languageSchema = object({
  /** Its tag as browsers and search engines know it ("de-DE"): the page's lang, its hreflang. */
  code: languageTag(),
  /** Its name in its own words ("Deutsch"), as the language switcher shows it: the same in every language. */
  name: sameInEveryLanguage(text()),
});

/**
 * The languages of the site (src/site/model/translation.ts siteLanguages): the default one at
 * the site's own addresses, each other one under its `prefix` ("/de/Kontakt"), its words from the
 * translation files of config/translations/<code>. Each code and each prefix once, a code in its
 * usual spelling ("de-DE"), a prefix no page's address.
 */
function languagesSchema() {
  const shape = object({
    default: languageSchema,
    others: list(object({ ...languageSchema.shape, prefix: sameInEveryLanguage(text()) })),
  });
  return {
    ...shape,
    check(value: unknown, path: Path, ctx: CheckContext) {
      shape.check(value, path, ctx);
      if (typeof value !== 'object' || value === null) return;
      const given = value as { default?: { code?: unknown }; others?: unknown };
      const others = Array.isArray(given.others) ? (given.others as { code?: unknown; prefix?: unknown }[]) : [];
      const codes: unknown[] = [given.default?.code, ...others.map((other) => other?.code)];
      codes.forEach((code, i) => {
        if (typeof code !== 'string') return;
        const where = i === 0 ? [...path, 'default', 'code'] : [...path, 'others', i - 1, 'code'];
        const canonical = canonicalTag(code);
        if (canonical !== undefined && canonical !== code)
          ctx.report(where, `${JSON.stringify(code)} should be written ${JSON.stringify(canonical)}, as browsers and search engines write it.`, {
            kind: 'notALanguage',
            values: { value: code },
          });
        if (codes.indexOf(code) < i)
          ctx.report(where, `${JSON.stringify(code)} is there twice. Write each once.`, { kind: 'keyTaken', values: { value: code } });
      });
      const prefixes = others.map((other) => other?.prefix);
      prefixes.forEach((prefix, i) => {
        if (typeof prefix !== 'string') return;
        const where = [...path, 'others', i, 'prefix'];
        if (!PREFIX.test(prefix)) {
          const problem = 'should be a slash and the language\'s letters in lower case, like "/de".';
          return ctx.report(where, `${JSON.stringify(prefix)} ${problem}`, { kind: 'badAddress', values: { value: prefix, problem } });
        }
        if (prefixes.indexOf(prefix) < i)
          return ctx.report(where, `${JSON.stringify(prefix)} is there twice. Write each once.`, { kind: 'keyTaken', values: { value: prefix } });
        const taken = [...ctx.sitePaths].find((page) => page.toLowerCase() === prefix || page.toLowerCase().startsWith(`${prefix}/`));
        if (taken !== undefined)
          ctx.report(where, `${JSON.stringify(prefix)} is the start of the address of a page of the site (${taken}). Choose another prefix.`, {
            kind: 'addressTaken',
            values: { value: prefix },
          });
      });
    },
  };
}

/** A language tag as Intl writes it ("de-de" -> "de-DE"), or undefined when it is none. */
function canonicalTag(code: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(code)[0];
  } catch {
    return undefined;
  }
}

const ms = (atLeast?: { ms: number; what: string; because: string }) => milliseconds({ max: 600000, ...(atLeast ? { atLeast } : {}) });
const px = () => number({ min: 0, max: 10000, integer: true });

export const siteSchema = object({
  brand: object({
    name: text(),
    logo: imageSchema,
    /** The picture shown when a page is shared (1200 x 630). */
    shareImage: imageSchema,
    /** Short description of the agency for search engines (organisation data). */
    description: description(),
    /** The short paragraph about the agency in the footer. */
    blurb: longText(),
    /** Site address without a trailing slash, used for canonical links and the sitemap. */
    url: siteUrl(),
    colors: object({
      primary: color(),
      primaryDark: color(),
      secondary: color(),
      background: color(),
      surface: color(),
      text: color(),
      mutedText: color(),
      /**
       * The backgrounds of messages, under white text: toasts (success, error, warning) and the
       * line shown above a form sent without JavaScript (success: sent, error: not sent).
       */
      success: color({ underWhiteText: true }),
      error: color({ underWhiteText: true }),
      warning: color({ underWhiteText: true }),
    }),
  }),
  /**
   * The site's one phone number and e-mail address: the contact bar shows them, and the footer's
   * columns that ask for them. The phone number (with its country code) is also the number every
   * WhatsApp link opens a chat with. The e-mail address is also the Reply-To of every mail the site
   * sends visitors and the mailbox the inbox reads their answers from: only an owner changes it.
   */
  contact: object({
    phone: contactLink('tel'),
    email: ownerOnly(contactLink('mailto'), 'answers'),
    address: text(),
  }),
  /** The agency's profiles: chat, photo sharing, professional network. The WhatsApp one (icon whatsapp) without a link opens a chat with `contact.phone`'s number. */
  social: list(object({ label: label(), href: optional(href()), icon: oneOf(iconNames) }), { min: 1 }),
  /** WhatsApp chat: the message a page's WhatsApp button starts with (the chat is with `contact.phone`'s number). */
  whatsapp: object({ message: text() }),
  navigation: object({
    /** Name of the menu for screen readers. */
    label: advanced(text()),
    /** The logo's link to the home page, for screen readers. */
    logoLabel: advanced(text()),
    links: list(object({ label: label(), href: href() }), { min: 1 }),
    cta: object({ label: label(), href: href() }),
    openMenuLabel: advanced(text()),
    closeMenuLabel: advanced(text()),
  }),
  footer: object({
    socialLabel: advanced(text()),
    /** Each column: its heading, its links, then the contact details it shows (the one phone number and e-mail of `contact`). */
    columns: list(object({ heading: heading(), links: list(linkSchema, { min: 1 }), showPhone: optional(boolean()), showEmail: optional(boolean()) }), {
      min: 1,
    }),
    newsletter: object({ heading: heading(), text: longText(), form: formRef() }),
    /** {year} is replaced by the current year. */
    copyright: text(),
    backToTop: text(),
  }),
  /** The line under every form; {link} becomes a link with `link.label` to `link.href` (the privacy page). */
  privacyNote: object({ text: template(['link']), link: object({ label: label(), href: href() }) }),
  /**
   * Confirming a newsletter sign-up (src/newsletter/server): the e-mail (its subject, its text, the
   * words before the link, the words after it) and the pages the link opens, served by our server.
   * {days}: config/server.ts newsletter.unconfirmedDays.
   */
  newsletter: object({
    /** The confirmation mail, sent to any address a stranger types: only an owner changes it, and it links only to the site. */
    confirmMail: ownerOnly(
      object({
        subject: mailedToStrangers(text()),
        text: mailedToStrangers(longText()),
        button: mailedToStrangers(label()),
        after: mailedToStrangers(describe(template(['days', 'date']), { kind: 'longText' })),
      }),
      'strangers',
    ),
    confirmPage: object({ heading: heading(), text: longText(), button: label() }),
    confirmed: object({ heading: heading(), text: longText() }),
    expired: object({ heading: heading(), text: describe(template(['days']), { kind: 'longText' }) }),
    wrongLink: object({ heading: heading(), text: longText() }),
    home: label(),
  }),
  /** The round chat button in the bottom corner of every page: its words, and where it leads (without a link: a WhatsApp chat with `contact.phone`'s number). */
  chat: object({ label: label(), href: optional(href()) }),
  /**
   * What the address of a page the office removed shows (answered 410 Gone, noindex): the words the
   * office wrote when removing it, else `message`, as its heading; `text` under it; then the links
   * the office chose, else these.
   */
  gone: object({ message: heading(), text: longText(), links: list(goneLinkSchema, { min: 1 }) }),
  /** The words around every newsletter: why the reader gets it ({brand}), the unsubscribe link's words, and under an article the link to its page. */
  newsletterMail: object({ why: template(['brand']), unsubscribe: label(), unsubscribeText: template(['link']), readOnSite: label() }),
  /** The unsubscribe link's page (one button unsubscribes): its title ({brand}), heading, text, button, and what it says after, or for a link the site did not make. */
  unsubscribePage: object({
    title: template(['brand'], { maxLength: TEXT_LIMITS.title }),
    heading: heading(),
    text: longText(),
    button: label(),
    done: text(),
    unknown: longText(),
    home: label(),
  }),
  ui: object({
    skipToContent: text(),
    contactBarLabel: text(),
    breadcrumbLabel: text(),
    loading: text(),
    readMore: text(),
    readLess: text(),
    carouselLabel: text(),
    /** {n} and {total} are replaced by numbers. */
    slideLabel: text(),
    dotLabel: text(),
    dotsLabel: text(),
    previousLabel: text(),
    nextLabel: text(),
    newTabHint: text(),
    /** The name, for screen readers, of the header's links to the page in the site's other languages. */
    languagesLabel: advanced(text()),
    errorScreen: object({ heading: heading(), text: longText(), homeLabel: label() }),
  }),
  constants: object({
    breakpoints: object({ xs: px(), sm: px(), md: px(), lg: px(), xl: px(), xxl: px() }),
    collapseMs: ms(),
    counterDurationMs: ms(),
    carousel: object({
      /** Cards shown side by side from each screen width up (the widest that fits wins). */
      slidesToShow: list(object({ minWidth: px(), slides: number({ min: 1, max: 6, integer: true }) }), { min: 1 }),
      slidesToScroll: number({ min: 1, integer: true }),
      dots: boolean(),
      infinite: boolean(),
      speedMs: ms(),
      arrows: boolean(),
    }),
    mapHeightPx: px(),
    toast: object({
      autoHideMs: ms({ ms: 3000, what: 'the time a message stays on screen', because: 'a shorter time hides it before a visitor can read it' }),
      vertical: oneOf(['top', 'bottom']),
      horizontal: oneOf(['left', 'center', 'right']),
      dragDismissPercent: number({ min: 1, max: 100 }),
      pauseOnFocusLoss: boolean(),
      maxShown: number({ min: 1, max: 10, integer: true }),
      /** A toast at the top: how far below the header's visible bottom (the header's buttons stay uncovered). */
      belowHeaderPx: px(),
    }),
    pageLoadTimeoutMs: ms({
      ms: 10000,
      what: "the time a page's menu, forms and other working parts have to load",
      because: 'on a slow connection a shorter time gives up on them, and they stop working for that visitor',
    }),
    /**
     * Submissions that could not be saved (offline, server trouble) wait in the visitor's
     * browser and are sent again: on the next visit, when the connection returns, and while
     * the page stays open after firstRetryMs, doubling up to maxRetryMs. Kept keepDays days.
     */
    outbox: object({
      firstRetryMs: ms({
        ms: 5000,
        what: "the wait before a visitor's browser sends a form again",
        because: 'a shorter wait has every browser holding a form that could not be sent send it over and over, to the site and its limits',
      }),
      maxRetryMs: ms({
        ms: 60000,
        what: "the longest wait between a visitor's browser's tries",
        because: 'a shorter one keeps every browser holding a form that could not be sent trying as often, for as long as the site is unreachable',
      }),
      keepDays: number({ min: 1, max: 365, integer: true }),
    }),
  }),
  /** The articles (config/articles): where their pages are, their feed, and the words around them. */
  articles: object({
    /** The address their pages are under: an article is at "<path>/<its address>" ("/Blog/my-article"). */
    path: routePath(),
    /** The feed of the articles (Atom), linked from every page's head: its title and one sentence. */
    feedTitle: text(),
    feedDescription: longText(),
    /** The line under an article's title; {author} and {date} are filled in. */
    byline: template(['author', 'date']),
    /** The language dates are written in ("en-GB": 25 November 2026). */
    dateLocale: describe(text(), { kind: 'text', format: 'locale', translatable: false }),
    /** The trail above an article's title, from Home to the list (the article's title is added as the last step). */
    breadcrumb: list(object({ label: label(), href: href() }), { min: 1 }),
  }),
  /** Adding a language makes every page exist in it: an owner's choice (the editor's "Add a language"). */
  languages: ownerOnly(languagesSchema(), 'languages'),
});
export type SiteConfig = Infer<typeof siteSchema>;
