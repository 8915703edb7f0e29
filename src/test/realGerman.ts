/**
 * German as the office would write it, for measuring a German page's weight: real sentences, a
 * quarter longer than the English over these files (German runs 25-35 % longer), not stand-ins. Every text of Home,
 * of the site's words (header, footer, the pages' shared words), of the forms on Home (the inquiry
 * and the newsletter) and of Contact and its form, by key path (as the checker writes it). `%B`
 * stands for the brand's name (read from config/site.ts: the name is the same in every language),
 * SAME for a text kept as it is in German (a phone number, an address). A text of those files that
 * has no German here (the office added it since) is given English words stretched by a third, so
 * the page still weighs what a translated one does; realGermanCounts says how many.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Schema } from '../schema/schema';
import { pageSchema } from '../site/model/pageSchema';
import { siteSchema } from '../site/model/siteSchema';
import { translatableTexts, translationFileOf, type TranslationFile } from '../site/model/translation';
import { formSchema } from '../site/forms/model/formSchema';
import { GERMAN } from './secondLanguage';

/** A German text that is the English one as it is. */
const SAME = '\0same';

/** The messages every form shares (config/forms/_messages.ts). */
const FORM_MESSAGES: Record<string, string> = {
  'messages.tooLong': 'Bitte beschränken Sie {label} auf höchstens {max} Zeichen.',
  'messages.notText': '{label} muss ein Text sein.',
  'messages.notAnOption': 'Bitte wählen Sie für {label} eine der aufgeführten Möglichkeiten.',
  'messages.unknownKey': 'Dieses Formular nimmt diese Angaben nicht an. Bitte laden Sie die Seite neu und versuchen Sie es noch einmal.',
  'messages.missingKey': 'In diesem Formular fehlt etwas. Bitte laden Sie die Seite neu und versuchen Sie es noch einmal.',
  'messages.notShown':
    'Dieses Formular hat mit Ihren übrigen Antworten nicht nach {label} gefragt. Bitte laden Sie die Seite neu und versuchen Sie es noch einmal.',
  'messages.onlyIf': 'Nur wenn {label} {values} ist.',
  'messages.onlyIfOr': ' oder ',
};

const PHONE_HINT = 'Bis zu 10 Ziffern, ohne Leerzeichen und ohne +';
const PHONE_CHECK = 'Bitte geben Sie eine gültige Telefonnummer ein: 10 Ziffern von 0 bis 9';
const EMAIL_CHECK = 'Bitte geben Sie eine gültige E-Mail-Adresse ein';

/** The German of each translated file, by key path. */
const REAL_GERMAN: Record<string, Record<string, string>> = {
  'config/site.ts': {
    'brand.name': SAME,
    'brand.logo.alt': 'Startseite von %B',
    'brand.shareImage.alt': '%B: Websites und Apps, mit denen Ihr Unternehmen wächst',
    'brand.description':
      '%B entwickelt Websites und Apps: responsive Websites, Onlineshops, Suchmaschinenoptimierung sowie Android- und iOS-Apps für kleine Unternehmen und Start-ups.',
    'brand.blurb':
      '%B ist ein kleines Studio aus Designerinnen, Designern und Entwicklern. Wir planen, bauen und betreuen Websites und mobile Apps, die unseren Kunden neue Kundschaft bringen.',
    'contact.phone.label': SAME,
    'contact.email.label': SAME,
    'contact.address': SAME,
    'social[0].label': 'Schreiben Sie uns auf WhatsApp',
    'social[1].label': 'Folgen Sie uns auf Instagram',
    'social[2].label': 'Vernetzen Sie sich mit uns auf LinkedIn',
    'whatsapp.message': 'Hallo %B! Ich möchte gern über eine Website oder App für mein Unternehmen sprechen.',
    'navigation.label': 'Hauptmenü',
    'navigation.logoLabel': '%B, zurück zur Startseite',
    'navigation.links[0].label': 'Startseite',
    'navigation.links[1].label': 'Über uns',
    'navigation.links[2].label': 'Produkt',
    'navigation.links[3].label': 'Leistungen',
    'navigation.links[4].label': 'Blog',
    'navigation.links[5].label': 'Karriere',
    'navigation.links[6].label': 'Kontakt',
    'navigation.cta.label': 'Mit uns arbeiten',
    'navigation.openMenuLabel': 'Menü öffnen',
    'navigation.closeMenuLabel': 'Menü schließen',
    'footer.socialLabel': '%B anderswo',
    'footer.columns[0].heading': 'Informationen',
    'footer.columns[0].links[0].label': 'App-Entwicklung',
    'footer.columns[0].links[1].label': 'Webentwicklung',
    'footer.columns[0].links[2].label': 'Markenauftritt für Unternehmen',
    'footer.columns[0].links[3].label': 'Marketingleistungen',
    'footer.columns[1].heading': 'Über uns',
    'footer.columns[1].links[0].label': 'Leistungen',
    'footer.columns[1].links[1].label': 'Produkt',
    'footer.columns[1].links[2].label': 'Über uns',
    'footer.columns[1].links[3].label': 'Blog',
    'footer.columns[1].links[4].label': 'Karriere',
    'footer.columns[2].heading': 'Hilfe',
    'footer.columns[2].links[0].label': 'Kontakt aufnehmen',
    'footer.columns[2].links[1].label': 'Live-Unterstützung',
    'footer.columns[2].links[2].label': 'Datenschutz',
    'footer.newsletter.heading': 'Sind Sie Unternehmer?',
    'footer.newsletter.text':
      'Hinterlassen Sie Ihre E-Mail-Adresse, und wir schicken Ihnen praktische Ideen, wie Ihr Unternehmen online wächst. Zuerst senden wir Ihnen eine E-Mail zur Bestätigung; jeder Newsletter enthält einen Link zum Abbestellen. Niemals Spam.',
    'footer.copyright': '© {year} %B. Alle Rechte vorbehalten.',
    'footer.backToTop': 'Zurück nach oben',
    'privacyNote.text': 'Wir verwenden diese Angaben nur, um Ihnen zu antworten. {link}',
    'privacyNote.link.label': 'Datenschutzerklärung',
    'newsletter.confirmMail.subject': 'Bitte bestätigen Sie Ihr Abonnement des Newsletters von %B',
    'newsletter.confirmMail.text':
      'Hallo,\n\njemand, hoffentlich Sie selbst, hat sich mit dieser E-Mail-Adresse für den Newsletter von %B angemeldet. Bevor wir Ihnen etwas schicken, bestätigen Sie bitte, dass Sie ihn erhalten möchten: Öffnen Sie den Link unten und drücken Sie die Schaltfläche auf der Seite.',
    'newsletter.confirmMail.button': 'Mein Abonnement bestätigen',
    'newsletter.confirmMail.after':
      'Falls Sie es nicht waren, ignorieren Sie diese E-Mail einfach: Sie hören nichts mehr von uns, und die Anmeldung wird nach {days} Tagen gelöscht.\n\n%B',
    'newsletter.confirmPage.heading': 'Bestätigen Sie Ihr Abonnement',
    'newsletter.confirmPage.text':
      'Drücken Sie die Schaltfläche, um den Newsletter von %B zu erhalten: praktische Ideen, wie Ihr Unternehmen online wächst. Jeder Newsletter enthält einen Link zum Abbestellen.',
    'newsletter.confirmPage.button': 'Mein Abonnement bestätigen',
    'newsletter.confirmed.heading': 'Vielen Dank: Sie haben den Newsletter abonniert',
    'newsletter.confirmed.text': 'Sie erhalten unseren nächsten Newsletter. Jeder Newsletter enthält einen Link, mit dem Sie ihn jederzeit abbestellen können.',
    'newsletter.expired.heading': 'Dieser Link ist abgelaufen',
    'newsletter.expired.text':
      'Ein Bestätigungslink gilt {days} Tage lang. Melden Sie sich im Feld am Fuß jeder Seite erneut an, und wir schicken Ihnen einen neuen.',
    'newsletter.wrongLink.heading': 'Dieser Link funktioniert nicht',
    'newsletter.wrongLink.text':
      'Vielleicht hat Ihr E-Mail-Programm ihn abgeschnitten. Öffnen Sie ihn noch einmal aus der E-Mail, oder melden Sie sich im Feld am Fuß jeder Seite erneut an.',
    'newsletter.home': 'Zurück zur Startseite',
    'chat.label': 'Schreiben Sie uns auf WhatsApp',
    'gone.message': 'Diese Seite gibt es nicht mehr',
    'gone.text': 'Wir haben sie von unserer Website genommen. Diese Seiten helfen Ihnen vielleicht, das Gesuchte zu finden:',
    'gone.links[0].label': 'Startseite',
    'gone.links[1].label': 'Kontakt',
    'newsletterMail.why': 'Sie erhalten diese E-Mail, weil Sie den Newsletter von {brand} auf unserer Website abonniert haben.',
    'newsletterMail.unsubscribe': 'Abbestellen',
    'newsletterMail.unsubscribeText': 'Abbestellen: {link}',
    'newsletterMail.readOnSite': 'Auf unserer Website lesen',
    'unsubscribePage.title': 'Abbestellen · {brand}',
    'unsubscribePage.heading': 'Den Newsletter abbestellen',
    'unsubscribePage.text':
      'Drücken Sie die Schaltfläche, und wir schicken Ihnen keine Newsletter mehr. Andere E-Mails, um die Sie uns gebeten haben, sind davon nicht betroffen.',
    'unsubscribePage.button': 'Abbestellen',
    'unsubscribePage.done': 'Sie haben den Newsletter abbestellt: Wir schicken Ihnen keine Newsletter mehr.',
    'unsubscribePage.unknown':
      'Dieser Abmeldelink ist unvollständig. Bitte verwenden Sie den Link im Newsletter selbst, oder schreiben Sie uns, und wir tragen Sie aus.',
    'unsubscribePage.home': 'Zur Startseite',
    'ui.skipToContent': 'Direkt zum Hauptinhalt',
    'ui.contactBarLabel': 'Kontaktdaten',
    'ui.breadcrumbLabel': 'Brotkrümelnavigation',
    'ui.loading': 'Wird geladen…',
    'ui.readMore': 'Weiterlesen',
    'ui.readLess': 'Weniger anzeigen',
    'ui.carouselLabel': 'Teammitglieder',
    'ui.slideLabel': '{n} von {total}',
    'ui.dotLabel': 'Teammitglied {n} anzeigen',
    'ui.dotsLabel': 'Ein Teammitglied auswählen',
    'ui.previousLabel': 'Vorheriges Teammitglied',
    'ui.nextLabel': 'Nächstes Teammitglied',
    'ui.newTabHint': '(öffnet sich in einem neuen Tab)',
    'ui.languagesLabel': 'Diese Seite in anderen Sprachen',
    'ui.errorScreen.heading': 'Unerwarteter Fehler in der Anwendung!',
    'ui.errorScreen.text': 'Beim Anzeigen dieser Seite ist etwas schiefgegangen. Bitte versuchen Sie es noch einmal, oder kehren Sie zur Startseite zurück.',
    'ui.errorScreen.homeLabel': 'Zurück zur Startseite',
    'articles.feedTitle': '%B: Blog und bewährte Ratschläge',
    'articles.feedDescription':
      'Leicht verständliche Ratgeber des Teams von %B, die Ihnen helfen, Ihre Website oder App zu planen, zu bauen und wachsen zu lassen.',
    'articles.byline': 'Von {author} · {date}',
    'articles.breadcrumb[0].label': 'Startseite',
    'articles.breadcrumb[1].label': 'Blog',
  },
  'config/pages/home.ts': {
    title: 'Startseite | %B',
    description:
      '%B gestaltet, entwickelt und betreut Websites und mobile Apps, die kleinen Unternehmen neue Kundschaft bringen. Sagen Sie uns noch heute, was Sie brauchen.',
    'sections[0].heading': SAME,
    'sections[0].text':
      'Wir gestalten und entwickeln Websites und mobile Apps, mit denen Ihr Unternehmen gefunden wird, Vertrauen gewinnt und aus Besuchern Kunden macht. Erzählen Sie uns von Ihrer Idee, und wir melden uns mit einem klaren Plan zurück.',
    'sections[0].actions[0].label': 'Unsere Vision',
    'sections[0].image.alt': 'Ein Laptop und ein Smartphone zeigen eine Website, daneben steigt ein Diagramm an',
    'sections[0].formTitle': 'LASSEN SIE UNS ÜBER IHR VORHABEN SPRECHEN',
    'sections[1].eyebrow': 'Softwarelösungen und Dienstleistungen',
    'sections[1].heading': 'Software, die sich nach Ihrer Arbeitsweise richtet',
    'sections[1].paragraphs[0]':
      'Jedes Unternehmen tickt ein wenig anders. Wir nehmen uns Zeit, Ihre Kundschaft, Ihr Team und Ihren Arbeitsalltag zu verstehen, bevor wir auch nur eine einzige Zeile Code schreiben.',
    'sections[1].paragraphs[1]':
      'Das Ergebnis ist Software, die passt: Werkzeuge, die Ihren Mitarbeitenden Zeit sparen, und Websites und Apps, die Ihre Kundschaft mühelos bedienen kann.',
    'sections[1].bullets[0]': 'Workshops, in denen aus Ideen ein klarer Plan wird',
    'sections[1].bullets[1]': 'Maßgeschneiderte Webanwendungen und Werkzeuge für Ihr Geschäft',
    'sections[1].bullets[2]': 'Anbindung an die Dienste, die Sie bereits nutzen',
    'sections[1].bullets[3]': 'Ehrliche Kostenschätzungen und regelmäßige Berichte über den Fortschritt',
    'sections[1].image.alt': 'Ein Entwickler am Schreibtisch, auf einem Bildschirm Code, auf dem anderen ein Ablaufdiagramm',
    'sections[2].eyebrow': 'Webdesign für Mobilgeräte',
    'sections[2].heading': 'Websites, die auf jedem Bildschirm gut aussehen',
    'sections[2].paragraphs[0]':
      'Die meisten Ihrer Besucher kommen mit dem Smartphone. Wir gestalten zuerst für Mobilgeräte, damit Seiten schnell laden, Texte gut lesbar sind und Schaltflächen sich leicht antippen lassen.',
    'sections[2].paragraphs[1]':
      'Dieselbe Website passt sich dann elegant an Tablets und Desktop-Rechner an, ohne dass eine zweite Version gepflegt werden muss.',
    'sections[2].bullets[0]': 'Mobile-First-Layouts, die sich jeder Bildschirmgröße anpassen',
    'sections[2].bullets[1]': 'Schnelle Ladezeiten, auch bei langsameren Verbindungen',
    'sections[2].bullets[2]': 'Klare Handlungsaufforderungen, die sich leicht antippen lassen',
    'sections[2].image.alt': 'Dieselbe Webseite nebeneinander auf einem Smartphone, einem Tablet und einem Desktop-Monitor',
    'sections[3].eyebrow': 'Benutzeroberflächen und digitales Marketing',
    'sections[3].heading': 'Gutes Design und die Menschen, die es sehen',
    'sections[3].paragraphs[0]':
      'Eine klare, freundliche Oberfläche schafft in Sekunden Vertrauen. Wir gestalten Bildschirme, die Besucher ganz natürlich dahin führen, Kontakt aufzunehmen oder etwas zu kaufen.',
    'sections[3].paragraphs[1]':
      'Dann helfen wir den richtigen Menschen, Sie zu finden: mit Suchmaschinenoptimierung, sozialen Medien und Kampagnen, deren Wirkung wir messen und laufend verbessern.',
    'sections[3].bullets[0]': 'Gestaltung von Benutzeroberflächen, die Ihre Marke widerspiegelt',
    'sections[3].bullets[1]': 'Suchmaschinenoptimierung und Einträge in lokalen Verzeichnissen',
    'sections[3].bullets[2]': 'Inhalte für soziale Medien und bezahlte Kampagnen',
    'sections[3].bullets[3]': 'Einfache Berichte, die zeigen, was wirkt',
    'sections[3].image.alt': 'Der Entwurf eines App-Bildschirms, umgeben von Symbolen für Suche, soziale Medien und Analysen',
    'sections[4].heading': 'Willkommen bei %B',
    'sections[4].text':
      'Wir sind ein kleines Team aus Designern, Entwicklerinnen und Marketingleuten, das Unternehmen hilft, online zu wachsen. Hier lesen Sie, warum eine Website oder eine App wirklich etwas bewirken kann.',
    'sections[4].cards[0].title': 'Warum eine Website?',
    'sections[4].cards[0].text':
      'Ihre Website arbeitet rund um die Uhr für Sie. Sie beantwortet Fragen, zeigt Ihre besten Arbeiten und lässt neue Kunden Sie zu jeder Stunde und von überall aus erreichen.',
    'sections[4].cards[0].action.label': 'So entwickeln wir Websites',
    'sections[4].cards[1].title': 'Warum eine App?',
    'sections[4].cards[1].text':
      'Mit einer App ist Ihr Unternehmen nur einen Fingertipp entfernt. Sie macht Bestellen, Buchen und In-Kontakt-Bleiben einfach und gibt treuen Kunden einen Grund, wiederzukommen.',
    'sections[4].cards[1].action.label': 'So entwickeln wir Apps',
    'sections[5].heading': 'Unsere Leistungen',
    'sections[5].text': 'Alles, was Sie brauchen, um Ihren Auftritt im Netz aufzubauen und auszubauen, vom ersten Entwurf bis zur laufenden Betreuung.',
    'sections[5].cards[0].title': 'Responsives Webdesign',
    'sections[5].cards[0].text': 'Websites, die sich Smartphones, Tablets und Desktop-Rechnern anpassen, damit jeder Besuch reibungslos verläuft.',
    'sections[5].cards[1].title': 'Individuelles Webdesign',
    'sections[5].cards[1].text': 'Ein eigenständiges Design, zugeschnitten auf Ihre Marke und Ihre Kundschaft, statt einer Vorlage von der Stange.',
    'sections[5].cards[2].title': 'Wartung von Websites',
    'sections[5].cards[2].text':
      'Aktualisierungen, Datensicherungen, Sicherheitsprüfungen und Inhaltsänderungen, damit Ihre Website schnell und sicher bleibt.',
    'sections[5].cards[3].title': 'Onlinehandel',
    'sections[5].cards[3].text': 'Onlineshops, in denen Stöbern, Bezahlen und die Verwaltung von Bestellungen für Sie und Ihre Kundschaft ganz einfach sind.',
    'sections[5].cards[4].title': 'Reichweite in sozialen Medien',
    'sections[5].cards[4].text': 'Inhalte und Kampagnen, die in den sozialen Medien ein engagiertes Publikum rund um Ihre Marke aufbauen.',
    'sections[5].cards[5].title': 'Sichere Gewinnung von Interessenten',
    'sections[5].cards[5].text': 'Gut platzierte Formulare und Landingpages, die Anfragen einsammeln und die Daten Ihrer Besucherinnen und Besucher schützen.',
    'sections[6].heading': 'Ratgeber zur Geschäftsentwicklung',
    'sections[6].text': 'Praktische Schritte, die wir mit jedem Kunden gehen, damit aus einem Auftritt im Netz stetiges Wachstum wird.',
    'sections[6].cards[0].title': 'Planen Sie Ihren Auftritt im Netz',
    'sections[6].cards[0].text':
      'Wir beginnen mit Ihren Zielen und Ihrer Kundschaft und planen dann die Seiten, Funktionen und Inhalte, die ihnen am besten dienen.',
    'sections[6].cards[0].action.label': 'Sprechen Sie mit uns',
    'sections[6].cards[1].title': 'Vertrauen durch gutes Design',
    'sections[6].cards[1].text':
      'Ein klares, einheitliches Erscheinungsbild und eine einfache Navigation geben Besuchern die Sicherheit, sich für Ihr Unternehmen zu entscheiden.',
    'sections[6].cards[1].action.label': 'Sprechen Sie mit uns',
    'sections[6].cards[2].title': 'Wachsen mit Suche und sozialen Medien',
    'sections[6].cards[2].text':
      'Suchmaschinenoptimierung und regelmäßige Beiträge in sozialen Medien bringen neue Besucher auf Ihre Website und halten bestehende Kunden bei der Stange.',
    'sections[6].cards[2].action.label': 'Sprechen Sie mit uns',
    'sections[7].heading': 'Kundschaft vor Ort gewinnen',
    'sections[7].text':
      'Seien Sie zur Stelle, wenn Menschen in Ihrer Nähe nach Ihrem Angebot suchen. Wir helfen Ihnen, in Suchmaschinen und auf Karten gefunden zu werden.',
    'sections[7].action.label': 'Kontakt aufnehmen',
    'sections[8].heading': 'Wir bringen Arbeitsuchende und Arbeitgeber zusammen',
    'sections[8].text': 'Ein wachsendes Netzwerk von Menschen, die Arbeit suchen, und Unternehmen, die Talente suchen.',
    'sections[8].items[0].suffix': ' Mio.',
    'sections[8].items[0].label': 'Arbeitsuchende',
    'sections[8].items[1].suffix': SAME,
    'sections[8].items[1].label': 'Arbeitgeber, die einstellen',
    'sections[8].items[2].suffix': ' %',
    'sections[8].items[2].label': 'Vermittelte Arbeitsuchende',
    'sections[8].items[3].suffix': ' Mio.+',
    'sections[8].items[3].label': 'Ausgeschriebene Stellen',
  },
  'config/forms/inquiry.ts': {
    submitLabel: 'Anfrage senden',
    submittingLabel: 'Wird gesendet…',
    'fields[0].label': 'Vollständiger Name',
    'fields[1].label': 'E-Mail-Adresse',
    'fields[2].label': 'Telefonnummer',
    'fields[2].hint': PHONE_HINT,
    'fields[3].label': 'Ihr Vorhaben',
    'fields[3].placeholder': 'z. B. ein Onlineshop für meine Bäckerei',
    'checks[0].message': 'Bitte geben Sie Ihren Vornamen ein',
    'checks[1].message': EMAIL_CHECK,
    'checks[2].message': PHONE_CHECK,
    'checks[3].message': 'Bitte beschreiben Sie Ihr Vorhaben',
    'success.toast': 'Vielen Dank für Ihre Anfrage',
    'failure.toast': 'Bitte versuchen Sie es noch einmal',
    'notify.subject': 'Neue Anfrage von {Fname}: {Pname}',
    'autoReply.subject': 'Vielen Dank für Ihre Anfrage',
    'autoReply.text':
      'Hallo {Fname},\n\nvielen Dank, dass Sie uns von Ihrem Vorhaben erzählt haben. Wir sehen uns Ihre Anforderungen an und melden uns innerhalb eines Werktags bei Ihnen.\n\nIhr Team von %B',
    ...FORM_MESSAGES,
  },
  'config/forms/newsletter.ts': {
    submitLabel: 'Abonnieren',
    submittingLabel: 'Wird abonniert…',
    'fields[0].label': 'Ihre E-Mail-Adresse',
    'fields[0].placeholder': 'E-Mail-Adresse eingeben',
    'checks[0].message': EMAIL_CHECK,
    'notify.subject': 'Neue Anmeldung zum Newsletter: {Email}',
    ...FORM_MESSAGES,
  },
  'config/pages/contact.ts': {
    title: 'Kontakt | %B',
    description:
      'Sprechen Sie mit %B über Ihre Website, App oder Ihr Online-Marketing. Schreiben Sie uns, und wir antworten mit Ideen und einem klaren nächsten Schritt.',
    'sections[0].breadcrumb[0].label': 'Startseite',
    'sections[0].breadcrumb[1].label': 'Kontakt',
    'sections[0].heading': 'Kontakt aufnehmen',
    'sections[0].text':
      'Sie haben ein Vorhaben im Kopf oder eine Frage dazu, wie Sie online wachsen? Melden Sie sich, wir helfen Ihrem Unternehmen gern weiter.',
    'sections[1].heading': 'Erzählen Sie uns von Ihrem Vorhaben',
    'sections[1].text': 'Teilen Sie uns unten ein paar Einzelheiten mit, und jemand aus unserem Team meldet sich bei Ihnen.',
    'sections[2].heading': 'So finden Sie uns',
    'sections[2].title': 'Karte mit dem Büro von %B',
  },
  'config/forms/contact.ts': {
    submitLabel: 'Senden',
    submittingLabel: 'Wird gesendet…',
    'fields[0].label': 'Vollständiger Name',
    'fields[1].label': 'Name des Unternehmens',
    'fields[2].label': 'Telefonnummer',
    'fields[2].hint': PHONE_HINT,
    'fields[3].label': 'Ihre E-Mail-Adresse',
    'fields[4].label': 'Sie sind',
    'fields[4].options[0].label': 'Bitte auswählen',
    'fields[4].options[1].label': 'Unternehmer',
    'fields[4].options[2].label': 'Angestellte oder Angestellter',
    'fields[4].options[3].label': 'Entwickler',
    'fields[4].options[4].label': 'Ein Start-up',
    'fields[5].label': 'Nachricht',
    'checks[0].message': 'Bitte geben Sie Ihren vollständigen Namen ein',
    'checks[1].message': 'Bitte geben Sie den Namen Ihres Unternehmens ein',
    'checks[2].message': PHONE_CHECK,
    'checks[3].message': EMAIL_CHECK,
    'checks[4].message': 'Bitte schreiben Sie uns eine Nachricht',
    'success.toast': 'Vielen Dank',
    'notify.subject': 'Neue Nachricht von {Fullname} ({Company})',
    'autoReply.subject': 'Wir haben Ihre Nachricht erhalten',
    'autoReply.text':
      'Hallo {Fullname},\n\nvielen Dank für Ihre Nachricht an %B. Wir haben sie erhalten und melden uns innerhalb eines Werktags bei Ihnen.\n\nIhr Team von %B',
    ...FORM_MESSAGES,
  },
};

/** Contact's own address in German (after the prefix). */
export const KONTAKT = '/Kontakt';

const SCHEMAS: Record<string, Schema<unknown>> = {
  'config/site.ts': siteSchema as Schema<unknown>,
  'config/pages/home.ts': pageSchema as Schema<unknown>,
  'config/pages/contact.ts': pageSchema as Schema<unknown>,
  'config/forms/inquiry.ts': formSchema as Schema<unknown>,
  'config/forms/newsletter.ts': formSchema as Schema<unknown>,
  'config/forms/contact.ts': formSchema as Schema<unknown>,
};

/** English words stretched by a third, for a text the German above does not have yet (its {placeholders} kept). */
const stretched = (text: string) => `${text} ${text.replace(/\{\w+\}/g, '').slice(0, Math.ceil(text.length / 3))}`.trimEnd();

/**
 * Writes the German of REAL_GERMAN into the site folder's translation files (German must be
 * declared in its config/site.ts: secondLanguage.ts addGerman), Contact at KONTAKT, leaving out
 * the text `untranslated` names (it then falls back to the default language). Answers, per file,
 * how many texts it translated and how many it stretched for want of German.
 */
export async function writeRealGerman(
  siteDir: string,
  untranslated?: { file: string; path: string },
): Promise<Record<string, { german: number; stretched: number }>> {
  const counts: Record<string, { german: number; stretched: number }> = {};
  const load = async (file: string) => ((await import(path.join(siteDir, file))) as { default: unknown }).default;
  const brand = ((await load('config/site.ts')) as { brand: { name: string } }).brand.name;
  for (const [file, words] of Object.entries(REAL_GERMAN)) {
    const texts = translatableTexts(SCHEMAS[file]!, await load(file));
    if (untranslated?.file === file && !texts.some((t) => t.path === untranslated.path)) throw new Error(`${untranslated.path} is not a text of ${file}`);
    const count = { german: 0, stretched: 0 };
    const translation: TranslationFile = {
      ...(file === 'config/pages/contact.ts' ? { address: KONTAKT } : {}),
      texts: Object.fromEntries(
        texts
          .filter(({ path: key }) => !(untranslated?.file === file && untranslated.path === key))
          .map(({ path: key, text }) => {
            const german = words[key];
            if (german === undefined) count.stretched++;
            else count.german++;
            const written = german === undefined ? stretched(text) : german === SAME ? text : german.replaceAll('%B', brand);
            return [key, { text: written, source: text }];
          }),
      ),
    };
    counts[file] = count;
    const target = path.join(siteDir, translationFileOf(GERMAN.code, file));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, `export default ${JSON.stringify(translation, null, 2)};\n`);
  }
  return counts;
}
