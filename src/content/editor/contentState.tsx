/**
 * The content editor's state, shared by its screens (useContent): the live content, the account's
 * edits kept as drafts as they are typed, their saving and scheduling, the pictures uploaded since.
 * ContentProvider reads it when the editor opens (ContentScreens.tsx places it around the screens).
 */
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import admin from '../../../config/admin';
import type { ContentDraft, ContentSnapshot } from '../model/contentApi';
import type { AdminRole } from '../../platform/roles';
import { sameValue } from '../model/contentDiff';
import { useSession } from '../../platform/inbox/session';
import { DraftSaver, type SaveState } from './draftSaver';
import { discardDraft, loadContent, scheduleDraft } from './api';
import type { Edits } from './editedFiles';

const t = admin.content;
/** How long after a scheduled time the content is read again (and again, while the publish is under way). */
const SCHEDULE_SETTLE_MS = 5_000;

interface ContentState {
  snapshot: ContentSnapshot;
  /** The signed-in account's e-mail (its drafts are its own). */
  me: string;
  /** The signed-in account's role: what only an owner changes is read-only to an editor. */
  role: AdminRole;
  /** The drafts every account has on the server, as last known (the account's own kept up to date as they are saved). */
  drafts: readonly ContentDraft[];
  /** Where each edited file's draft stands (no entry: saved, or no draft). */
  saveStates: Readonly<Record<string, SaveState>>;
  /** The signed-in account's edits: its drafts, restored when the editor opens. */
  edits: Edits;
  /** An edit, saved as the account's draft as it is typed. */
  setEdit(file: string, value: unknown): void;
  /** Forgets the edits of a file (an article's removal taken back). */
  dropEdit(file: string): void;
  /** Sends the file's draft now; rejects with the server's refusal. */
  saveNow(file: string): Promise<void>;
  /** The account's draft of the file goes: the file is as published again. */
  discard(file: string): Promise<void>;
  /** Sets (ISO time) or clears (null) when the server publishes the file's draft. */
  schedule(file: string, at: string | null): Promise<void>;
  /** After a publish of these files: their drafts are gone. */
  published(files: readonly string[]): void;
  /** Pictures uploaded since the snapshot was read (in public/, not listed in it yet): kept while moving between screens. */
  uploaded: readonly string[];
  addUploaded(src: string): void;
  /** After a publish or a restore: the live content again, no edits. */
  reload(): Promise<void>;
}

const ContentContext = createContext<ContentState | null>(null);

export function useContent(): ContentState {
  const value = useContext(ContentContext);
  if (!value) throw new Error('useContent outside the content screens');
  return value;
}

export function ContentProvider({ children }: { children: ReactNode }) {
  const { state: session } = useSession();
  const me = session.kind === 'signedIn' ? session.email : '';
  const role: AdminRole = session.kind === 'signedIn' ? session.role : 'editor';
  const [snapshot, setSnapshot] = useState<ContentSnapshot>();
  const [edits, setEdits] = useState<Edits>({});
  const [drafts, setDrafts] = useState<readonly ContentDraft[]>([]);
  const [saveStates, setSaveStates] = useState<Readonly<Record<string, SaveState>>>({});
  const [failure, setFailure] = useState<string>();
  const [uploaded, setUploaded] = useState<string[]>([]);
  /** The revision each edited file's draft was started from (sent with it: a scheduled publish is not made over a later change). */
  const bases = useRef<Record<string, string>>({});
  const live = useRef<ContentSnapshot>(undefined);

  const saver = useMemo(
    () =>
      new DraftSaver({
        storageKey: `content-drafts:${me}`,
        onSaved: (file, draft) => setDrafts((old) => [...(draft ? [draft] : []), ...old.filter((d) => !(d.author === me && d.file === file))]),
        onState: (file, state) =>
          setSaveStates((old) => {
            const { [file]: _gone, ...rest } = old;
            return state ? { ...rest, [file]: state } : rest;
          }),
      }),
    [me],
  );
  useEffect(() => () => saver.dispose(), [saver]);

  const reload = useCallback(async () => {
    try {
      const loaded = await loadContent();
      const liveValue = (file: string) => loaded.files.find((f) => f.file === file)?.value;
      // The account's drafts are its edits again; what this browser kept unsent is newer still.
      const restored: Record<string, unknown> = {};
      bases.current = {};
      for (const draft of loaded.drafts.filter((d) => d.author === me)) {
        // A draft equal to what is published (saved just as it was published) is no draft.
        if (sameValue(draft.value, liveValue(draft.file))) {
          void discardDraft(draft.file).catch(() => undefined);
          continue;
        }
        restored[draft.file] = draft.value;
        bases.current[draft.file] = draft.base;
      }
      for (const [file, kept] of Object.entries(saver.kept())) {
        if (kept.live) delete restored[file];
        else restored[file] = kept.value;
        bases.current[file] = kept.base;
      }
      live.current = loaded;
      setSnapshot(loaded);
      setDrafts(loaded.drafts.filter((d) => d.author !== me || Object.hasOwn(restored, d.file)));
      setEdits(restored);
      saver.resume();
    } catch (error) {
      setFailure((error as Error).message);
    }
  }, [me, saver]);
  useEffect(() => void reload(), [reload]);

  const setEdit = useCallback(
    (file: string, value: unknown) => {
      const current = live.current;
      if (!current) return;
      // An edit back to what is published is no edit: the draft goes.
      const asPublished = sameValue(value, current.files.find((f) => f.file === file)?.value);
      setEdits(({ [file]: _old, ...rest }) => (asPublished ? rest : { ...rest, [file]: value }));
      bases.current[file] ??= current.revision;
      saver.edit(file, value, bases.current[file]!, asPublished);
    },
    [saver],
  );
  const saveNow = useCallback((file: string) => saver.flush(file), [saver]);
  const discard = useCallback(
    async (file: string) => {
      saver.forget(file);
      await discardDraft(file);
      delete bases.current[file];
      setEdits(({ [file]: _gone, ...rest }) => rest);
      setDrafts((old) => old.filter((d) => !(d.author === me && d.file === file)));
    },
    [saver, me],
  );
  const schedule = useCallback(
    async (file: string, at: string | null) => {
      await saver.flush(file);
      const draft = await scheduleDraft(file, at);
      bases.current[file] = draft.base;
      setDrafts((old) => [draft, ...old.filter((d) => !(d.author === me && d.file === file))]);
    },
    [saver, me],
  );
  const published = useCallback(
    (files: readonly string[]) => {
      for (const file of files) {
        saver.forget(file);
        delete bases.current[file];
      }
    },
    [saver],
  );
  // An article's removal taken back: its edit and its draft go.
  const dropEdit = useCallback(
    (file: string) => {
      saver.forget(file);
      void discardDraft(file).catch(() => undefined);
      delete bases.current[file];
      setEdits(({ [file]: _dropped, ...others }) => others);
      setDrafts((old) => old.filter((d) => !(d.author === me && d.file === file)));
    },
    [saver, me],
  );
  const addUploaded = useCallback((src: string) => setUploaded((old) => [...old, src]), []);
  // When one of the account's drafts comes to its scheduled time, the content is read again (the
  // server publishes it by itself): the status line and the form show what is published then.
  const nextScheduled = drafts
    .filter((d) => d.author === me && d.scheduledAt)
    .reduce<number | undefined>((min, d) => Math.min(min ?? Infinity, Date.parse(d.scheduledAt!)), undefined);
  useEffect(() => {
    if (nextScheduled === undefined) return;
    const timer = setTimeout(() => void reload(), Math.min(Math.max(nextScheduled - Date.now(), 0) + SCHEDULE_SETTLE_MS, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [nextScheduled, reload, snapshot]);
  const value = useMemo(
    () =>
      snapshot
        ? { snapshot, me, role, drafts, saveStates, edits, setEdit, dropEdit, saveNow, discard, schedule, published, reload, uploaded, addUploaded }
        : undefined,
    [snapshot, me, role, drafts, saveStates, edits, setEdit, dropEdit, saveNow, discard, schedule, published, reload, uploaded, addUploaded],
  );
  if (failure) return <Alert severity="error">{failure}</Alert>;
  if (!value) return <CircularProgress aria-label={t.loading} />;
  return <ContentContext.Provider value={value}>{children}</ContentContext.Provider>;
}
