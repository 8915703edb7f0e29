/**
 * The embedded map, an island. A map page is heavy, and browsers start "lazy" frames far ahead of
 * the screen, so the frame gets its address only when the visitor scrolls near it; without
 * JavaScript the page's <noscript> copy loads as a plain lazy frame.
 */
import { useEffect, useRef, useState } from 'react';
import { tokens } from '../tokens';
import type { IslandComponentProps } from '../islandProps';

/** How close (px) the map may come to the screen before it starts loading. */
const NEAR_PX = 400;

export default function MapFrame({ src, title, height }: IslandComponentProps<{ src: string; title: string; height: number }>) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = frame.current;
    if (!element || typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: `${NEAR_PX}px` });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <iframe
      ref={frame}
      title={title}
      src={near ? src : undefined}
      loading="lazy"
      referrerPolicy="no-referrer-when-downgrade"
      height={height}
      style={{ display: 'block', width: '100%', height, border: `1px solid ${tokens.colors.divider}`, borderRadius: 16, background: tokens.colors.background }}
    />
  );
}
