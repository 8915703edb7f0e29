import type { PictureLoading } from '../ui/Picture';
import type { SectionConfig, SectionOf, SectionType } from './schemas';
import { renderSection } from './registry';

/** Whether a section shows a picture on every screen (so its first can be the page's main picture), by type; a type not here shows none. */
const showsPicture: { [T in SectionType]?: (section: SectionOf<T>) => boolean } = {
  // Beside a form, the hero's picture is not shown on phones: it stays lazy (never fetched there).
  hero: (section) => Boolean(section.image && !section.form),
  split: () => true,
  article: (section) => Boolean(section.image),
  cards: (section) => section.cards.some((card) => card.image),
  articles: () => true,
  team: () => true,
};

/** The sections near the top of a page, likely on screen at once: their pictures load without waiting. */
const ON_SCREEN = 2;

/**
 * Draws a page's sections in order, skipping hidden ones. `position` counts the visible
 * sections of the same type before this one (split sections alternate sides with it).
 * `pictures`: the first picture of the first visible sections is the page's main picture
 * (fetched first), the others of those sections load at once, those further down when the
 * visitor scrolls near them.
 */
export function SectionList({ sections }: { sections: readonly SectionConfig[] }) {
  const seen = new Map<string, number>();
  let shown = 0;
  let main = false;
  return (
    <>
      {sections.map((section, index) => {
        if (section.hidden) return null;
        const position = seen.get(section.type) ?? 0;
        seen.set(section.type, position + 1);
        const near = shown++ < ON_SCREEN;
        const isMain = near && !main && (showsPicture[section.type] as ((s: SectionConfig) => boolean) | undefined)?.(section) === true;
        if (isMain) main = true;
        const pictures: PictureLoading = isMain ? 'main' : near ? 'eager' : 'lazy';
        return renderSection(section, { key: section.id ?? `${section.type}-${index}`, position, index, pictures });
      })}
    </>
  );
}
