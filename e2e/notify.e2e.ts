/**
 * Notifications from the built server (dist/server/index.js), started and killed by the
 * test with settings in its environment, as on the agency's own server. No browser.
 *
 * - Killed with SIGKILL between storing a lead and sending its mail (the SMTP server has
 *   taken the connection and not answered yet): after a restart, the mail is delivered once.
 * - A wrong setting is one sentence at start, without a stack trace, and the site serves.
 */
import { expect, test } from './fixtures';
import { proofHeaders } from '../src/test/proof';
import Database from 'better-sqlite3';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import forms from '../config/forms';
import admin from '../config/admin';
import site from '../config/site';
import { placeholderWarnings } from '../src/content/model/placeholders';
import { buildDocument } from '../src/site/forms/model/document';
import { validData } from '../src/test/formFixtures';
import { startSmtp, waitFor } from '../src/test/receivers';
import { exited, freePort, startServer } from './helpers/server';

test.describe.configure({ mode: 'serial' });
test.setTimeout(90_000);

const inquiry = forms.inquiry;
const mailSettings = (smtpPort: number) => ({
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  MAIL_FROM: 'Agency Site <site@agency.example>',
  NOTIFY_TO: 'sales@agency.example',
  PUBLIC_URL: 'https://leads.agency.example',
});

function deliveriesIn(dataDir: string): { id: string; doc_id: string; state: string; attempts: number }[] {
  const db = new Database(path.join(dataDir, 'site.db'), { readonly: true });
  try {
    // The agency's notifications (the visitor's auto-reply is a delivery too: e2e/replies.e2e.ts).
    return db.prepare("SELECT id, doc_id, state, attempts FROM deliveries WHERE channel <> 'visitor' ORDER BY created_at").all() as never;
  } finally {
    db.close();
  }
}

/** An SMTP server that takes connections and never says a word: a send stays under way. */
async function silentSmtp(port: number) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return {
    connections: () => sockets.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const running: ChildProcess[] = [];
const dirs: string[] = [];
test.afterEach(async () => {
  for (const server of running.splice(0)) {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    await exited(server);
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

test('killed between storing a lead and sending its mail, the server sends it after the restart, once', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'notify-kill-'));
  dirs.push(dataDir);
  const [sitePort, smtpPort] = [await freePort(), await freePort()];
  const silent = await silentSmtp(smtpPort);

  const first = await startServer(sitePort, dataDir, mailSettings(smtpPort));
  running.push(first);
  const document = buildDocument(inquiry, validData.inquiry);
  const response = await fetch(`http://127.0.0.1:${sitePort}/api/collections/${inquiry.collection}/documents`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(await proofHeaders(`http://127.0.0.1:${sitePort}`)) },
    body: JSON.stringify(document),
  });
  // The visitor's answer does not wait for the mail: it comes while the SMTP server has not said
  // a word (it never will), the delivery still pending and never tried to its end.
  expect(response.status).toBe(201);
  const { id: docId } = (await response.json()) as { id: string };
  expect(deliveriesIn(dataDir)).toEqual([{ id: expect.stringMatching(/^msg_/), doc_id: docId, state: 'pending', attempts: 0 }]);
  await waitFor('the mail to be under way', () => silent.connections() > 0);
  expect(deliveriesIn(dataDir)).toEqual([{ id: expect.stringMatching(/^msg_/), doc_id: docId, state: 'pending', attempts: 0 }]);

  first.kill('SIGKILL');
  expect(await exited(first)).toEqual({ code: null, signal: 'SIGKILL' });
  await silent.close();
  const smtp = await startSmtp(smtpPort);
  try {
    running.push(await startServer(sitePort, dataDir, mailSettings(smtpPort)));
    // The agency's notification (the visitor's auto-reply goes to the visitor).
    const notices = () => smtp.mails.filter((m) => m.envelope.to.includes(mailSettings(smtpPort).NOTIFY_TO));
    await waitFor('the mail', () => notices().length === 1, 20_000);
    await waitFor('the delivery marked sent', () => deliveriesIn(dataDir)[0]?.state === 'sent');
    const [row] = deliveriesIn(dataDir);
    const { email } = notices()[0]!;
    expect(email.messageId).toBe(`<${row!.id}@agency.example>`);
    expect(email.text).toContain(`https://leads.agency.example/admin/leads/${docId}`);
    // Never the visitor's address in a header: without the agency's mailbox read (no IMAP_URL), no Reply-To at all.
    expect(email.replyTo).toBeUndefined();
    expect(JSON.stringify([email.from, email.to, email.cc])).not.toContain(validData.inquiry.Email);
    // Once: the server stopped (it finishes what it has under way first), nothing more came.
    const second = running.pop()!;
    second.kill('SIGTERM');
    expect(await exited(second)).toEqual({ code: 0, signal: null });
    expect(notices()).toHaveLength(1);
    expect(deliveriesIn(dataDir)).toEqual([{ id: row!.id, doc_id: docId, state: 'sent', attempts: 1 }]);
  } finally {
    await smtp.close();
  }
});

test('a wrong setting is one plain sentence at start, and the site serves without that channel; the start names the settings still at their examples', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'notify-wrong-'));
  dirs.push(dataDir);
  const port = await freePort();
  // MAIL_FROM at an example address: named with the shipped config's examples (config/site.ts).
  const settings = {
    ...mailSettings(25),
    MAIL_FROM: 'Agency Site <site@example.com>',
    SMTP_URL: 'mail.agency.example:587',
    WEBHOOK_URL: 'https://hooks.agency.example/leads',
  };
  const server = spawn(process.execPath, ['dist/server/index.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG: 'off', ...settings },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(server);
  let stdout = '';
  let stderr = '';
  server.stdout!.on('data', (chunk) => (stdout += chunk));
  server.stderr!.on('data', (chunk) => (stderr += chunk));
  // A built server's start line, on a machine whose cores are busy with other work: up to a minute.
  await expect.poll(() => stdout, { timeout: 60_000 }).toContain('Notifications of new leads:');

  expect(stderr.trim().split('\n')).toEqual([
    'SMTP_URL is not an SMTP address like smtp://user:password@mail.example.com:587 (or smtps://… for port 465), so e-mails about new leads wait until it is fixed.',
  ]);
  expect(stdout).toContain(
    'Notifications of new leads: webhook to hooks.agency.example (not signed: no WEBHOOK_SECRET); waiting for a setting to be fixed: email.',
  );
  // Every setting still at its example value, under its heading (the same sentences as npm run check's and the inbox's).
  const examples = placeholderWarnings(site, settings);
  for (const start of ['config/site.ts: contact.email ', 'MAIL_FROM '])
    expect(
      examples.some((line) => line.startsWith(start)),
      start,
    ).toBe(true);
  expect(stdout).toContain([admin.placeholders, ...examples].join('\n'));
  const health = await fetch(`http://127.0.0.1:${port}/healthz`);
  expect(health.status).toBe(200);
});
