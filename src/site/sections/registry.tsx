/**
 * Section type -> renderer. Sections are drawn on the server only (the build's prerenderer):
 * the parts of a section that respond to a visitor are islands (src/site/islands/registry.ts), the
 * rest is HTML. Each type's renderer is found in the type's own folder, beside its description:
 * `<type>/<Type>Section.tsx`, exporting `<Type>Section`, gathered by vite when it bundles (in jest,
 * by scripts/lib/jestImportGlob.mjs). A section type without a renderer (or a renderer for a type
 * that does not exist) stops the build at its first page, named, instead of leaving a blank part of
 * a page.
 */
import type { ComponentType, ReactNode } from 'react';
import type { PictureLoading } from '../ui/Picture';
import { sectionSchemas, type SectionConfig, type SectionType } from './schemas';
import type { SectionProps } from './types';

type SectionRenderers = { [T in SectionType]: ComponentType<SectionProps<T>> };

/**
 * The renderers of the types' folders, by the type: each type's `<type>/<Type>Section.tsx` and its
 * export `<Type>Section`. A type without one, or a file of that name in a folder that is no type's,
 * is a mistake the build names.
 */
export function renderersOf(modules: Record<string, Record<string, unknown>>): SectionRenderers {
  const types = Object.keys(sectionSchemas);
  const fileOf = (type: string) => `./${type}/${rendererName(type)}.tsx`;
  const problems = [
    ...types
      .filter((type) => typeof modules[fileOf(type)]?.[rendererName(type)] !== 'function')
      .map((type) => `The section type ${type} has no renderer: src/site/sections/${fileOf(type).slice(2)}, exporting ${rendererName(type)}.`),
    ...Object.keys(modules)
      .filter((file) => !types.some((type) => fileOf(type) === file))
      .map((file) => `src/site/sections/${file.slice(2)} is named as a renderer, but no section type of src/site/sections/schemas.ts is drawn by it.`),
  ];
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return Object.fromEntries(types.map((type) => [type, modules[fileOf(type)]![rendererName(type)]])) as SectionRenderers;
}

/** A type's renderer's name, and its file's: `hero` -> `HeroSection`. */
function rendererName(type: string): string {
  return `${type.charAt(0).toUpperCase()}${type.slice(1)}Section`;
}

export const sectionRenderers = renderersOf(import.meta.glob('./*/*Section.tsx', { eager: true }));

export function renderSection(section: SectionConfig, props: { key: string; position: number; index: number; pictures?: PictureLoading }): ReactNode {
  // The one place where the section union meets the map: the type of `sectionRenderers`
  // guarantees that the renderer found for `section.type` accepts exactly this section.
  const Renderer = sectionRenderers[section.type] as ComponentType<{ section: SectionConfig; position: number; index: number; pictures: PictureLoading }>;
  return <Renderer key={props.key} section={section} position={props.position} index={props.index} pictures={props.pictures ?? 'lazy'} />;
}
