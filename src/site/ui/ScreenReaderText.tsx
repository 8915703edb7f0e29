import type { CSSProperties, ReactNode } from 'react';

/**
 * Hidden from the eye, read by screen readers. A 1 px box, clipped: it takes no room and
 * cannot widen the page (in MUI's sx, `width: 1` would mean 100%, which made /About-us
 * scroll sideways by a counter's width).
 */
const hidden: CSSProperties = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

/** `live`: a status region, whose changes are read out (the content editor's list changes). */
export function ScreenReaderText({ children, live = false }: { children: ReactNode; live?: boolean }) {
  return live ? (
    <span role="status" aria-live="polite" style={hidden}>
      {children}
    </span>
  ) : (
    <span style={hidden}>{children}</span>
  );
}
