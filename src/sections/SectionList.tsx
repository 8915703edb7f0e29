import type { SectionConfig } from './schemas';
import { renderSection } from './registry';

/**
 * Draws a page's sections in order, skipping hidden ones. `position` counts the visible
 * sections of the same type before this one (split sections alternate sides with it).
 */
export function SectionList({ sections }: { sections: readonly SectionConfig[] }) {
  const seen = new Map<string, number>();
  return (
    <>
      {sections.map((section, index) => {
        if (section.hidden) return null;
        const position = seen.get(section.type) ?? 0;
        seen.set(section.type, position + 1);
        return renderSection(section, { key: section.id ?? `${section.type}-${index}`, position, index });
      })}
    </>
  );
}
