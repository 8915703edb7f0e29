/**
 * Deleting for real, against our real server over real HTTP: after erasing everything for an
 * e-mail address (or deleting one lead), a marker the visitor typed is found in no byte of the
 * database file, its write-ahead log, a backup taken afterwards (the online backup of
 * `npm run leads -- backup`, through a connection of its own, as that command opens one; the
 * command itself: src/server/leads.test.ts), or the files folder; other people's leads stay.
 * And retention: leads and CVs past their form's period go at start and at each daily check.
 *
 * The erasure tests share one server (each person has an address and marker of its own); each
 * retention test, which counts and ages everything stored, has its own.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import forms from '../../../config/forms';
import server from '../../../config/server';
import { adminRoutes, pathOf, type ErasureCount, type LeadDetail } from '../../shared/adminApi';
import { type Client, pdfWith, startServer, startSignedIn, submit, uploadCv, type TestServer } from '../../test/adminServer';
import { validData } from '../../test/formFixtures';
import { databaseFile, openStore } from '../store';
import { uploadNamedBy } from '../cvFiles';
import { fileOnDisk, splitStoragePath } from '../files';
import { enforceRetention } from './privacy';

jest.setTimeout(60_000);

const DAY = 24 * 60 * 60 * 1000;

/** Every file under a folder, recursively. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

/** The files under `dir` whose bytes hold `marker` (as UTF-8). */
const holding = (dir: string, marker: string) => filesUnder(dir).filter((file) => readFileSync(file).includes(Buffer.from(marker, 'utf8')));

let s: TestServer;
let agency: Client;

/** Our server and the agency signed in to it: for all the tests of the block this is called in, or for each. */
function withServer(each: boolean) {
  const [before, after] = each ? [beforeEach, afterEach] : [beforeAll, afterAll];
  before(async () => {
    ({ server: s, client: agency } = await startSignedIn());
  });
  after(() => s.close());
}

/** A person who sent two forms (one with a CV), with a note and a notification about them, each holding the marker. */
async function personWithMarker(marker: string, email: string) {
  const cvUrl = await uploadCv(s, pdfWith(`CV ${marker}`));
  const application = await submit(s, 'freelancer', { ...validData.freelancer, fullName: `Grace ${marker}`, Email: email, CvFile: cvUrl, Messsage: `Hello ${marker}` });
  const signUp = await submit(s, 'newsletter', { Email: email.toUpperCase() });
  await agency.change('PATCH', `/api/admin/leads/${application.docId}`, { json: { note: `Call ${marker} back` } });
  s.app.store.db
    .prepare("INSERT INTO deliveries (id, doc_id, channel, state, attempts, next_at, last_error, created_at) VALUES (?, ?, 'email', 'failed', 1, 0, ?, 0)")
    .run(randomBytes(8).toString('hex'), application.docId, `550 no mailbox for ${marker}`);
  return { cvUrl, application, signUp };
}

describe('erasure', () => {
  withServer(false);

  it('erasing an e-mail address: a count first, then no byte of it in the database, its log, a later backup or the files', async () => {
    const marker = `ERASE-ME-${randomBytes(6).toString('hex')}`;
    const email = `${marker.toLowerCase()}@example.com`;
    const { cvUrl } = await personWithMarker(marker, email);
    const other = await submit(s, 'inquiry', { ...validData.inquiry, Fname: 'Someone Else' });
    // The marker is there to be found before: the test can see it.
    expect(holding(s.dataDir, marker).length).toBeGreaterThan(0);

    const count = await agency.change('POST', adminRoutes.erasureCount.path, { json: { email: ` ${email.toUpperCase()} ` } });
    expect((await count.json()) as ErasureCount).toEqual({ leads: 2, forms: 2 });
    const erased = await agency.change('POST', adminRoutes.erase.path, { json: { email } });
    expect(erased.status).toBe(200);
    expect(await erased.json()).toEqual({ leads: 2, forms: 2 });

    // At once, while the server runs (another process opening the database could empty the log itself).
    // In lower case too: the search's text of a lead (leadKeys.ts) holds its values so.
    expect(holding(s.dataDir, marker)).toEqual([]);
    expect(holding(s.dataDir, marker.toLowerCase())).toEqual([]);
    expect(readFileSync(`${databaseFile(s.dataDir)}-wal`).length).toBe(0);
    const backups = mkdtempSync(path.join(os.tmpdir(), 'backups-'));
    try {
      const backup = path.join(backups, 'after.db');
      const other = openStore(s.dataDir);
      try {
        await other.backup(backup);
      } finally {
        other.close();
      }
      expect(filesUnder(backups)).toEqual([backup]);
      expect(statSync(backup).size).toBeGreaterThan(0);
      expect(holding(backups, marker)).toEqual([]);
    } finally {
      rmSync(backups, { recursive: true, force: true });
    }
    expect(holding(s.dataDir, marker)).toEqual([]);
    expect(s.app.store.getFile(uploadNamedBy(cvUrl)!.path)).toBeUndefined();

    // The others' leads are untouched, and the count is now nothing.
    expect(((await (await agency.send('GET', `/api/admin/leads/${other.docId}`)).json()) as LeadDetail).name).toBe('Someone Else');
    expect(await (await agency.change('POST', adminRoutes.erasureCount.path, { json: { email } })).json()).toEqual({ leads: 0, forms: 0 });
  });

  it("erasing an address leaves another lead's CV, even when an erased lead names that file", async () => {
    const cvUrl = await uploadCv(s, pdfWith('the CV of the first applicant'));
    const owner = await submit(s, 'freelancer', { ...validData.freelancer, Email: 'first@example.com', CvFile: cvUrl });
    await submit(s, 'freelancer', { ...validData.freelancer, fullName: 'Copy Cat', Email: 'copier@example.com', CvFile: cvUrl });
    const erased = await agency.change('POST', adminRoutes.erase.path, { json: { email: 'copier@example.com' } });
    expect(await erased.json()).toEqual({ leads: 1, forms: 1 });
    // The file is the first applicant's: on the disk, in the database, and downloaded from their lead.
    const { path: storagePath } = uploadNamedBy(cvUrl)!;
    const parts = splitStoragePath(storagePath)!;
    expect(existsSync(fileOnDisk(s.dataDir, parts.prefix, parts.id))).toBe(true);
    expect(s.app.store.getFile(storagePath)).toBeDefined();
    const download = await agency.send('GET', pathOf('cv', { docId: owner.docId }));
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdfWith('the CV of the first applicant'))).toBe(true);
  });

  it('deleting one lead leaves no byte of it either', async () => {
    const marker = `DELETE-ME-${randomBytes(6).toString('hex')}`;
    const { application, signUp } = await personWithMarker(marker, 'grace@example.com');
    expect(holding(s.dataDir, marker.toLowerCase()).length).toBeGreaterThan(0);
    expect((await agency.change('DELETE', `/api/admin/leads/${application.docId}`)).status).toBe(200);
    expect(holding(s.dataDir, marker)).toEqual([]);
    expect(holding(s.dataDir, marker.toLowerCase())).toEqual([]);
    // The same person's other lead stays until it is deleted too.
    expect((await agency.send('GET', `/api/admin/leads/${signUp.docId}`)).status).toBe(200);
  });

  it('an erasure needs an address', async () => {
    for (const json of [{}, { email: '' }, { email: 7 }, { email: 'x'.repeat(255) }]) {
      const response = await agency.change('POST', adminRoutes.erase.path, { json });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: server.admin.messages.badEmail });
    }
  });

});

describe('retention', () => {
  withServer(true);
  const { retention } = forms.freelancer;
  const age = (docId: string, days: number) =>
    s.app.store.db.prepare('UPDATE documents SET created_at = ? WHERE doc_id = ?').run(new Date(s.clock.now - days * DAY).toISOString(), docId);
  const ageFile = (url: string, days: number) =>
    s.app.store.db.prepare('UPDATE files SET created_at = ? WHERE path = ?').run(new Date(s.clock.now - days * DAY).toISOString(), uploadNamedBy(url)!.path);

  it(`deletes each form's leads after its days, and CVs after cvDays (freelancers: ${retention.days} and ${retention.cvDays})`, async () => {
    const marker = `OLD-${randomBytes(6).toString('hex')}`;
    const oldCv = await uploadCv(s, pdfWith(`old CV ${marker}`));
    const old = await submit(s, 'freelancer', { ...validData.freelancer, fullName: `Old ${marker}`, CvFile: oldCv });
    const keptCv = await uploadCv(s, pdfWith('a CV past its days, on a lead still kept'));
    const kept = await submit(s, 'freelancer', { ...validData.freelancer, CvFile: keptCv });
    const fresh = await submit(s, 'inquiry', validData.inquiry);
    const orphan = await uploadCv(s, pdfWith('a CV whose form was never sent'));
    age(old.docId, retention.days + 1);
    ageFile(oldCv, retention.days + 1);
    age(kept.docId, retention.cvDays! + 1);
    ageFile(keptCv, retention.cvDays! + 1);
    ageFile(orphan, retention.cvDays! + 1);
    age(fresh.docId, forms.inquiry.retention.days - 1);

    expect(enforceRetention(s.app.store, s.dataDir, s.clock.now)).toEqual({ leads: 1, forms: 1, files: 3 });
    expect((await agency.send('GET', `/api/admin/leads/${old.docId}`)).status).toBe(404);
    expect(((await (await agency.send('GET', `/api/admin/leads/${kept.docId}`)).json()) as LeadDetail).cv).toEqual({ state: 'deleted' });
    expect((await agency.send('GET', `/api/admin/leads/${fresh.docId}`)).status).toBe(200);
    expect((await agency.send('GET', `/api/admin/leads/${kept.docId}/cv`)).status).toBe(404);
    expect(holding(s.dataDir, marker)).toEqual([]);
    expect(filesUnder(path.join(s.dataDir, 'files'))).toEqual([]);
  });

  it('runs when the server starts', async () => {
    const { docId } = await submit(s, 'inquiry', validData.inquiry);
    age(docId, forms.inquiry.retention.days + 1);
    expect(s.app.store.count(forms.inquiry.collection)).toBe(1);
    // A second server on the same data, as after a restart.
    const again = await startServer({ dataDir: s.dataDir });
    try {
      expect(s.app.store.count(forms.inquiry.collection)).toBe(0);
    } finally {
      await again.close();
    }
  });
});
