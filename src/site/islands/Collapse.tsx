/**
 * Opens and closes its content by animating its height (MUI's Collapse, without MUI). Closed,
 * the content is hidden from everyone (visibility: hidden), so its links and buttons are not in
 * the tab order and screen readers skip it. The height is set on the element while it moves,
 * never rendered, so the server HTML and the browser's first render are the same.
 */
import styled from '@emotion/styled';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { tokens } from './tokens';

type Step = 'closed' | 'opening' | 'open' | 'closing';

const Frame = styled('div', { shouldForwardProp: (prop) => prop !== 'step' && prop !== 'ms' })<{ step: Step; ms: number }>(({ step, ms }) => ({
  overflow: 'hidden',
  transition: `height ${ms}ms ${tokens.easing}`,
  ...(step === 'closed' ? { height: 0, visibility: 'hidden' as const } : {}),
}));

export function Collapse({
  open,
  id,
  children,
  className,
  ms = tokens.collapseMs,
}: {
  open: boolean;
  id?: string;
  children: ReactNode;
  className?: string;
  ms?: number;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const [step, setStep] = useState<Step>(open ? 'open' : 'closed');

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    if (open && (step === 'closed' || step === 'closing')) {
      setStep('opening');
      element.style.height = '0px';
      // Read once so the browser starts from 0, then grow to the content's height.
      void element.offsetHeight;
      element.style.height = `${element.scrollHeight}px`;
    } else if (!open && (step === 'open' || step === 'opening')) {
      setStep('closing');
      element.style.height = `${element.scrollHeight}px`;
      void element.offsetHeight;
      element.style.height = '0px';
    }
  }, [open, step]);

  const settle = () => {
    const element = frame.current;
    if (!element) return;
    if (step === 'opening') {
      element.style.height = '';
      setStep('open');
    } else if (step === 'closing') {
      element.style.height = '';
      setStep('closed');
    }
  };

  return (
    <Frame ref={frame} id={id} step={step} ms={ms} className={className} onTransitionEnd={(e) => e.target === e.currentTarget && settle()}>
      {children}
    </Frame>
  );
}
