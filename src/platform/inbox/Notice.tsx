/** A short message after an action (saved, sent again, a refusal), read out by screen readers. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { SignedOut } from './api';

export interface NoticeMessage {
  text: string;
  severity: 'success' | 'error' | 'info';
}

export function Notice({ message }: { message: NoticeMessage | undefined }) {
  return (
    <Box role="status" aria-live="polite" sx={{ minHeight: message ? undefined : 0 }}>
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

/** The state of an address a screen is sent to with a notice to show once: `navigate(to, { state: noticeState(text) })`. */
export const noticeState = (text: string) => ({ notice: text });

const noticeIn = (state: unknown): string | undefined => {
  const notice = (state as { notice?: unknown } | null)?.notice;
  return typeof notice === 'string' ? notice : undefined;
};

/**
 * The notice the screen was sent to with (`noticeState`, a success: "Saved.", "The lead was
 * deleted."), said once. The browser keeps an address's state over a reload and Back, so the
 * address forgets it at once (replaced by itself without state); the screen keeps its words.
 */
export function useOneTimeNotice(): NoticeMessage | undefined {
  const navigate = useNavigate();
  const { pathname, search, hash, state } = useLocation();
  const arrived = noticeIn(state);
  const [kept, setKept] = useState(arrived);
  // A notice that comes to a screen already shown (its address again, with a notice): the latest.
  if (arrived !== undefined && arrived !== kept) setKept(arrived);
  useEffect(() => {
    if (arrived !== undefined) void navigate({ pathname, search, hash }, { replace: true, state: null });
  }, [arrived, navigate, pathname, search, hash]);
  const text = arrived ?? kept;
  return text === undefined ? undefined : { text, severity: 'success' };
}
