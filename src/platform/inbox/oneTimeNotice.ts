/**
 * A notice a screen is sent to and says once ("Saved.", "The lead was deleted."). Apart from
 * Notice.tsx, which the sign-in screen shows: the router stays out of the inbox's first screen.
 */
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { NoticeMessage } from './Notice';

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
