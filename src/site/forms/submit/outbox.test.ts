/**
 * @jest-environment jsdom
 *
 * The browser's outbox with the real localStorage of the test page and a port that answers
 * as a script says (the port is the boundary; the real server's side of keys is tested in
 * src/apps/server/hardening.test.ts, the whole path in e2e/forms.e2e.ts: offline, next visit, lost answer).
 */
import forms from '../../../../config/forms';
import site from '../../../../config/site';
import { SaveError } from '../../data/local';
import type { DataPort } from '../../data/port';
import { notify } from '../../islands/toasts/notify';
import { enqueue, isPermanent, newSubmissionKey, onSaved, send, sendPending } from './outbox';
import { OUTBOX_STORAGE_KEY, readPending } from './outboxStorage';

// The toast UI is not on this test page: record what would be shown (jest hoists this).
jest.mock('../../islands/toasts/notify', () => ({ notify: jest.fn() }));

type Answer = { id: string } | Error;
function scriptedPort(answers: Answer[]) {
  const calls: { collection: string; document: Record<string, unknown>; key?: string }[] = [];
  const port: DataPort = {
    async saveDocument(collection, document, key) {
      calls.push({ collection, document, key });
      const answer = answers.shift() ?? new Error('no answer scripted');
      if (answer instanceof Error) throw answer;
      return answer;
    },
    uploadFile: () => Promise.reject(new Error('not used')),
  };
  return { port, calls };
}

const inquiry = forms.inquiry;
const doc = { Fname: 'Ada', Email: 'ada@example.com', Number: '', Pname: 'Shop', id: 1, Date: 'x' };

beforeEach(() => {
  localStorage.clear();
  jest.mocked(notify).mockClear();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
});

describe('the outbox', () => {
  it("writes a submission to the browser's storage before it is sent, with a UUID key", () => {
    const entry = enqueue(inquiry.collection, doc);
    expect(entry.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(JSON.parse(localStorage.getItem(OUTBOX_STORAGE_KEY) ?? '[]')).toEqual([{ ...entry, document: doc }]);
  });

  it('forgets it once saved, sending the key with it', async () => {
    const { port, calls } = scriptedPort([{ id: 'abc' }]);
    const entry = enqueue(inquiry.collection, doc);
    await expect(send(port, entry)).resolves.toBe('abc');
    expect(calls).toEqual([{ collection: inquiry.collection, document: doc, key: entry.key }]);
    expect(localStorage.getItem(OUTBOX_STORAGE_KEY)).toBeNull();
  });

  it.each([
    ['offline', new SaveError('unreachable', 0)],
    ['a server error', new SaveError('boom', 500)],
    ['too many requests', new SaveError('slow down', 429)],
    ['a timeout', new SaveError('timeout', 408)],
    ['Firebase unavailable', Object.assign(new Error('unavailable'), { code: 'unavailable' })],
    ['a script that failed to load', new TypeError('Failed to fetch dynamically imported module')],
  ])('keeps it after %s, counting the attempt', async (_name, error) => {
    const { port } = scriptedPort([error]);
    const entry = enqueue(inquiry.collection, doc);
    await expect(send(port, entry)).rejects.toBe(error);
    expect(isPermanent(error)).toBe(false);
    expect(readPending()).toEqual([{ ...entry, attempts: 1 }]);
  });

  it.each([
    ['a refused document', new SaveError('A field the server refused', 400)],
    ['an unknown form', new SaveError('No form of that name', 404)],
    ['Firebase rules', Object.assign(new Error('denied'), { code: 'permission-denied' })],
  ])('drops it after %s: sending again could never help', async (_name, error) => {
    const { port } = scriptedPort([error]);
    const entry = enqueue(inquiry.collection, doc);
    await expect(send(port, entry)).rejects.toBe(error);
    expect(isPermanent(error)).toBe(true);
    expect(readPending()).toEqual([]);
  });

  it("sends what waits on a later visit with the same key, and tells the visitor with the form's success message", async () => {
    const first = scriptedPort([new SaveError('unreachable', 0)]);
    // The form's success message is kept with it: a later visit may be on a page without that form.
    const entry = enqueue(inquiry.collection, doc, inquiry.success);
    await send(first.port, entry).catch(() => undefined);

    const later = scriptedPort([{ id: 'stored' }]);
    await expect(sendPending(later.port)).resolves.toBe(0);
    expect(later.calls).toEqual([{ collection: inquiry.collection, document: doc, key: entry.key }]);
    expect(notify).toHaveBeenCalledWith(inquiry.success.toast, 'success');
    expect(readPending()).toEqual([]);
  });

  it('tells the form that made a submission, still on the page, when the outbox saves it later: once, instead of the toast', async () => {
    const first = scriptedPort([new SaveError('unreachable', 0)]);
    const entry = enqueue(inquiry.collection, doc, inquiry.success);
    const saved = jest.fn();
    onSaved(entry.key, saved);
    await send(first.port, entry).catch(() => undefined);
    expect(saved).not.toHaveBeenCalled();

    const later = scriptedPort([{ id: 'stored' }, { id: 'stored' }]);
    await expect(sendPending(later.port)).resolves.toBe(0);
    expect(saved).toHaveBeenCalledTimes(1);
    expect(notify).not.toHaveBeenCalled();
    // The visitor sends the same submission again: the same key, no second word from the form.
    await expect(send(later.port, entry)).resolves.toBe('stored');
    expect(later.calls.map((call) => call.key)).toEqual([entry.key, entry.key]);
    expect(saved).toHaveBeenCalledTimes(1);
  });

  it("a send of a submission already on its way (the visitor's, the outbox's timer) waits for the same answer: one request, announced once", async () => {
    let answer = (_: { id: string }) => {};
    const calls: string[] = [];
    const port: DataPort = {
      saveDocument: (_collection, _document, key) => {
        calls.push(key);
        return new Promise((resolve) => (answer = resolve));
      },
      uploadFile: () => Promise.reject(new Error('not used')),
    };
    const entry = enqueue(inquiry.collection, doc, inquiry.success);
    const saved = jest.fn();
    onSaved(entry.key, saved);
    const byTimer = sendPending(port);
    const byVisitor = send(port, entry);
    answer({ id: 'once' });
    await expect(byVisitor).resolves.toBe('once');
    await expect(byTimer).resolves.toBe(0);
    expect(calls).toEqual([entry.key]);
    expect(saved).toHaveBeenCalledTimes(1);
    expect(notify).not.toHaveBeenCalled();
  });

  it('leaves what still fails waiting, and goes on with the others', async () => {
    const a = enqueue(inquiry.collection, doc);
    const b = enqueue(forms.newsletter.collection, { Email: 'b@example.com', id: 2, Date: 'y' });
    const { port, calls } = scriptedPort([new SaveError('boom', 503), { id: 'ok' }]);
    await expect(sendPending(port)).resolves.toBe(1);
    expect(calls.map((c) => c.key)).toEqual([a.key, b.key]);
    expect(readPending().map((p) => p.key)).toEqual([a.key]);
  });

  it(`drops a submission that could not be sent for ${site.constants.outbox.keepDays} days`, async () => {
    enqueue(inquiry.collection, doc);
    const { port, calls } = scriptedPort([]);
    await expect(sendPending(port, Date.now() + (site.constants.outbox.keepDays + 1) * 86_400_000)).resolves.toBe(0);
    expect(calls).toEqual([]);
  });

  it('ignores what another program wrote under its storage key', async () => {
    localStorage.setItem(OUTBOX_STORAGE_KEY, '{not json');
    expect(readPending()).toEqual([]);
    localStorage.setItem(OUTBOX_STORAGE_KEY, JSON.stringify([{ nope: true }, 3]));
    expect(readPending()).toEqual([]);
  });

  it('makes a different key every time', () => {
    const keys = new Set(Array.from({ length: 100 }, newSubmissionKey));
    expect(keys.size).toBe(100);
  });
});
