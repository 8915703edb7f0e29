import type { CSSProperties, ReactNode } from 'react';

/**
 * Hidden from the eye, read by screen readers. A 1 px box, clipped: it takes no room and
 * cannot widen the page (in MUI's sx, `width: 1` would mean 100%, which made /About-us
 * scroll sideways by a counter's width).
 */
const hidden: CSSProperties = { position: 'absolute', width: '1px', height: '1px', margin: '-1px', padding: 0, border: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' };

export function ScreenReaderText({ children }: { children: ReactNode }) {
  return <span style={hidden}>{children}</span>;
}
