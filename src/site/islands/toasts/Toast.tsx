/**
 * The toast every form outcome uses: notistack's Material look, plus dismissal by dragging
 * it sideways past the share of its width set in config (constants.toast.dragDismissPercent).
 * notistack itself pauses the countdown while the pointer is over it and while the window
 * is not focused.
 */
import { MaterialDesignContent, closeSnackbar, type CustomContentProps } from 'notistack';
import styled from '@emotion/styled';
import { forwardRef, useRef, useState, type PointerEvent } from 'react';
import site from '../../model/builtSettings';
import { tokens } from '../tokens';

const threshold = site.constants.toast.dragDismissPercent / 100;

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
