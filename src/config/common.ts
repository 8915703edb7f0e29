/** Building blocks shared by the site, route and page descriptions. */
import { boolean, describe, href, number, object, oneOf, optional, publicFile, text, literal, type Infer, type Shape } from './schema';
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

/** A picture the page always draws at one size (CSS pixels): the editor resizes an upload to it. */
export const imageDrawnAt = (width: number, height: number) => describe(imageSchema, { kind: 'image', shape: imageShape, draw: { width, height } });

export const linkSchema = object({
  label: text(),
  href: href(),
  icon: optional(oneOf(iconNames)),
});

/** A button or link that asks the visitor to do something. */
export const actionSchema = object({
  label: text(),
  href: href(),
  /** Open in a new tab (external sites). */
  newTab: optional(boolean()),
  variant: optional(oneOf(['primary', 'secondary', 'text'])),
  icon: optional(oneOf(iconNames)),
});
export type ActionConfig = Infer<typeof actionSchema>;

/** Keys every section may have, whatever its type. */
const sectionBase = {
  /** Anchor name, so a link can point at the section: /Services#seo. */
  id: optional(text()),
  /** true keeps the section in config but does not show it. */
  hidden: optional(boolean()),
  /** Small line above the heading. */
  eyebrow: optional(text()),
};

export function section<const T extends string, S extends Shape>(type: T, shape: S) {
  return object({ type: literal(type), ...sectionBase, ...shape });
}
