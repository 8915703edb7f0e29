/**
 * The team carousel, an island: settings from config/site.ts constants.carousel: slides per
 * view by screen width (pure CSS, so the page's HTML already has the right layout), moving
 * `slidesToScroll` at a time, looping without an end when `infinite`, with dots, optional
 * arrows, swipe, and arrow keys when it has focus. The slides are static slots (slide0, …),
 * drawn on the server.
 */
import styled from '@emotion/styled';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import site from '../../model/builtSettings';
import { fill } from '../../../schema/text';
import { SvgIcon } from '../icons';
import type { IslandComponentProps } from '../islandProps';
import { Slot } from '../Slot';
import { tokens } from '../tokens';

const settings = site.constants.carousel;
const SWIPE_PX = 40;

const breakpoints = [...settings.slidesToShow].sort((a, b) => a.minWidth - b.minWidth);
const maxPerView = Math.max(...breakpoints.map((b) => b.slides));
const perViewCss = Object.fromEntries(breakpoints.map((b) => [b.minWidth === 0 ? '&' : `@media (min-width: ${b.minWidth}px)`, { '--per-view': b.slides }]));

/** Slides per view right now (only needed to stop a finite carousel at its end). */
function usePerView(): number {
  const [perView, setPerView] = useState(breakpoints[0]?.slides ?? 1);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const update = () => {
      const fit = breakpoints.filter((b) => window.matchMedia(`(min-width: ${b.minWidth}px)`).matches).pop();
      setPerView(fit?.slides ?? 1);
    };
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return perView;
}

const Region = styled.div({ position: 'relative', borderRadius: 16, outlineOffset: 4 });
const Viewport = styled.div({ overflow: 'hidden', touchAction: 'pan-y', ...perViewCss });
const Track = styled.div({ display: 'flex' });
const SlideFrame = styled.div({ flex: '0 0 calc(100% / var(--per-view))', minWidth: 0, padding: '0 12px', boxSizing: 'border-box' });
const Arrow = styled.button({
  position: 'absolute',
  top: '40%',
  width: 40,
  height: 40,
  display: 'grid',
  placeItems: 'center',
  border: 0,
  borderRadius: '50%',
  background: tokens.colors.background,
  color: 'rgba(0, 0, 0, 0.54)',
  boxShadow: '0 3px 1px -2px rgba(0,0,0,0.2), 0 2px 2px 0 rgba(0,0,0,0.14), 0 1px 5px 0 rgba(0,0,0,0.12)',
  cursor: 'pointer',
});
// With many team members the dots wrap onto another line instead of widening a phone's page.
const Dots = styled.ul({ listStyle: 'none', margin: '32px 0 0', padding: 0, display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 4 });
const Dot = styled.button({
  width: 44,
  height: 44,
  border: 0,
  background: 'transparent',
  cursor: 'pointer',
  display: 'grid',
  placeItems: 'center',
  '&::after': { content: '""', width: 12, height: 12, borderRadius: 6, backgroundColor: '#9e9e9e', transition: 'width 200ms, background-color 200ms' },
  '&[aria-current="true"]::after': { width: 28, backgroundColor: tokens.colors.primary },
});

/** The carousel's words for screen readers (config/site.ts ui), given by the page. */
export interface CarouselLabels {
  carousel: string;
  /** "{n} of {total}" */
  slide: string;
  /** "Show team member {n}" */
  dot: string;
  dots: string;
  previous: string;
  next: string;
}

export default function Carousel({ count, labels, slots }: IslandComponentProps<{ count: number; labels: CarouselLabels }>) {
  const loop = settings.infinite && count > 1;
  const clones = loop ? Math.min(maxPerView, count) : 0;
  const perView = usePerView();
  const lastStart = loop ? count - 1 : Math.max(0, count - perView);
  const [state, setState] = useState({ pos: clones, animate: true });
  const pointerStart = useRef<number | null>(null);
  // Marks the carousel as ready for swipes (its code has loaded and hydrated): a drag on the
  // page's HTML before that moves nothing.
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);

  const move = useCallback(
    (delta: number) =>
      setState((s) => {
        if (loop) {
          // Ignore clicks that would run past the copied slides while a loop jump is pending.
          if (s.pos + delta < 0 || s.pos + delta > count + 2 * clones - 1) return s;
          return { pos: s.pos + delta, animate: true };
        }
        return { pos: Math.min(lastStart, Math.max(0, s.pos + delta)), animate: true };
      }),
    [loop, count, clones, lastStart],
  );
  const goTo = (i: number) => setState({ pos: i + clones, animate: true });

  // After sliding onto a copy at either end, jump (without animation) to the real slide.
  const onTransitionEnd = () =>
    setState((s) => {
      if (!loop) return s;
      if (s.pos >= clones + count) return { pos: s.pos - count, animate: false };
      if (s.pos < clones) return { pos: s.pos + count, animate: false };
      return s;
    });

  const current = (((state.pos - clones) % count) + count) % count;
  const step = settings.slidesToScroll;

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') move(step);
    else if (e.key === 'ArrowLeft') move(-step);
    else return;
    e.preventDefault();
  };
  const onPointerDown = (e: PointerEvent) => {
    pointerStart.current = e.clientX;
  };
  const onPointerUp = (e: PointerEvent) => {
    if (pointerStart.current === null) return;
    const dx = e.clientX - pointerStart.current;
    pointerStart.current = null;
    if (Math.abs(dx) > SWIPE_PX) move(dx < 0 ? step : -step);
  };

  const indexes = [...Array(count).keys()];
  const items = [
    ...indexes.slice(count - clones).map((i) => ({ slide: i, real: -1, key: `before-${i}` })),
    ...indexes.map((i) => ({ slide: i, real: i, key: `slide-${i}` })),
    ...indexes.slice(0, clones).map((i) => ({ slide: i, real: -1, key: `after-${i}` })),
  ];

  return (
    <Region
      role="region"
      aria-roledescription="carousel"
      aria-label={labels.carousel}
      data-interactive={interactive ? 'true' : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <Viewport onPointerDown={onPointerDown} onPointerUp={onPointerUp} onPointerCancel={() => (pointerStart.current = null)}>
        <Track
          data-testid="carousel-track"
          onTransitionEnd={onTransitionEnd}
          // Inline: it changes with every move (a class per position would pile up rules).
          style={{
            transform: `translateX(calc(${state.pos} * -100% / var(--per-view)))`,
            transition: state.animate ? `transform ${settings.speedMs}ms ease` : 'none',
          }}
        >
          {items.map(({ slide, real, key }) => (
            <SlideFrame
              key={key}
              role={real >= 0 ? 'group' : undefined}
              aria-roledescription={real >= 0 ? 'slide' : undefined}
              aria-label={real >= 0 ? fill(labels.slide, { n: real + 1, total: count }) : undefined}
              aria-hidden={real < 0 ? true : undefined}
              inert={real < 0 ? true : undefined}
              data-slide={real >= 0 ? real : 'copy'}
            >
              <Slot name={`slide${slide}`} slots={slots} style={{ height: '100%' }} />
            </SlideFrame>
          ))}
        </Track>
      </Viewport>

      {settings.arrows && (
        <>
          <Arrow type="button" aria-label={labels.previous} onClick={() => move(-step)} style={{ left: -8 }}>
            <SvgIcon name="chevronLeft" />
          </Arrow>
          <Arrow type="button" aria-label={labels.next} onClick={() => move(step)} style={{ right: -8 }}>
            <SvgIcon name="chevronRight" />
          </Arrow>
        </>
      )}

      {settings.dots && count > 1 && (
        <Dots aria-label={labels.dots}>
          {indexes.map((i) => (
            <li key={i}>
              <Dot type="button" aria-label={fill(labels.dot, { n: i + 1 })} aria-current={i === current ? 'true' : undefined} onClick={() => goTo(i)} />
            </li>
          ))}
        </Dots>
      )}
    </Region>
  );
}
