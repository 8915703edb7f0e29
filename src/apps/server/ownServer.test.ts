/**
 * The files of deploy/ for the agency's own Linux server: the systemd units pass
 * `systemd-analyze verify` (with this checkout standing in for the release folder), and the
 * nightly backup script, run against a live server, writes a copy that restores and counts,
 * with the CV files, keeping only the newest KEEP copies (its nights told by a clock the test
 * sets: the script's `date` reads it).
 * (Caddy in front of the site is tested in the browser: e2e/proxy.e2e.ts.)
 */
import { execFile as execFileCallback, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildApp } from './app';
import { leads } from '../../test/leadsCommand';

const execFile = promisify(execFileCallback);
const root = path.resolve(__dirname, '../../..');
const deployDir = path.join(root, 'deploy');
const systemdAnalyze = '/usr/bin/systemd-analyze';

describe('systemd units', () => {
  const units = readdirSync(deployDir).filter((f) => /\.(service|timer)$/.test(f));

  it('are the site, its backup, and the backup timer', () => {
    expect(units.sort()).toEqual(['business-growth-backup.service', 'business-growth-backup.timer', 'business-growth.service']);
  });

  it('pass systemd-analyze verify with no warning', () => {
    if (!existsSync(systemdAnalyze)) {
      if (process.env.CI) throw new Error(`${systemdAnalyze} is missing`);
      console.warn(`Skipped: ${systemdAnalyze} is not installed.`);
      return;
    }
    const dir = mkdtempSync(path.join(os.tmpdir(), 'units-'));
    try {
      for (const unit of units) {
        const text = readFileSync(path.join(deployDir, unit), 'utf8')
          .replaceAll('/opt/business-growth/current', root)
          .replaceAll('/usr/bin/node', process.execPath);
        writeFileSync(path.join(dir, unit), text);
      }
      // verify exits 0 even on a line it cannot parse: every warning goes to stderr.
      const result = execFileSync(systemdAnalyze, ['verify', '--man=no', ...units.map((u) => path.join(dir, u))], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      expect(result).toBe('');
    } catch (error) {
      throw new Error(String((error as { stderr?: string }).stderr ?? error));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('run the site sandboxed, as its own user, writing only the data folder, with secrets from a file outside the repository', () => {
    const unit = readFileSync(path.join(deployDir, 'business-growth.service'), 'utf8');
    for (const line of [
      'User=business-growth',
      'Environment=DATA_DIR=/var/lib/business-growth',
      'Environment=HOST=127.0.0.1',
      'Environment=TRUST_PROXY=loopback',
      'EnvironmentFile=-/etc/business-growth/site.env',
      'Restart=on-failure',
      'NoNewPrivileges=yes',
      'ProtectSystem=strict',
      'ReadWritePaths=/var/lib/business-growth /opt/business-growth/releases',
      'PrivateTmp=yes',
    ]) {
      expect(unit.split('\n')).toContain(line);
    }
  });
});

describe('the nightly backup (deploy/backup.sh)', () => {
  let dataDir: string;
  let backupDir: string;
  let clockDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'backup-data-'));
    backupDir = mkdtempSync(path.join(os.tmpdir(), 'backup-copies-'));
    // The script's clock: a `date` first on its PATH, the system's own told the time the test sets (BACKUP_TEST_NOW, seconds).
    clockDir = mkdtempSync(path.join(os.tmpdir(), 'backup-clock-'));
    const date = execFileSync('sh', ['-c', 'command -v date'], { encoding: 'utf8' }).trim();
    writeFileSync(path.join(clockDir, 'date'), `#!/bin/sh\nexec ${date} -d "@$BACKUP_TEST_NOW" "$@"\n`, { mode: 0o755 });
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(backupDir, { recursive: true, force: true });
    rmSync(clockDir, { recursive: true, force: true });
  });

  /** Night 0, 1, 2…: 02:00 UTC on successive days. */
  const night = (n: number) => Date.UTC(2030, 0, 1 + n, 2) / 1000;
  const backup = (keep: number, at = night(0)) =>
    execFile(path.join(deployDir, 'backup.sh'), [], {
      cwd: root,
      env: {
        ...process.env,
        PATH: `${clockDir}:${process.env.PATH ?? ''}`,
        BACKUP_TEST_NOW: String(at),
        DATA_DIR: dataDir,
        BACKUP_DIR: backupDir,
        KEEP: String(keep),
      },
    });
  // `npm run leads -- count` (src/test/leadsCommand.ts).
  const count = async (dir: string) => {
    const run = await leads(['count'], dir);
    expect(run.code).toBe(0);
    return run.stdout;
  };

  it("copies a live server's leads and CVs; the copy restores and counts; only the newest KEEP stay", async () => {
    const app = await buildApp({ dataDir, rateLimitFactor: 1000 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    try {
      for (let i = 0; i < 3; i++) {
        const answer = await fetch(`${base}/api/collections/subcribe/documents`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ Email: `backup.${i}@example.com`, id: Date.now(), Date: new Date().toString() }),
        });
        expect(answer.status).toBe(201);
      }
      const cv = await fetch(`${base}/api/files/Image/CvDeveloper/${crypto.randomUUID()}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/pdf' },
        body: '%PDF-1.4 a CV',
      });
      expect(cv.status).toBe(201);

      // Three nights, keeping two; the site keeps running meanwhile.
      for (let n = 0; n < 3; n++) {
        const { stdout } = await backup(2, night(n));
        expect(stdout).toMatch(/Backup written to /);
      }
    } finally {
      await app.close();
    }
    // The two newest, named by their time (UTC, to the second).
    const copies = readdirSync(backupDir).sort();
    expect(copies).toEqual(['2030-01-02T020000Z', '2030-01-03T020000Z']);
    const newest = path.join(backupDir, copies[1]!);
    expect(readdirSync(newest).sort()).toEqual(['files.tar', 'site.db']);
    expect(await count(newest)).toMatch(/^subcribe\t3$/m);
    // Counting changed nothing in the copy.
    expect(readdirSync(newest).sort()).toEqual(['files.tar', 'site.db']);
    const listing = execFileSync('tar', ['-tf', path.join(newest, 'files.tar')], { encoding: 'utf8' });
    expect(listing).toMatch(/^files\/Image\/CvDeveloper\/[0-9a-f-]{36}$/m);
    // Its limit only stops a hang: four processes and a backup script outlast a minute beside a busy machine's other tests.
  }, 300_000);

  it('refuses a KEEP that is not a whole number above 0, and leaves nothing behind', async () => {
    mkdirSync(path.join(dataDir, 'files'));
    await expect(backup(0)).rejects.toMatchObject({ stderr: expect.stringContaining('KEEP must be a whole number above 0') });
    expect(readdirSync(backupDir)).toEqual([]);
  });
});
