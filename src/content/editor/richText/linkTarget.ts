/** Whether a link's target is worth applying in the rich-text box (the checker then says whether it is a page of the site or a valid address). */
export const isLinkTarget = (target: string): boolean =>
  (target.startsWith('/') && !target.startsWith('//')) || /^(https?:\/\/\S+|mailto:\S+@\S+|tel:\+?[0-9][0-9\s().-]*)$/i.test(target);

/**
 * A web address typed without its https:// ("www.example.com", "example.com/offer"), with it; undefined for anything else
 * (a link already, a page's address, words).
 */
export function withHttps(typed: string): string | undefined {
  if (typed === '' || isLinkTarget(typed) || /\s/.test(typed)) return undefined;
  return /^(www\.[^./]+\.|[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}(?:[/:?#]|$))/i.test(typed) ? `https://${typed}` : undefined;
}
