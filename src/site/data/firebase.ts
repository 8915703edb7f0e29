/**
 * The Firebase adapter: documents with setDoc under the submission's key
 * (firebase/firestore/lite), files with uploadBytesResumable + getDownloadURL
 * (firebase/storage). The SDK modules are imported here only, and this module itself is
 * loaded on first use (see select.ts).
 *
 * The Firestore rules (firestore.rules, from config/forms) accept only `create` at a
 * lowercase v4 UUID: a document saved with a key from crypto.randomUUID() is stored once.
 */
import { initializeApp, type FirebaseOptions } from 'firebase/app';
import { doc, getFirestore, setDoc } from 'firebase/firestore/lite';
import { getDownloadURL, getStorage, ref, uploadBytesResumable } from 'firebase/storage';
import server from '../model/builtServerSettings';
import type { DataPort } from './port';

export function createFirebasePort(options: FirebaseOptions): DataPort {
  const app = initializeApp(options);
  const db = getFirestore(app);
  const storage = getStorage(app);
  return {
    async saveDocument(name, document, key) {
      // The spam-trap field filled in: the rules accept only the form's keys, and Firestore has
      // no spam folder, so the document is saved without it, as any lead (a person whose
      // browser autofilled the hidden field is not lost).
      const { [server.spamTrap.name]: _trap, ...fields } = document;
      await setDoc(doc(db, name, key), fields);
      return { id: key };
    },
    uploadFile(path, file, onProgress) {
      return new Promise<string>((resolve, reject) => {
        const task = uploadBytesResumable(ref(storage, path), file, { contentType: file.type || undefined });
        task.on(
          'state_changed',
          (snapshot) => snapshot.totalBytes > 0 && onProgress?.(snapshot.bytesTransferred / snapshot.totalBytes),
          reject,
          () => {
            getDownloadURL(task.snapshot.ref).then(resolve, reject);
          },
        );
      });
    },
  };
}
