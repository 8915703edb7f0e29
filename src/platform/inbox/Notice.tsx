/** A short message after an action (saved, sent again, a refusal), read out by screen readers. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useCallback, useEffect, useRef, useState } from 'react';
import { SignedOut } from './api';

export interface NoticeMessage {
  text: string;
  severity: 'success' | 'error' | 'info';
}

/** `reveal`: a notice beside the button it answers, brought into view when it comes (below it on a phone's short screen). */
export function Notice({ message, reveal = false }: { message: NoticeMessage | undefined; reveal?: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (reveal && message) box.current?.scrollIntoView({ block: 'nearest', behavior: 'instant' });
  }, [reveal, message]);
  return (
    <Box ref={box} role="status" aria-live="polite" sx={{ minHeight: message ? undefined : 0 }}>
      {message && (
        // The box around it is the live region; the alert itself is no second one.
        <Alert severity={message.severity} variant="outlined" role="presentation" sx={{ my: 2, overflowWrap: 'anywhere' }}>
          {message.text}
        </Alert>
      )}
    </Box>
  );
}

/** The notice for a failed call: the server's sentence. */
const failed = (error: unknown): NoticeMessage => ({ text: (error as Error).message, severity: 'error' });

/**
 * A screen's notice, and the one way its calls run: a failure shows the server's sentence in the
 * notice, except a session that ended, for which the inbox shows the sign-in (session.tsx).
 * `attempt` answers whether the action went through; `onError` may take a failure first
 * (return true when it did, e.g. a 404 shown as "not found").
 */
export function useNotice(initial?: NoticeMessage) {
  const [notice, setNotice] = useState<NoticeMessage | undefined>(initial);
  const attempt = useCallback(async (action: () => Promise<void>, onError?: (error: unknown) => boolean): Promise<boolean> => {
    try {
      await action();
      return true;
    } catch (error) {
      if (!(error instanceof SignedOut) && !onError?.(error)) setNotice(failed(error));
      return false;
    }
  }, []);
  return { notice, setNotice, attempt };
}
