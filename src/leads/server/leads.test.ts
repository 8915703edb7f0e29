/**
 * The agency's view of its leads: the export and backup functions, and the real command
 * line (`npm run leads -- ...`, i.e. scripts/leads.ts with tsx's loader) on a data folder filled
 * through the site's own endpoints.
 */
import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import forms from '../../../config/forms';
import { buildDocument, type FormDocument } from '../../site/forms/model/document';
import type { FormConfig } from '../../site/forms/model/formSchema';
import { validData, validVariants } from '../../test/formFixtures';
import { leads as leadsCommand } from '../../test/leadsCommand';
import { buildApp } from '../../apps/server/app';
import server from '../../../config/server';
import site from '../../../config/site';
import admin from '../../../config/admin';
import { formatCellDate } from '../../platform/received';
import { fill } from '../../schema/text';
import { FIRST_STAGE, stageName } from '../model/pipeline';
import { parseCsv } from '../../test/csv';
import { BYTE_ORDER_MARK, csvCell, csvColumnsFor, csvRow, exportDocuments, exportLeads, spreadsheetText, type LeadFilter, type LeadRow } from './leads';
import { bundledForms } from '../../site/forms/model/registry';
import { openStore } from '../../apps/server/siteStore';
import { SOURCE_CSV_COLUMNS } from './sources';

/** The source's cells (after Received, before the inbox's address), empty for a lead posted without one. */
const noSource = '"",'.repeat(SOURCE_CSV_COLUMNS.length);

// Each command starts a fresh Node process with TypeScript loading: allow it time on a busy machine.
jest.setTimeout(60_000);

type Run = Awaited<ReturnType<typeof leadsCommand>>;

/** `npm run leads -- <args>` with DATA_DIR=dataDir (and no PUBLIC_URL: the inbox's addresses are config/site's). */
const leads = (args: string[], dataDir: string): Promise<Run> => leadsCommand(args, dataDir, '', { PUBLIC_URL: '' });

/** One plain sentence (or two), no stack trace. */
function expectPlainSentence(text: string) {
  const lines = text.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/\.$/);
  expect(text).not.toMatch(/\n\s+at |Error:|node:internal/);
}

describe('csvCell', () => {
  it.each([
    ['plain text', 'Ada', '"Ada"'],
    ['quotes doubled', 'say "hi"', '"say ""hi"""'],
    ['a formula', '=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['a plus', '+1+2', `"'+1+2"`],
    ['a minus', '-2+3', `"'-2+3"`],
    ['an at sign', '@SUM(A1)', `"'@SUM(A1)"`],
    ['a tab', '\t=1', `"'\t=1"`],
    ['a carriage return', '\r=1', `"'\r=1"`],
    ['an equals sign later on', 'a=b', '"a=b"'],
    ['a formula behind a line break', '\n=1+2', `"'\n=1+2"`],
    ['a formula behind spaces', '  =1+2', `"'  =1+2"`],
    ['a formula behind a no-break space', '\u00A0@SUM(A1)', `"'\u00A0@SUM(A1)"`],
    ['a formula behind a zero-width joiner', '\u200D=1', `"'\u200D=1"`],
    ['a zero-width space before a formula shown by its code (no longer a formula)', '\u200B=1', '"[U+200B]=1"'],
    ['a full-width equals sign', '\uFF1D1+2', `"'\uFF1D1+2"`],
    ['a full-width plus', '\uFF0B1', `"'\uFF0B1"`],
    ['a full-width minus', '\uFF0D1', `"'\uFF0D1"`],
    ['a full-width at sign', '\uFF20SUM(A1)', `"'\uFF20SUM(A1)"`],
    ['a right-to-left override shown by its code', 'cv\u202Egpj.exe', '"cv[U+202E]gpj.exe"'],
    ['an isolate and a zero-width joiner-free space shown', 'a\u2066b\u200Bc', '"a[U+2066]b[U+200B]c"'],
    ['a line break kept inside the quotes', 'one\ntwo', '"one\ntwo"'],
    ['a number', 1_700_000_000_000, '"1700000000000"'],
    ['empty text', '', '""'],
    ['null', null, '""'],
    ['undefined', undefined, '""'],
  ])('%s', (_name, value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});

/** The CSV's last columns of every form: id and Date as sent, then Received (config/admin.ts words). */
const stampHeaders = [admin.lead.stampLabels.id, admin.lead.stampLabels.Date, admin.list.columns.receivedAt];
/** The CSV's first columns, whatever the form: the sender's name, e-mail and phone, the status, the last activity and the note (config/server.ts words). */
const pipelineWords = server.admin.exportPipelineColumns;
const sharedHeaders = [
  ...(['name', 'email', 'phone', 'status', 'lastActivity', 'note'] as const).map((key) => server.admin.exportColumns[key]),
  // How the lead ends: its stage (and why lost), value, follow-up and assignee (admin/pipeline.test.ts).
  pipelineWords.stage,
  pipelineWords.lostReason,
  fill(pipelineWords.value, { currency: admin.currency }),
  pipelineWords.followUp,
  pipelineWords.assignee,
];
/** A form's fields that have columns of their own (the shared ones hold the name, e-mail and phone: config/forms `columns`). */
const ownFields = (form: FormConfig) => form.fields.filter((f) => !Object.values(form.columns).includes(f.name));

describe('csvColumnsFor and csvRow', () => {
  it("heads the form's fields by their labels, in the form's order, then id, Date and Received", () => {
    for (const form of Object.values(forms as Record<string, FormConfig>).filter((f) => !f.fields.some((field) => field.options))) {
      expect(csvColumnsFor(bundledForms, form.collection).map((c) => c.header)).toEqual([...ownFields(form).map((f) => f.label), ...stampHeaders]);
    }
    expect(csvColumnsFor(bundledForms, 'nope').map((c) => c.header)).toEqual(stampHeaders);
  });

  it("a choice: the label the visitor read, then the value stored in a column of its own; Received in the agency's zone", () => {
    const form = forms.freelancer;
    const choice = form.fields.find((f) => f.options?.some((o) => o.value !== '' && o.label && o.label !== o.value))!;
    const picked = choice.options!.find((o) => o.value !== '' && o.label && o.label !== o.value)!;
    const columns = csvColumnsFor(bundledForms, form.collection);
    const valueHeader = fill(server.admin.exportValueColumn, { label: choice.label });
    expect(columns.map((c) => c.header)).toEqual([...ownFields(form).flatMap((f) => (f === choice ? [f.label, valueHeader] : [f.label])), ...stampHeaders]);
    const lead: LeadRow = {
      docId: 'x',
      collection: form.collection,
      document: { [choice.name]: picked.value, id: 1, Date: 'Mon Jan 01 2001' },
      receivedAt: '2026-06-01T12:00:00.000Z',
      status: 'new',
      spam: false,
      note: '',
      person: null,
      activeAt: '2026-06-01T12:00:00.000Z',
      unread: true,
      waitingSince: '2026-06-01T12:00:00.000Z',
      stage: null,
      lostReason: null,
      value: null,
      followUp: null,
      assignee: null,
      language: null,
    };
    const cell = (header: string) => columns.find((c) => c.header === header)!.cell(lead);
    expect(cell(choice.label)).toBe(picked.label);
    expect(cell(valueHeader)).toBe(picked.value);
    expect(cell(admin.lead.stampLabels.Date)).toBe('Mon Jan 01 2001');
    expect(cell(admin.list.columns.receivedAt)).toBe(formatCellDate(lead.receivedAt));
  });

  it('writes rows with CRLF line ends', () => {
    expect(csvRow([1, '=x']) + csvRow(['y', undefined])).toBe(`"1","'=x"\r\n"y",""\r\n`);
  });

  it('knows the four collections', () => {
    expect(bundledForms.knownCollections()).toEqual(['subcribe', 'Inquriy', 'freelancers', 'Contact_cli']);
  });
});

describe('exports and the command line', () => {
  let dataDir: string;
  let outDir: string;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const inquiries: FormDocument[] = [];
  const contacts: FormDocument[] = [];
  const inquiryIds: string[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'leads-test-'));
    outDir = mkdtempSync(path.join(os.tmpdir(), 'leads-out-'));
    app = await buildApp({ dataDir, rateLimitFactor: 1000 });
    const post = async (collection: string, document: FormDocument) => {
      const response = await app.inject({ method: 'POST', url: `/api/collections/${collection}/documents`, payload: document });
      expect(response.statusCode).toBe(201);
      return (response.json() as { id: string }).id;
    };
    const inquiryValues = [
      validData.inquiry,
      { ...validData.inquiry, Fname: '@SUM(A1)', Pname: '=HYPERLINK("x")', Number: '' },
      { ...validData.inquiry, Fname: 'Zoë "Z" Ünal', Pname: 'A shop,\nwith two lines' },
    ];
    for (const [i, values] of inquiryValues.entries()) {
      const document = buildDocument(forms.inquiry, values, new Date(Date.UTC(2024, 0, 2, 3, 4, 5 + i)));
      inquiries.push(document);
      inquiryIds.push(await post('Inquriy', document));
    }
    for (const [i, values] of validVariants.contact.slice(0, 2).entries()) {
      const document = buildDocument(forms.contact, values, new Date(Date.UTC(2024, 1, 2, 3, 4, 5 + i)));
      contacts.push(document);
      await post('Contact_cli', document);
    }
  });

  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(outDir, { recursive: true, force: true });
  });

  describe('exportLeads (the function)', () => {
    const exported = (filter: LeadFilter, format: 'json' | 'csv') => [...exportLeads(app.store, filter, format, 'https://site.test', app.served)].join('');

    it.each<[string, LeadFilter]>([
      ['one form', { collection: 'Inquriy' }],
      ['every form', {}],
      ['a search', { search: 'ada' }],
      ['an empty view', { collection: 'subcribe' }],
    ])(
      'the JSON rows are the CSV rows (%s): the same columns in the same order, the same cells, the CSV only guarding them for a spreadsheet',
      (_name, filter) => {
        const csv = parseCsv(exported(filter, 'csv'));
        const json = JSON.parse(exported(filter, 'json')) as Record<string, string>[];
        const [headers, ...rows] = csv;
        expect(rows).toHaveLength(json.length);
        for (const row of json) expect(Object.keys(row)).toEqual(headers);
        expect(rows).toEqual(json.map((row) => headers!.map((header) => spreadsheetText(row[header]))));
      },
    );

    it('a JSON row holds the text as sent (no apostrophe before a formula), with the shared Email, the status and the note', () => {
      const contact = app.store.db.prepare("SELECT doc_id FROM leads WHERE collection = 'Contact_cli' ORDER BY seq LIMIT 1").pluck().get() as string;
      app.store.db.prepare("UPDATE leads SET note = ?, status = 'replied' WHERE doc_id = ?").run('=£ paid', contact);
      try {
        const words = server.admin.exportColumns;
        const json = JSON.parse(exported({}, 'json')) as Record<string, string>[];
        const formula = json.find((row) => row[words.name] === '@SUM(A1)')!;
        expect(formula[words.email]).toBe('ada@example.com');
        const noted = json.find((row) => row[words.note] === '=£ paid')!;
        expect(noted[words.status]).toBe(admin.statuses.replied);
        expect(noted[server.admin.exportInboxColumn]).toBe(`https://site.test/admin/leads/${contact}`);
        const csv = exported({}, 'csv');
        expect(csv).toContain(`"'=£ paid"`);
        expect(csv).toContain(`"'@SUM(A1)"`);
      } finally {
        app.store.db.prepare("UPDATE leads SET note = '', status = 'new' WHERE doc_id = ?").run(contact);
      }
    });

    it('CSV of an empty collection is its header row, with the inbox column last', () => {
      expect(exported({ collection: 'subcribe' }, 'csv')).toBe(
        BYTE_ORDER_MARK +
          csvRow([
            ...sharedHeaders,
            ...ownFields(forms.newsletter).map((f) => f.label),
            ...stampHeaders,
            ...SOURCE_CSV_COLUMNS,
            server.admin.exportInboxColumn,
          ]),
      );
      expect(exported({ collection: 'subcribe' }, 'json')).toBe('[]\n');
    });
  });

  describe('exportDocuments (the stored documents)', () => {
    const documents = (filter: LeadFilter) => [...exportDocuments(app.store, app.served.forms, filter)].join('');

    it('one form: the documents as sent, newest first, as JSON.stringify would write them', () => {
      const text = documents({ collection: 'Inquriy' });
      expect(JSON.parse(text)).toEqual([...inquiries].reverse());
      expect(text).toBe(`${JSON.stringify([...inquiries].reverse(), null, 2)}\n`);
      expect(documents({ collection: 'subcribe' })).toBe('[]\n');
    });

    it('every form: the documents grouped by collection', () => {
      const expected = { Inquriy: [...inquiries].reverse(), Contact_cli: [...contacts].reverse() };
      expect(documents({})).toBe(`${JSON.stringify(expected, null, 2)}\n`);
    });
  });

  describe('the command', () => {
    // All commands start together: each is a Node process taking a second or two to load.
    let runs: Record<string, Run>;
    let backupFile: string;
    let existingFile: string;
    const emptyDir = () => mkdtempSync(path.join(os.tmpdir(), 'leads-empty-'));
    let noDatabaseDir: string;

    beforeAll(async () => {
      backupFile = path.join(outDir, 'backup.db');
      existingFile = path.join(outDir, 'already-here.db');
      writeFileSync(existingFile, 'keep me');
      noDatabaseDir = emptyDir();
      const commands: Record<string, [string[], string]> = {
        documents: [['documents', 'Inquriy'], dataDir],
        json: [['export', 'Inquriy', '--format', 'json'], dataDir],
        csv: [['export', 'Inquriy', '--format', 'csv'], dataDir],
        unknown: [['export', 'Inquiry'], dataDir],
        backup: [['backup', backupFile], dataDir],
        backupExists: [['backup', existingFile], dataDir],
        count: [['count'], dataDir],
        noDatabase: [['export', 'Inquriy'], noDatabaseDir],
      };
      const entries = await Promise.all(Object.entries(commands).map(async ([name, [args, dir]]) => [name, await leads(args, dir)] as const));
      runs = Object.fromEntries(entries);
    });

    afterAll(() => rmSync(noDatabaseDir, { recursive: true, force: true }));

    it('export <collection> prints the rows for tools (JSON, the default) as the function does', () => {
      expect(runs.json).toEqual({
        code: 0,
        stderr: '',
        stdout: [...exportLeads(app.store, { collection: 'Inquriy' }, 'json', site.brand.url.replace(/\/+$/, ''), app.served)].join(''),
      });
    });

    it('documents <collection> prints a JSON array of the stored documents, newest first (as every view), with exactly their keys', () => {
      const run = runs.documents!;
      expect(run).toMatchObject({ code: 0, stderr: '' });
      const documents = JSON.parse(run.stdout) as Record<string, unknown>[];
      expect(documents).toEqual([...inquiries].reverse());
      for (const document of documents) expect(Object.keys(document)).toEqual(['Fname', 'Email', 'Number', 'Pname', 'id', 'Date']);
    });

    it("--format csv prints a header row, formula-proof cells and each lead's address in the inbox, newest first", () => {
      const run = runs.csv!;
      expect(run).toMatchObject({ code: 0, stderr: '' });
      const [a, b, c] = inquiries;
      const inbox = (i: number) => `"${site.brand.url.replace(/\/+$/, '')}/admin/leads/${inquiryIds[i]}"`;
      // Received: our server's time of storing, in the agency's zone (config/admin.ts).
      const received = (i: number) =>
        `"${formatCellDate((app.store.db.prepare('SELECT created_at FROM documents WHERE doc_id = ?').get(inquiryIds[i]) as { created_at: string }).created_at)}"`;
      const active = (i: number) =>
        `"${formatCellDate((app.store.db.prepare('SELECT active_at FROM leads WHERE doc_id = ?').get(inquiryIds[i]) as { active_at: string }).active_at)}"`;
      // Status, last activity and the (empty) note after the name, e-mail and phone; the first stage, nothing else of its course.
      const lead = (i: number) => `"${admin.statuses.new}",${active(i)},"","${stageName(FIRST_STAGE)}","","","",""`;
      expect(run.stdout).toBe(
        [
          BYTE_ORDER_MARK +
            csvRow([
              ...sharedHeaders,
              ...ownFields(forms.inquiry).map((f) => f.label),
              ...stampHeaders,
              ...SOURCE_CSV_COLUMNS,
              server.admin.exportInboxColumn,
            ]).slice(0, -2),
          `"Zoë ""Z"" Ünal","ada@example.com","0123456789",${lead(2)},"A shop,\nwith two lines","${c!.id}","${c!.Date}",${received(2)},${noSource}${inbox(2)}`,
          `"'@SUM(A1)","ada@example.com","",${lead(1)},"'=HYPERLINK(""x"")","${b!.id}","${b!.Date}",${received(1)},${noSource}${inbox(1)}`,
          `"Ada Lovelace","ada@example.com","0123456789",${lead(0)},"An online shop for my bakery","${a!.id}","${a!.Date}",${received(0)},${noSource}${inbox(0)}`,
          '',
        ].join('\r\n'),
      );
      expect(run.stdout).toContain(`"'=HYPERLINK(""x"")"`);
    });

    it('an unknown collection exits with code 2 and one plain sentence', () => {
      const run = runs.unknown!;
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe('"Inquiry" is not a collection. Use one of: subcribe, Inquriy, freelancers, Contact_cli.\n');
      expectPlainSentence(run.stderr);
    });

    it('a data folder without a database exits with code 2 and creates nothing', () => {
      expect(runs.noDatabase!.code).toBe(2);
      expect(runs.noDatabase!.stderr).toBe(`No database at ${path.join(noDatabaseDir, 'site.db')} yet: nothing has been submitted (or set DATA_DIR).\n`);
      expect(existsSync(path.join(noDatabaseDir, 'site.db'))).toBe(false);
    });

    it('count prints each collection and its number of documents', () => {
      expect(runs.count).toEqual({ code: 0, stderr: '', stdout: 'subcribe\t0\nInquriy\t3\nfreelancers\t0\nContact_cli\t2\n' });
    });

    it('backup <file> writes a SQLite file holding the same rows, while the site runs', () => {
      const run = runs.backup!;
      expect(run).toEqual({ code: 0, stderr: '', stdout: `Backed up 5 documents to ${backupFile}\n` });
      const copy = new Database(backupFile, { readonly: true, fileMustExist: true });
      const original = new Database(path.join(dataDir, 'site.db'), { readonly: true, fileMustExist: true });
      try {
        expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
        const rows = (db: Database.Database) => db.prepare('SELECT collection, doc_id, data FROM documents ORDER BY seq').all();
        expect(rows(copy)).toEqual(rows(original));
        expect(rows(copy)).toHaveLength(5);
      } finally {
        copy.close();
        original.close();
      }
      // And the store opens it like any data folder.
      const backupDir = mkdtempSync(path.join(os.tmpdir(), 'leads-restore-'));
      try {
        writeFileSync(path.join(backupDir, 'site.db'), readFileSync(backupFile));
        const store = openStore(backupDir, { readonly: true });
        try {
          expect(store.list('Inquriy')).toEqual(inquiries);
          expect(store.list('Contact_cli')).toEqual(contacts);
        } finally {
          store.close();
        }
      } finally {
        rmSync(backupDir, { recursive: true, force: true });
      }
    });

    it('backup never overwrites an existing file', () => {
      const run = runs.backupExists!;
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(`${existingFile} already exists: choose a new file name.\n`);
      expect(readFileSync(existingFile, 'utf8')).toBe('keep me');
    });
  });
});

describe('npm run leads -- backup while submissions keep arriving', () => {
  it('copies a consistent snapshot: every row whole, none invented, the site never refusing a submission', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'leads-busy-'));
    const outDir = mkdtempSync(path.join(os.tmpdir(), 'leads-busy-out-'));
    const app = await buildApp({ dataDir, rateLimitFactor: 1000 });
    try {
      const send = async (i: number) => {
        const document = buildDocument(forms.inquiry, { ...validData.inquiry, Fname: `Busy ${i}` }, new Date(1_750_000_000_000 + i));
        const response = await app.inject({ method: 'POST', url: '/api/collections/Inquriy/documents', payload: document });
        expect(response.statusCode).toBe(201);
      };
      for (let i = 0; i < 200; i++) await send(i);
      // The backup runs in its own process while this one keeps storing submissions.
      const backupFile = path.join(outDir, 'busy.db');
      const backup = leads(['backup', backupFile], dataDir);
      let sent = 200;
      let done = false;
      void backup.then(() => (done = true));
      while (!done) await send(sent++);
      const run = await backup;
      expect(run.code).toBe(0);
      expect(sent).toBeGreaterThan(200);

      const copy = new Database(backupFile, { readonly: true, fileMustExist: true });
      try {
        expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
        const rows = copy.prepare('SELECT seq, data FROM documents ORDER BY seq').all() as { seq: number; data: string }[];
        // A snapshot: the first n submissions, in order, each exactly as stored.
        expect(rows.length).toBeGreaterThanOrEqual(200);
        expect(rows.length).toBeLessThanOrEqual(sent);
        expect(rows.map((r) => (JSON.parse(r.data) as { Fname: string }).Fname)).toEqual(Array.from({ length: rows.length }, (_, i) => `Busy ${i}`));
        expect(run.stdout).toBe(`Backed up ${rows.length} documents to ${backupFile}\n`);
      } finally {
        copy.close();
      }
      expect(app.store.count()).toBe(sent);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(outDir, { recursive: true, force: true });
    }
  }, 60_000);
});
