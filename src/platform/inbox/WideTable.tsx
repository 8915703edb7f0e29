/**
 * A table that may be wider than the screen (a phone): it scrolls sideways inside its box, by
 * touch and by keyboard (the box takes the focus), and while columns are off to the side it says
 * so above the table (config/admin.ts wideTable) and shades the edge they are behind. The one
 * wrapper of every wide table of the inbox.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import admin from '../../../config/admin';

export function WideTable({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState({ left: false, right: false });
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => {
      const right = element.scrollWidth - element.clientWidth - element.scrollLeft > 1;
      const left = element.scrollLeft > 1;
      setHidden((was) => (was.left === left && was.right === right ? was : { left, right }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    element.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', measure);
    };
  }, []);
  const scrolls = hidden.left || hidden.right;
  return (
    <Box>
      {scrolls && (
        <Typography variant="body2" color="text.secondary" data-testid="wide-table-cue" sx={{ mb: 1 }}>
          {admin.wideTable}
          <Box component="span" aria-hidden="true" sx={{ ml: 0.5 }}>
            {'\u2192'}
          </Box>
        </Typography>
      )}
      <Box
        ref={box}
        // A box that scrolls is reached by the keyboard too (its arrow keys scroll it).
        tabIndex={scrolls ? 0 : undefined}
        sx={{
          overflowX: 'auto',
          outlineOffset: 2,
          // The edge that hides columns is shaded.
          backgroundImage: `${hidden.left ? 'linear-gradient(to right, rgba(15, 23, 42, 0.18), transparent 16px)' : 'none'}, ${hidden.right ? 'linear-gradient(to left, rgba(15, 23, 42, 0.18), transparent 16px)' : 'none'}`,
          backgroundAttachment: 'scroll',
          backgroundRepeat: 'no-repeat',
          backgroundPosition: 'left center, right center',
        }}
      >
        {children}
      </Box>
    </Box>
  );
}
