/**
 * Saving the editor's drafts as they are typed: each edit is first kept in this browser
 * (localStorage, at once: a closed tab or a crash of the browser loses nothing), then sent to the
 * server a moment after the last keystroke; it leaves the browser only once the server has
 * confirmed it. When the server cannot be reached, or asks to wait, it is sent again by itself
 * (waiting longer each time, at once when the browser is back online); a refusal (too large, too
 * many drafts) stays in the browser with the server's sentence until the next edit.
 */
import admin from '../../../config/admin';
import type { ContentDraft } from '../model/contentApi';
import { ApiError } from '../../platform/inbox/api';
import { discardDraft, saveDraft, TryLater } from './api';

const t = admin.content;

export type SaveState = { kind: 'saving' } | { kind: 'saved'; at: string } | { kind: 'notSaved'; reason: string };

/** An edit not confirmed by the server yet. `live`: it equals what is published (the draft is discarded). */
export interface Unsent {
  value: unknown;
  base: string;
  live: boolean;
}

export interface SaverOptions {
  /** The localStorage key (one per account). */
  storageKey: string;
  /** A file's draft as the server now has it (undefined: it has none). */
  onSaved(file: string, draft: ContentDraft | undefined): void;
  onState(file: string, state: SaveState | undefined): void;
}

function read(key: string): Record<string, Unsent> {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? '{}') as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, Unsent>) : {};
  } catch {
    return {};
  }
}

export class DraftSaver {
  private readonly unsent: Record<string, Unsent>;
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  /** The request under way per file. */
  private readonly sending = new Map<string, Promise<void>>();
  private readonly failures = new Map<string, number>();
  private readonly online = () => this.sendAll();
  private readonly leaving = () => this.sendAll(true);

  constructor(private readonly options: SaverOptions) {
    this.unsent = read(options.storageKey);
    window.addEventListener('online', this.online);
    // The tab closes or goes to the background: what waits for its moment is sent now.
    window.addEventListener('pagehide', this.leaving);
  }

  dispose(): void {
    window.removeEventListener('online', this.online);
    window.removeEventListener('pagehide', this.leaving);
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  /** Edits this browser kept from an earlier visit, not confirmed by the server (sent again by resume). */
  kept(): Readonly<Record<string, Unsent>> {
    return { ...this.unsent };
  }

  /** Sends again what this browser kept. */
  resume(): void {
    for (const file of Object.keys(this.unsent)) {
      this.options.onState(file, { kind: 'saving' });
      this.later(file, 0);
    }
  }

  edit(file: string, value: unknown, base: string, live: boolean): void {
    this.unsent[file] = { value, base, live };
    this.store();
    this.failures.delete(file);
    this.options.onState(file, { kind: 'saving' });
    this.later(file, admin.content.autosave.delayMs);
  }

  /** The file's edit is no more (published, discarded): nothing of it is sent. */
  forget(file: string): void {
    delete this.unsent[file];
    this.store();
    const timer = this.timers.get(file);
    if (timer) clearTimeout(timer);
    this.timers.delete(file);
    this.options.onState(file, undefined);
  }

  /** Sends the file's edit now; resolves once the server has it (or rejects with its refusal). */
  async flush(file: string): Promise<void> {
    const timer = this.timers.get(file);
    if (timer) clearTimeout(timer);
    this.timers.delete(file);
    await this.sending.get(file);
    if (this.unsent[file]) await this.send(file, false, true);
  }

  private sendAll(keepalive = false): void {
    for (const file of Object.keys(this.unsent)) {
      const timer = this.timers.get(file);
      if (timer) clearTimeout(timer);
      this.timers.delete(file);
      void this.send(file, keepalive);
    }
  }

  private store(): void {
    try {
      if (Object.keys(this.unsent).length === 0) localStorage.removeItem(this.options.storageKey);
      else localStorage.setItem(this.options.storageKey, JSON.stringify(this.unsent));
    } catch {
      // A full or closed storage: the edit is still in the page and on its way to the server.
    }
  }

  private later(file: string, ms: number): void {
    const timer = this.timers.get(file);
    if (timer) clearTimeout(timer);
    this.timers.set(
      file,
      setTimeout(() => {
        this.timers.delete(file);
        void this.send(file);
      }, ms),
    );
  }

  private send(file: string, keepalive = false, rethrow = false): Promise<void> {
    const edit = this.unsent[file];
    if (!edit) return Promise.resolve();
    // One request per file at a time: an edit made meanwhile is sent after it.
    if (this.sending.has(file)) {
      this.later(file, admin.content.autosave.delayMs);
      return Promise.resolve();
    }
    const sent = this.sendNow(file, edit, keepalive, rethrow).finally(() => this.sending.delete(file));
    this.sending.set(
      file,
      sent.catch(() => undefined),
    );
    return sent;
  }

  private async sendNow(file: string, edit: Unsent, keepalive: boolean, rethrow: boolean): Promise<void> {
    try {
      const draft = edit.live ? (await discardDraft(file, keepalive), undefined) : await saveDraft(file, edit.value, edit.base, keepalive);
      this.failures.delete(file);
      this.options.onSaved(file, draft);
      // Confirmed: it leaves the browser, unless it was edited again meanwhile.
      if (this.unsent[file] === edit) {
        delete this.unsent[file];
        this.store();
        this.options.onState(file, draft ? { kind: 'saved', at: draft.updatedAt } : undefined);
      }
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      this.options.onState(file, { kind: 'notSaved', reason: status === 0 ? t.offline : (error as Error).message });
      // No answer, a server error, or "wait": tried again by itself, waiting longer each time.
      if (status === 0 || status >= 500 || error instanceof TryLater) {
        const tries = (this.failures.get(file) ?? 0) + 1;
        this.failures.set(file, tries);
        const wait = error instanceof TryLater ? error.seconds * 1000 : Math.min(admin.content.autosave.retryMaxSeconds * 1000, 1000 * 2 ** tries);
        this.later(file, wait);
      }
      if (rethrow) throw error;
    }
  }
}
