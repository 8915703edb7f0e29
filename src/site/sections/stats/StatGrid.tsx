import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ScreenReaderText } from '../../ui/ScreenReaderText';
import type { StatItem } from './schema';
import { Island } from '../../ui/Island';

function Counter({ item, onDark }: { item: StatItem; onDark: boolean }) {
  const final = `${item.prefix ?? ''}${item.value}${item.suffix ?? ''}`;
  return (
    <Box
      sx={{
        textAlign: 'center',
        p: 2,
        borderRadius: 3,
        bgcolor: onDark ? 'rgba(255,255,255,0.08)' : 'background.default',
        border: onDark ? 0 : 1,
        borderColor: 'divider',
      }}
    >
      <Typography
        component="p"
        sx={{ fontSize: { xs: '2rem', md: '2.5rem' }, fontWeight: 800, color: onDark ? 'secondary.main' : 'primary.main', lineHeight: 1.1 }}
      >
        {/* Counts up once on screen (an island); screen readers get the final number. */}
        <Island name="counter" as="span" props={{ target: item.value, prefix: item.prefix, suffix: item.suffix }} />
        <ScreenReaderText>{final}</ScreenReaderText>
      </Typography>
      <Typography sx={{ fontWeight: 600, color: onDark ? 'rgba(255,255,255,0.85)' : 'text.secondary', fontSize: '0.95rem' }}>{item.label}</Typography>
    </Box>
  );
}

/** A row of animated counters (about page vision block, statistics sections). */
export function StatGrid({ items, compact = false, onDark = false }: { items: readonly StatItem[]; compact?: boolean; onDark?: boolean }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: 'repeat(2, 1fr)',
          md: compact ? 'repeat(2, 1fr)' : `repeat(${Math.min(items.length, 4)}, 1fr)`,
          lg: `repeat(${Math.min(items.length, 4)}, 1fr)`,
        },
        my: 3,
      }}
    >
      {items.map((item) => (
        <Counter key={item.label} item={item} onDark={onDark} />
      ))}
    </Box>
  );
}
