/**
 * A carousel drawn from config/site.ts constants.carousel: slides per view by screen
 * width (pure CSS, so a server-rendered page already has the right layout), moving
 * `slidesToScroll` at a time, looping without an end when `infinite`, with dots,
 * optional arrows, swipe, and arrow keys when it has focus.
 */
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import site from '../../../config/site';
import { fill } from '../../shared/text';
import { plainList } from '../../ui/plainList';

const settings = site.constants.carousel;
const SWIPE_PX = 40;

const breakpoints = [...settings.slidesToShow].sort((a, b) => a.minWidth - b.minWidth);
const maxPerView = Math.max(...breakpoints.map((b) => b.slides));
const perViewCss = Object.fromEntries(
  breakpoints.map((b) => [b.minWidth === 0 ? '&' : `@media (min-width: ${b.minWidth}px)`, { '--per-view': b.slides }]),
);

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

export function Carousel({ label, slides }: { label: string; slides: readonly ReactNode[] }) {
  const count = slides.length;
  const loop = settings.infinite && count > 1;
  const clones = loop ? Math.min(maxPerView, count) : 0;
  const perView = usePerView();
  const lastStart = loop ? count - 1 : Math.max(0, count - perView);
  const [state, setState] = useState({ pos: clones, animate: true });
  const pointerStart = useRef<number | null>(null);
  // Marks the carousel as ready for swipes (its code has loaded and hydrated): a drag on the
  // server HTML before that moves nothing, as React cannot replay one.
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

  const items = [
    ...slides.slice(count - clones).map((s, i) => ({ slide: s, real: -1, key: `before-${i}` })),
    ...slides.map((s, i) => ({ slide: s, real: i, key: `slide-${i}` })),
    ...slides.slice(0, clones).map((s, i) => ({ slide: s, real: -1, key: `after-${i}` })),
  ];

  return (
    <Box
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      data-interactive={interactive ? 'true' : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      sx={{ position: 'relative', borderRadius: 4, outlineOffset: 4 }}
    >
      <Box
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (pointerStart.current = null)}
        sx={{ overflow: 'hidden', touchAction: 'pan-y', ...perViewCss }}
      >
        <Box
          data-testid="carousel-track"
          onTransitionEnd={onTransitionEnd}
          sx={{
            display: 'flex',
            transform: `translateX(calc(${state.pos} * -100% / var(--per-view)))`,
            transition: state.animate ? `transform ${settings.speedMs}ms ease` : 'none',
          }}
        >
          {items.map(({ slide, real, key }) => (
            <Box
              key={key}
              role={real >= 0 ? 'group' : undefined}
              aria-roledescription={real >= 0 ? 'slide' : undefined}
              aria-label={real >= 0 ? fill(site.ui.slideLabel, { n: real + 1, total: count }) : undefined}
              aria-hidden={real < 0 ? true : undefined}
              inert={real < 0 ? true : undefined}
              data-slide={real >= 0 ? real : 'copy'}
              sx={{ flex: '0 0 calc(100% / var(--per-view))', minWidth: 0, px: 1.5, boxSizing: 'border-box' }}
            >
              {slide}
            </Box>
          ))}
        </Box>
      </Box>

      {settings.arrows && (
        <>
          <IconButton aria-label={site.ui.previousLabel} onClick={() => move(-step)} sx={{ position: 'absolute', left: -8, top: '40%', bgcolor: 'background.paper', boxShadow: 2 }}>
            <ChevronLeft />
          </IconButton>
          <IconButton aria-label={site.ui.nextLabel} onClick={() => move(step)} sx={{ position: 'absolute', right: -8, top: '40%', bgcolor: 'background.paper', boxShadow: 2 }}>
            <ChevronRight />
          </IconButton>
        </>
      )}

      {settings.dots && count > 1 && (
        <Box component="ul" aria-label={site.ui.dotsLabel} sx={{ ...plainList, mt: 4, display: 'flex', justifyContent: 'center', gap: 0.5 }}>
          {slides.map((_, i) => (
            <li key={i}>
              <Box
                component="button"
                type="button"
                aria-label={fill(site.ui.dotLabel, { n: i + 1 })}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => goTo(i)}
                sx={{
                  width: 44,
                  height: 44,
                  border: 0,
                  bgcolor: 'transparent',
                  cursor: 'pointer',
                  display: 'grid',
                  placeItems: 'center',
                  '&::after': {
                    content: '""',
                    width: i === current ? 28 : 12,
                    height: 12,
                    borderRadius: 6,
                    bgcolor: i === current ? 'primary.main' : 'grey.500',
                    transition: 'width 200ms, background-color 200ms',
                  },
                }}
              />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
