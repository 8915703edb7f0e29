/**
 * The few icons the islands draw in the browser, as plain SVG, without MUI (which would ship to
 * every page). Each is a Material Icons drawing in a 24 by 24 box (Google, Apache License 2.0),
 * as MUI's icon components draw it; the pages' icons are in src/site/ui/icons.tsx.
 */
export const islandDrawings = {
  menu: 'M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z',
  close: 'M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z',
  expandMore: 'M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z',
  chevronLeft: 'M15.41 7.41 14 6l-6 6 6 6 1.41-1.41L10.83 12z',
  chevronRight: 'M10 6 8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z',
  arrowForward: 'm12 4-1.41 1.41L16.17 11H4v2h12.17l-5.58 5.59L12 20l8-8z',
  arrowDropDown: 'm7 10 5 5 5-5z',
};

export type IslandIcon = keyof typeof islandDrawings;

/** A decorative icon, 1.5rem square in the current colour (MUI's SvgIcon size). */
export function SvgIcon({ name, size = '1.5rem' }: { name: IslandIcon; size?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      style={{ display: 'inline-block', flexShrink: 0, fill: 'currentColor' }}
    >
      <path d={islandDrawings[name]} />
    </svg>
  );
}
