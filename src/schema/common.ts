/** Building blocks shared by the site, route and page descriptions. */
import {
  advanced,
  boolean,
  describe,
  href,
  label,
  number,
  object,
  oneOf,
  optional,
  publicFile,
  sameInEveryLanguage,
  text,
  literal,
  type Infer,
  type ObjectSchema,
  type Schema,
  type Shape,
} from './schema';
import { iconNames } from './icons';

const imageShape = {
  /** Address of a file in public/, e.g. "/images/team/ceo.svg". */
  src: publicFile(),
  /** What the picture shows, for people who cannot see it. */
  alt: text(),
  width: number({ min: 1, integer: true }),
  height: number({ min: 1, integer: true }),
};
export const imageSchema = describe(object(imageShape), { kind: 'image', shape: imageShape });
export type ImageConfig = Infer<typeof imageSchema>;

/**
 * The point of a picture kept in view when it is cut to its place's shape (fractions of its width
 * and height from its top left corner, 0 to 1): chosen by the office as it uploads it. A picture
 * without one was cut around its centre.
 */
const focusSchema = object({ x: number({ min: 0, max: 1 }), y: number({ min: 0, max: 1 }) });
const drawnImageShape = { ...imageShape, focus: optional(focusSchema) };

/**
 * A picture the page always draws at one size (CSS pixels): the editor cuts an upload to its
 * shape around the point the office chooses (`focus`) and resizes it to it.
 */
export const imageDrawnAt = (width: number, height: number) =>
  describe(object(drawnImageShape), { kind: 'image', shape: drawnImageShape, draw: { width, height } });

/**
 * A picture the page draws in a place at most `width` CSS pixels wide (a section's picture): a
 * picture uploaded where there is none yet (a section just added) is made for that width, in its
 * own shape; one that replaces a picture keeps the size and shape the page has now.
 */
export const imageInPlace = (width: number) => describe(imageSchema, { kind: 'image', shape: imageShape, place: width });

export const linkSchema = object({
  label: label(),
  href: href(),
  icon: advanced(optional(oneOf(iconNames))),
});

/**
 * The site's phone number or e-mail address: what visitors read (`label`) and what their phone or
 * mail program opens (`href`, tel: or mailto:), which must be the same number or address; a phone
 * number with its country code (tel:+…), since the WhatsApp links chat with it.
 */
export function contactLink(scheme: 'tel' | 'mailto'): ObjectSchema<typeof contactShape> {
  const base = object(contactShape);
  const same =
    scheme === 'tel'
      ? (label: string, href: string) => digits(label) === digits(href)
      : (label: string, href: string) => href.toLowerCase() === `mailto:${label.trim().toLowerCase()}`;
  return {
    ...base,
    check(value, path, ctx) {
      base.check(value, path, ctx);
      const { label, href: target } = (value ?? {}) as { label?: unknown; href?: unknown };
      if (typeof label !== 'string' || typeof target !== 'string' || label.trim() === '' || target.trim() === '') return;
      if (!target.toLowerCase().startsWith(`${scheme}:`)) {
        ctx.report([...path, 'href'], `${JSON.stringify(target)} should start with ${scheme}: followed by the ${scheme === 'tel' ? 'number' : 'address'}.`, {
          kind: scheme === 'tel' ? 'notAPhoneLink' : 'notAMailLink',
          values: { value: target },
        });
      } else if (scheme === 'tel' && !/^tel:\+/i.test(target.trim())) {
        // Every WhatsApp link is a chat with this number (src/schema/links.ts chatHref): it needs its country code.
        ctx.report(
          [...path, 'href'],
          `${JSON.stringify(target)} has no country code: write tel:+ and the country code, then the number (the WhatsApp links chat with it).`,
          {
            kind: 'noCountryCode',
            values: { value: target },
          },
        );
      } else if (!same(label, target)) {
        ctx.report(
          [...path, 'href'],
          `${JSON.stringify(target)} is not the ${scheme === 'tel' ? 'number' : 'address'} shown (${JSON.stringify(label)}): visitors would reach another one. Write the same in both.`,
          { kind: scheme === 'tel' ? 'numbersDiffer' : 'addressesDiffer', values: { value: target, shown: label } },
        );
      }
    },
  };
}

const contactShape = { label: text(), href: href() };
/** A phone number's digits with its leading +, the way a phone dials it: "+1 (555) 010-0199" -> "+15550100199". */
const digits = (text: string) => text.replace(/^tel:/i, '').replace(/[^\d+]/g, '');

/** A button or link that asks the visitor to do something. */
export const actionSchema = object({
  label: label(),
  href: href(),
  /** Open in a new tab (external sites). */
  newTab: optional(boolean()),
  variant: advanced(optional(oneOf(['primary', 'secondary', 'text']))),
  icon: advanced(optional(oneOf(iconNames))),
});
export type ActionConfig = Infer<typeof actionSchema>;

/** Keys every section may have, whatever its type. */
const sectionBase = {
  /** Anchor name, so a link can point at the section: /Services#seo. */
  id: advanced(optional(sameInEveryLanguage(text()))),
  /** true keeps the section in config but does not show it. */
  hidden: optional(boolean()),
  /** Small line above the heading. */
  eyebrow: optional(text()),
};

export function section<const T extends string, S extends Shape>(type: T, shape: S) {
  return object({ type: literal(type), ...sectionBase, ...shape });
}

/**
 * A section type as src/site/sections/schemas.ts lists it: its description, and an example of it
 * that the checker accepts (the registry's test draws it when no page uses the type).
 */
export function sectionType<S extends Schema<{ readonly type: string }>>(schema: S, example: Infer<S>) {
  return { schema, example };
}
