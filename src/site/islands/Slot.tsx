/**
 * A static part of an island: drawn once, on the server (with MUI, like the rest of the page),
 * and never again. In the browser the island is given each slot's HTML as it is in the page
 * (src/site/islands/hydrate.tsx reads it), and React keeps it as it is: the island's own code never
 * carries the slot's content, and the page's content is in its HTML once.
 */
import type { CSSProperties, ReactNode } from 'react';

/** A slot's content in the browser: the HTML the server wrote. */
export interface StaticHtml {
  html: string;
}

type SlotContent = ReactNode | StaticHtml;

/** An island's slots, by name. */
export type Slots = Record<string, SlotContent>;

const SLOT_ATTRIBUTE = 'data-slot';

function isStaticHtml(content: SlotContent): content is StaticHtml {
  return typeof content === 'object' && content !== null && 'html' in content && typeof (content as StaticHtml).html === 'string';
}

export function Slot({
  name,
  slots,
  as: Tag = 'div',
  id,
  className,
  style,
}: {
  name: string;
  slots: Slots;
  as?: 'div' | 'span';
  id?: string;
  className?: string;
  style?: CSSProperties;
}) {
  const content = slots[name];
  const attributes = { [SLOT_ATTRIBUTE]: name, id, className, style };
  if (isStaticHtml(content)) return <Tag {...attributes} dangerouslySetInnerHTML={{ __html: content.html }} suppressHydrationWarning />;
  return <Tag {...attributes}>{content}</Tag>;
}

/** The slots of an island element as the server wrote them (the first of each name; not those of an island inside it). */
export function slotsIn(island: Element): Record<string, StaticHtml> {
  const slots: Record<string, StaticHtml> = {};
  for (const element of island.querySelectorAll<HTMLElement>(`[${SLOT_ATTRIBUTE}]`)) {
    if (element.parentElement?.closest('[data-island]') !== island) continue;
    const name = element.getAttribute(SLOT_ATTRIBUTE)!;
    slots[name] ??= { html: element.innerHTML };
  }
  return slots;
}
