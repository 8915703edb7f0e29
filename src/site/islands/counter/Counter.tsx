/**
 * A number that counts up from 0 to its target over constants.counterDurationMs once it is
 * scrolled into view (an island). The page's HTML shows the final value, so the number is right
 * without JavaScript; people who prefer reduced motion get the final value at once.
 */
import { useEffect, useRef, useState } from 'react';
import site from '../../model/builtSettings';
import type { IslandComponentProps } from '../islandProps';

export default function Counter({ target, prefix = '', suffix = '' }: IslandComponentProps<{ target: number; prefix?: string; suffix?: string }>) {
  const ref = useRef<HTMLSpanElement>(null);
  const [value, setValue] = useState(target);
  const durationMs = site.constants.counterDurationMs;

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    setValue(0);
    let frame = 0;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        // One count per number, whatever calls this twice: two counts at once would show it going back.
        if (element.dataset.counting) return;
        element.dataset.counting = 'true';
        const start = performance.now();
        const tick = (now: number) => {
          // A frame's time is when the frame began, which can be before the count did (the
          // callback ran within it): below 0 the curve would show a negative number.
          const t = Math.min(1, Math.max(0, (now - start) / durationMs));
          const eased = 1 - Math.pow(1 - t, 3);
          setValue(t >= 1 ? target : Math.round(target * eased));
          if (t < 1) frame = requestAnimationFrame(tick);
        };
        frame = requestAnimationFrame(tick);
      },
      { threshold: 0.4 },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [target, durationMs]);

  // Screen readers get the final number from the text beside it; the animation is for the eyes only.
  return (
    <span ref={ref} aria-hidden data-testid="counter" data-target={target}>
      {prefix}
      {value}
      {suffix}
    </span>
  );
}
