/**
 * The toast every form outcome uses: notistack's Material look, plus dismissal by dragging
 * it sideways past the share of its width set in config (constants.toast.dragDismissPercent).
 * notistack itself pauses the countdown while the pointer is over it and while the window
 * is not focused. At the top of the window, toasts sit below the header's visible bottom
 * (constants.toast.belowHeaderPx), so that they never cover its buttons (its call to action, the menu).
 */
import { MaterialDesignContent, closeSnackbar, type CustomContentProps } from 'notistack';
import styled from '@emotion/styled';
import { forwardRef, useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import site from '../../model/builtSettings';
import { tokens } from '../tokens';

const threshold = site.constants.toast.dragDismissPercent / 100;

/** Puts the toasts' column (notistack's container, around `toast`) below the page's header as it shows now, when toasts are at the top. */
function clearOfHeader(toast: HTMLElement | null): boolean {
  const { vertical, belowHeaderPx } = site.constants.toast;
  const column = toast?.closest<HTMLElement>('.notistack-SnackbarContainer');
  const header = document.querySelector('header');
  if (vertical !== 'top' || !header) return true;
  if (!column) return false;
  column.style.top = `${Math.max(0, header.getBoundingClientRect().bottom) + belowHeaderPx}px`;
  return true;
}

/** Keeps the toasts' column below the header while this toast is shown (the header's bottom moves as the page scrolls under it). */
function useClearOfHeader(toast: { current: HTMLElement | null }): void {
  useLayoutEffect(() => {
    let frame = 0;
    const place = () => {
      cancelAnimationFrame(frame);
      if (!clearOfHeader(toast.current)) frame = requestAnimationFrame(place);
    };
    place();
    window.addEventListener('scroll', place, { passive: true });
    window.addEventListener('resize', place);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', place);
      window.removeEventListener('resize', place);
    };
  }, [toast]);
}

/** The site's message colours (config/site.ts, dark enough for the white text: npm run check). */
const Content = styled(MaterialDesignContent)({
  fontWeight: 600,
  fontFamily: tokens.fontFamily,
  '&.notistack-MuiContent-success': { backgroundColor: tokens.colors.success },
  '&.notistack-MuiContent-error': { backgroundColor: tokens.colors.error },
  '&.notistack-MuiContent-info': { backgroundColor: tokens.colors.primaryDark },
  '&.notistack-MuiContent-warning': { backgroundColor: tokens.colors.warning },
  '&.notistack-MuiContent-default': { backgroundColor: tokens.colors.text },
});

export const SwipeableToast = forwardRef<HTMLDivElement, CustomContentProps>(function SwipeableToast(props, ref) {
  const [offset, setOffset] = useState(0);
  const start = useRef<{ x: number; width: number } | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  useClearOfHeader(frame);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    // No text selection: a drag that starts on selected text would become the browser's own drag.
    if (e.button === 0) e.preventDefault();
    start.current = { x: e.clientX, width: e.currentTarget.getBoundingClientRect().width };
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (start.current) setOffset(e.clientX - start.current.x);
  };
  // Decided from where the pointer is released, not from the last drawn position, so a
  // quick flick counts as much as a slow drag.
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const drag = start.current;
    start.current = null;
    if (drag && Math.abs(e.clientX - drag.x) >= drag.width * threshold) closeSnackbar(props.id);
    else setOffset(0);
  };
  const onPointerCancel = () => {
    start.current = null;
    setOffset(0);
  };

  return (
    <div
      ref={frame}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
      data-testid="toast"
      style={{
        transform: `translateX(${offset}px)`,
        opacity: start.current ? Math.max(0.2, 1 - Math.abs(offset) / 400) : 1,
        transition: start.current ? 'none' : 'transform 200ms ease, opacity 200ms ease',
        touchAction: 'pan-y',
        userSelect: 'none',
        cursor: 'grab',
      }}
    >
      <Content ref={ref} {...props} />
    </div>
  );
});
