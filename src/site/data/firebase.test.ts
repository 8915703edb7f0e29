/**
 * The Firebase adapter at the SDK boundary: the three SDK modules are mocked, and the test
 * checks which SDK calls the adapter makes and what it does with their answers.
 */
import { initializeApp } from 'firebase/app';
import { doc, getFirestore, setDoc } from 'firebase/firestore/lite';
import { getDownloadURL, getStorage, ref, uploadBytesResumable } from 'firebase/storage';
import forms from '../../../config/forms';
import server from '../../../config/server';
import { buildDocument } from '../forms/model/document';
import { validData } from '../../test/formFixtures';
import { createFirebasePort } from './firebase';

jest.mock('firebase/app', () => ({ initializeApp: jest.fn() }));
jest.mock('firebase/firestore/lite', () => ({ getFirestore: jest.fn(), doc: jest.fn(), setDoc: jest.fn() }));
jest.mock('firebase/storage', () => ({ getStorage: jest.fn(), ref: jest.fn(), uploadBytesResumable: jest.fn(), getDownloadURL: jest.fn() }));

const mocked = <T extends (...args: never[]) => unknown>(fn: T) => fn as unknown as jest.Mock;

const options = { apiKey: 'key', authDomain: 'agency.firebaseapp.com', projectId: 'agency', storageBucket: 'agency.appspot.com', messagingSenderId: '1', appId: '1:2:web:3' };
const app = { name: '[DEFAULT]' };
const db = { type: 'firestore-lite' };
const storage = { type: 'storage' };

/** A stand-in for the SDK's UploadTask: the test drives its events. */
function fakeTask(storageRef: object) {
  const listeners: { next?: (s: unknown) => void; error?: (e: unknown) => void; complete?: () => void } = {};
  const task = {
    snapshot: { ref: storageRef, bytesTransferred: 0, totalBytes: 0 },
    on: jest.fn((event: string, next: (s: unknown) => void, error: (e: unknown) => void, complete: () => void) => {
      expect(event).toBe('state_changed');
      Object.assign(listeners, { next, error, complete });
      return () => undefined;
    }),
    progress(bytesTransferred: number, totalBytes: number) {
      task.snapshot = { ref: storageRef, bytesTransferred, totalBytes };
      listeners.next?.(task.snapshot);
    },
    fail: (error: unknown) => listeners.error?.(error),
    complete: () => listeners.complete?.(),
  };
  return task;
}

beforeEach(() => {
  jest.clearAllMocks();
  mocked(initializeApp).mockReturnValue(app);
  mocked(getFirestore).mockReturnValue(db);
  mocked(getStorage).mockReturnValue(storage);
});

it('starts the SDK once with the options given', () => {
  createFirebasePort(options);
  expect(initializeApp).toHaveBeenCalledTimes(1);
  expect(initializeApp).toHaveBeenCalledWith(options);
  expect(getFirestore).toHaveBeenCalledWith(app);
  expect(getStorage).toHaveBeenCalledWith(app);
});

describe('saveDocument', () => {
  it("with a key: sets exactly the document at doc(db, 'Inquriy', key) and resolves to the key", async () => {
    const key = '0f8c6a2e-3b1d-4c5e-9f7a-1b2c3d4e5f60';
    const documentRef = { path: `Inquriy/${key}` };
    mocked(doc).mockReturnValue(documentRef);
    mocked(setDoc).mockResolvedValue(undefined);
    const document = buildDocument(forms.inquiry, validData.inquiry, new Date(1_700_000_000_000));
    const sent = structuredClone(document);

    const port = createFirebasePort(options);
    await expect(port.saveDocument('Inquriy', document, key)).resolves.toEqual({ id: key });

    expect(doc).toHaveBeenCalledTimes(1);
    expect(doc).toHaveBeenCalledWith(db, 'Inquriy', key);
    expect(setDoc).toHaveBeenCalledTimes(1);
    const [target, data, ...rest] = mocked(setDoc).mock.calls[0]!;
    expect(target).toBe(documentRef);
    expect(rest).toEqual([]); // no merge options: a whole new document
    expect(data).toStrictEqual(sent);
  });

  it('leaves the filled-in spam-trap field out (the rules accept only the form\'s keys): the lead is saved, not lost', async () => {
    const key = '1f8c6a2e-3b1d-4c5e-9f7a-1b2c3d4e5f60';
    mocked(doc).mockReturnValue({ path: `Inquriy/${key}` });
    mocked(setDoc).mockResolvedValue(undefined);
    const document = buildDocument(forms.inquiry, validData.inquiry, new Date(1_700_000_000_000));

    const port = createFirebasePort(options);
    await expect(port.saveDocument('Inquriy', { ...document, [server.spamTrap.name]: 'autofilled' }, key)).resolves.toEqual({ id: key });
    expect(mocked(setDoc).mock.calls[0]![1]).toStrictEqual(document);
  });

  it('with a key: rejects with the SDK error when setDoc fails (the rules refuse a second write at the same key)', async () => {
    mocked(doc).mockReturnValue({});
    const denied = Object.assign(new Error('Missing or insufficient permissions.'), { code: 'permission-denied' });
    mocked(setDoc).mockRejectedValue(denied);
    await expect(createFirebasePort(options).saveDocument('Contact_cli', { a: 1 }, 'k')).rejects.toBe(denied);
  });
});

describe('uploadFile', () => {
  const path = 'Image/CvDeveloper/0f8c6a2e-3b1d-4c5e-9f7a-1b2c3d4e5f60';
  const url = 'https://firebasestorage.googleapis.com/v0/b/agency.appspot.com/o/Image%2FCvDeveloper%2F0f8c6a2e?alt=media&token=t';

  function setUp() {
    const storageRef = { fullPath: path };
    mocked(ref).mockReturnValue(storageRef);
    const task = fakeTask(storageRef);
    mocked(uploadBytesResumable).mockReturnValue(task);
    return { storageRef, task };
  }

  it('uploads to ref(storage, path), reports progress fractions and resolves to the download URL', async () => {
    const { storageRef, task } = setUp();
    mocked(getDownloadURL).mockResolvedValue(url);
    const blob = new Blob(['%PDF-1.4 a small CV'], { type: 'application/pdf' });
    const progress: number[] = [];

    const uploading = createFirebasePort(options).uploadFile(path, blob, (fraction) => progress.push(fraction));

    expect(ref).toHaveBeenCalledWith(storage, path);
    expect(uploadBytesResumable).toHaveBeenCalledTimes(1);
    expect(uploadBytesResumable).toHaveBeenCalledWith(storageRef, blob, { contentType: 'application/pdf' });
    task.progress(0, 0); // the SDK's first snapshot may not know the size yet
    task.progress(0, 400);
    task.progress(100, 400);
    task.progress(300, 400);
    task.progress(400, 400);
    task.complete();

    await expect(uploading).resolves.toBe(url);
    expect(progress).toEqual([0, 0.25, 0.75, 1]);
    expect(getDownloadURL).toHaveBeenCalledWith(storageRef);
  });

  it('sends no content type for a file without one', async () => {
    const { task } = setUp();
    mocked(getDownloadURL).mockResolvedValue(url);
    const uploading = createFirebasePort(options).uploadFile(path, new Blob(['%PDF-']));
    expect(mocked(uploadBytesResumable).mock.calls[0]![2]).toEqual({ contentType: undefined });
    task.complete();
    await expect(uploading).resolves.toBe(url);
  });

  it('rejects when the upload task errors, without asking for a URL', async () => {
    const { task } = setUp();
    const progress: number[] = [];
    const uploading = createFirebasePort(options).uploadFile(path, new Blob(['x']), (f) => progress.push(f));
    task.progress(1, 4);
    const canceled = Object.assign(new Error('User canceled the upload/download.'), { code: 'storage/canceled' });
    task.fail(canceled);
    await expect(uploading).rejects.toBe(canceled);
    expect(getDownloadURL).not.toHaveBeenCalled();
    expect(progress).toEqual([0.25]);
  });

  it('rejects when the download URL cannot be fetched', async () => {
    const { task } = setUp();
    const notFound = Object.assign(new Error('Object does not exist.'), { code: 'storage/object-not-found' });
    mocked(getDownloadURL).mockRejectedValue(notFound);
    const uploading = createFirebasePort(options).uploadFile(path, new Blob(['x']));
    task.complete();
    await expect(uploading).rejects.toBe(notFound);
  });
});
