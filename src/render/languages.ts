/**
 * What the render does for a site in more than one language (src/site/model/languageContent.ts)
 * beside marking the texts left in the default language (src/site/model/fallbackMarks.ts): a
 * page's `<html lang>`. Nothing here runs for a site in one language.
 */

/** The page's `<html lang>`: the language's code in place of the template's. */
export const withHtmlLang = (html: string, code: string): string => html.replace(/<html lang="[^"]*"/, `<html lang="${code}"`);
