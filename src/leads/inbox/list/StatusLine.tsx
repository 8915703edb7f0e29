/**
 * A line of the inbox's state above the list (the mailbox read, visitors' mail held back): read
 * once from its route when the list opens, then said in one or more sentences. Nothing while it
 * loads, when the route fails, or when there is nothing to say. Its tone: `quiet` (grey), `alarm`
 * (red, announced to screen readers) or `warning` (a warning box).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { AdminRoute, adminRoutes } from '../../../platform/inboxRoutes';
import type { AnswerOf } from '../../../platform/contract';

type Answer<R extends AdminRoute> = AnswerOf<(typeof adminRoutes)[R]>;
import { call } from '../../../platform/inbox/api';

export interface StatusSaid {
  lines: string[];
  tone: 'quiet' | 'alarm' | 'warning';
}

export function StatusLine<R extends AdminRoute>({ route, say, testId }: { route: R; say: (value: NonNullable<Answer<R>>) => StatusSaid; testId: string }) {
  const [value, setValue] = useState<Answer<R> | null>(null);
  useEffect(() => {
    let current = true;
    call(route).then(
      (got) => current && setValue(got),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [route]);
  const said = value === null || value === undefined ? undefined : say(value as NonNullable<Answer<R>>);
  const lines = said?.lines.filter(Boolean) ?? [];
  if (!said || lines.length === 0) return null;
  const sx = { mb: 2, overflowWrap: 'anywhere' } as const;
  const text = lines.map((line) => (
    <Typography key={line} variant="body2" {...(said.tone === 'warning' ? {} : { color: said.tone === 'alarm' ? 'error' : 'text.secondary' })}>
      {line}
    </Typography>
  ));
  if (said.tone === 'warning')
    return (
      <Alert severity="warning" sx={sx} data-testid={testId}>
        {text}
      </Alert>
    );
  return (
    <Box sx={sx} data-testid={testId} {...(said.tone === 'alarm' ? { role: 'alert' } : {})}>
      {text}
    </Box>
  );
}
