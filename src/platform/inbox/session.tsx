/**
 * Who is signed in, for the whole inbox: the sign-in shows until someone is, and again as soon
 * as the server says the session ended (sign-out, timeout, account removed). The number of
 * unread leads lives here too (new, or answered since the agency looked; the live updates keep it
 * current): the tab's title shows it on every screen.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import admin from '../../../config/admin';
import type { AdminRole } from '../roles';
import type { Me } from '../inboxRoutes';
import { call, onSignedOut, signInState, SignedOut, whoAmI } from './api';
import { fill, formatCount } from './format';

export type SessionState =
  | { kind: 'loading' }
  | { kind: 'signedOut'; accounts: boolean; csrfToken: string; ended: boolean }
  | { kind: 'signedIn'; email: string; role: AdminRole; placeholders: readonly string[]; mustSetUpSecondFactor?: true }
  | { kind: 'failed'; message: string };

interface SessionValue {
  state: SessionState;
  /** Asks the server again who is signed in (after signing in). */
  refresh(): Promise<void>;
  /** Ends this session, or (everywhere) every session of the account, remembered devices too. */
  signOut(everywhere?: boolean): Promise<void>;
  unread: number | undefined;
  setUnread(count: number): void;
  /** For an owner, the newsletters marked ready for an owner to send (the frame lists them); undefined for an editor. */
  newslettersReady: NewslettersReady | undefined;
  /** A screen that learned a newsletter's state tells the frame (src/newsletter/inbox/ready.tsx). */
  setNewslettersReady(change: (was: NewslettersReady) => NewslettersReady): void;
}

type NewslettersReady = NonNullable<Me['newslettersReady']>;

const SessionContext = createContext<SessionValue | null>(null);

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside <SessionProvider>');
  return value;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ kind: 'loading' });
  const [unread, setUnread] = useState<number>();
  const [newslettersReady, setReady] = useState<NewslettersReady>();
  // An editor's frame lists none: only what an owner was told of is kept up.
  const setNewslettersReady = useCallback((change: (was: NewslettersReady) => NewslettersReady) => setReady((was) => (was ? change(was) : was)), []);

  const showSignIn = useCallback(async (ended: boolean) => {
    try {
      const { accounts, csrfToken } = await signInState();
      setState({ kind: 'signedOut', accounts, csrfToken, ended });
    } catch (error) {
      setState({ kind: 'failed', message: (error as Error).message });
    }
  }, []);

  // Asks /api/session first: a browser that is not signed in gets its answer without a 401.
  const refresh = useCallback(async () => {
    try {
      const { email, accounts, csrfToken } = await signInState();
      if (email === undefined) return setState({ kind: 'signedOut', accounts, csrfToken, ended: false });
      const me = await whoAmI();
      // Accounts made before roles existed are owners.
      setState({
        kind: 'signedIn',
        email: me.email,
        role: (me as { role?: AdminRole }).role ?? 'owner',
        placeholders: me.placeholders,
        ...(me.mustSetUpSecondFactor ? { mustSetUpSecondFactor: true as const } : {}),
      });
      setUnread(me.unread);
      setReady(me.newslettersReady);
    } catch (error) {
      if (error instanceof SignedOut) await showSignIn(true);
      else setState({ kind: 'failed', message: (error as Error).message });
    }
  }, [showSignIn]);

  useEffect(() => {
    onSignedOut(() => void showSignIn(true));
    void refresh();
  }, [refresh, showSignIn]);

  const signOut = useCallback(
    async (everywhere = false) => {
      try {
        await call(everywhere ? 'signOutEverywhere' : 'signOut');
      } catch {
        // Signed out already: the sign-in shows either way.
      }
      setUnread(undefined);
      setReady(undefined);
      await showSignIn(false);
    },
    [showSignIn],
  );

  useEffect(() => {
    document.title = unread ? fill(admin.titleWithUnread, { count: formatCount(unread) }) : admin.title;
  }, [unread]);

  const value = useMemo(
    () => ({ state, refresh, signOut, unread, setUnread, newslettersReady, setNewslettersReady }),
    [state, refresh, signOut, unread, newslettersReady, setNewslettersReady],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
