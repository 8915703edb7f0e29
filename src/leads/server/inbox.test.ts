/**
 * The inbox's API against our real server over real HTTP: nothing answers without a session
 * (every route of the table, every method, unknown addresses too, before any body is read),
 * the server has exactly the table's routes, and once signed in: the list (newest first,
 * filters, search, unread count), a lead's page, status and note, the CV, "Not spam" (which
 * notifies), "Send again", the export (the command line's own code and output), deletion.
 */
import { existsSync } from 'node:fs';
import forms from '../../../config/forms';
import server from '../../../config/server';
import site from '../../../config/site';
import { type LeadDetail, type LeadList } from '../model/adminApi';
import { ADMIN_API_PREFIX } from '../../platform/signIn';
import { adminRoutes, pathOf } from '../../platform/inboxRoutes';
import { Client, leads, pdfWith, startSignedIn, submit, uploadCv, type TestServer } from '../../test/adminServer';
import { validData } from '../../test/formFixtures';
import { senderFields } from '../../site/forms/model/registry';
import { fileOnDisk, splitStoragePath } from '../../platform/server/files';
import { parseCsv } from '../../test/csv';
import { BYTE_ORDER_MARK, csvColumnsFor, csvRow, sharedCsvColumns, spreadsheetText } from './leads';
import { uploadNamedBy } from './cvFiles';
import { SOURCE_CSV_COLUMNS } from './sources';

jest.setTimeout(60_000);

const messages = server.admin.messages;
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const exampleParams = { docId: 'AAAAAAAAAAAAAAAAAAAA', deliveryId: 'x' };

let s: TestServer;
let agency: Client;
/** The inbox's calls to the server's notifications (app.notifications), each still made. */
let queueNotifications: jest.SpiedFunction<TestServer['app']['notifications']['queueNotifications']>;
let resendDelivery: jest.SpiedFunction<TestServer['app']['notifications']['resendDelivery']>;
beforeAll(async () => {
  ({ server: s, client: agency } = await startSignedIn());
  queueNotifications = jest.spyOn(s.app.notifications, 'queueNotifications');
  resendDelivery = jest.spyOn(s.app.notifications, 'resendDelivery');
});
afterAll(() => s.close());

describe('without a session', () => {
  it('the server has exactly the routes of the table under /api/admin/', () => {
    // printRoutes draws a tree ("│   └── /:docId (GET, HEAD)"): each line adds to the path of the line it hangs from.
    const registered: string[] = [];
    const parents: string[] = [];
    for (const line of s.app.printRoutes({ commonPrefix: false }).split('\n')) {
      const match = /^([│ ]*)[├└]── (\S+) \(([^)]+)\)$/.exec(line);
      if (!match) continue;
      const depth = match[1]!.length / 4;
      const address = (parents[depth - 1] ?? '') + match[2]!;
      parents[depth] = address;
      if (address.startsWith(`${ADMIN_API_PREFIX}/`))
        registered.push(
          ...match[3]!
            .split(', ')
            .filter((m) => m !== 'HEAD')
            .map((m) => `${m} ${address}`),
        );
    }
    const table = new Set(Object.values(adminRoutes).map((r) => `${r.method} ${r.path}`));
    expect([...registered].sort()).toEqual([...table].sort());
  });

  const addresses = [
    ...Object.values(adminRoutes).map((r) => r.path.replace(/:(\w+)/g, (_all, name: keyof typeof exampleParams) => exampleParams[name])),
    ADMIN_API_PREFIX,
    `${ADMIN_API_PREFIX}/`,
    `${ADMIN_API_PREFIX}/no-such-thing`,
    `${ADMIN_API_PREFIX}/leads/x/y/z`,
  ];
  it.each(addresses.flatMap((address) => METHODS.map((method) => [method, address])))('%s %s is 401', async (method, address) => {
    const response = await new Client(s.base).send(method, address);
    expect(response.status).toBe(401);
    if (method !== 'HEAD') expect(await response.json()).toEqual({ message: messages.signInRequired });
  });

  it.each([
    ['not JSON', 'application/json', '{"email": '],
    ['a type nobody reads', 'text/plain', 'hello'],
    ['far over the body limit', 'application/json', JSON.stringify({ note: 'x'.repeat(2 * 1024 * 1024) })],
  ])('a body that is %s is not read: 401', async (_name, type, body) => {
    for (const route of Object.values(adminRoutes).filter((r) => r.method !== 'GET')) {
      const response = await new Client(s.base).send(
        route.method,
        pathOf(Object.keys(adminRoutes).find((k) => adminRoutes[k as keyof typeof adminRoutes] === route) as keyof typeof adminRoutes, exampleParams),
        { body, headers: { 'content-type': type } },
      );
      expect(response.status).toBe(401);
    }
  });
});

describe('signed in', () => {
  const list = async (query = '') => (await (await agency.send('GET', `${adminRoutes.leads.path}${query}`)).json()) as LeadList;
  const detail = async (docId: string) => (await (await agency.send('GET', pathOf('lead', { docId }))).json()) as LeadDetail;
  let inquiry: string;
  let contact: string;
  let freelancer: string;
  let newsletter: string;
  let spam: string;
  let cvUrl: string;
  /** The real time before the first lead was sent, and after the last. */
  let sentFrom: number;
  let sentBy: number;

  beforeAll(async () => {
    sentFrom = Date.now();
    inquiry = (await submit(s, 'inquiry', { ...validData.inquiry, Pname: 'A bakery shop with Sourdough' })).docId;
    contact = (await submit(s, 'contact', validData.contact)).docId;
    cvUrl = await uploadCv(s, pdfWith('the CV of Grace'));
    freelancer = (await submit(s, 'freelancer', { ...validData.freelancer, CvFile: cvUrl, portfolioUrl: 'javascript:alert(1)' })).docId;
    newsletter = (await submit(s, 'newsletter', { Email: 'reader@example.com' })).docId;
    spam = (await s.app.store.insertDurably(forms.inquiry.collection, { ...validData.inquiry, Fname: 'Spammy', id: 1, Date: 'now' }, { spam: true })).id;
    sentBy = Date.now();
  });

  it('lists the inbox newest first, with form, name, e-mail, date and status; spam apart', async () => {
    const { leads, unread } = await list('?spam=false');
    expect(leads.map((l) => l.docId)).toEqual([newsletter, freelancer, contact, inquiry]);
    expect(leads[1]).toMatchObject({
      form: 'freelancer',
      collection: 'freelancers',
      name: 'Grace Hopper',
      email: 'grace@example.com',
      status: 'new',
      spam: false,
    });
    expect(leads[0]).toMatchObject({ form: 'newsletter', name: '', email: 'reader@example.com' });
    // Received when it was sent (to the second: SQLite's clock writes milliseconds).
    expect(Date.parse(leads[0]!.receivedAt)).toBeGreaterThanOrEqual(Math.floor(sentFrom / 1000) * 1000);
    expect(Date.parse(leads[0]!.receivedAt)).toBeLessThanOrEqual(sentBy);
    // The three forms' leads; a newsletter sign-up waits for nobody, and is not counted.
    expect(unread).toBe(3);
    expect(leads[0]).toMatchObject({ unread: false, waitingSince: null });
    expect((await list('?spam=true')).leads.map((l) => l.docId)).toEqual([spam]);
  });

  it('filters by form and status, and searches every field in any case', async () => {
    expect((await list('?spam=false&form=contact')).leads.map((l) => l.docId)).toEqual([contact]);
    expect((await list('?q=sourdough')).leads.map((l) => l.docId)).toEqual([inquiry]);
    expect((await list('?q=BLETCHLEY')).leads.map((l) => l.docId)).toEqual([contact]);
    expect((await list('?spam=false&status=replied')).leads).toEqual([]);
    for (const bad of ['?form=nope', '?status=done', '?spam=maybe', `?q=${'x'.repeat(201)}`]) {
      const response = await agency.send('GET', `${adminRoutes.leads.path}${bad}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: messages.badFilter });
    }
  });

  it("a lead's page: the document as sent, its CV, its notifications", async () => {
    s.app.store.db
      .prepare(
        "INSERT INTO deliveries (id, doc_id, channel, state, attempts, next_at, last_error, created_at) VALUES ('d1', ?, 'email', 'pending', 3, 0, '421 try later', 0)",
      )
      .run(freelancer);
    const lead = await detail(freelancer);
    expect(lead.document).toMatchObject({ fullName: 'Grace Hopper', portfolioUrl: 'javascript:alert(1)', CvFile: cvUrl });
    expect(lead.cv).toEqual({ state: 'kept', bytes: pdfWith('the CV of Grace').length });
    expect(lead.deliveries).toEqual([
      expect.objectContaining({ id: 'd1', channel: 'email', state: 'pending', attempts: 3, lastError: '421 try later', sentAt: null, nextAt: 0 }),
    ]);
    expect((await detail(inquiry)).cv).toEqual({ state: 'none' });
    const missing = await agency.send('GET', pathOf('lead', { docId: 'nope' }));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: messages.unknownLead });
  });

  it('downloads the CV, only through the inbox, as an attachment', async () => {
    const response = await agency.send('GET', pathOf('cv', { docId: freelancer }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="cv-Grace-Hopper.pdf"');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(pdfWith('the CV of Grace'));
    expect((await agency.send('GET', pathOf('cv', { docId: inquiry }))).status).toBe(404);
  });

  it('changes the status and the note; the document itself never changes', async () => {
    const before = await detail(contact);
    const response = await agency.change('PATCH', pathOf('updateLead', { docId: contact }), { json: { status: 'replied', note: 'Called back on Monday.' } });
    expect(response.status).toBe(200);
    const after = (await response.json()) as LeadDetail;
    expect(after).toMatchObject({ status: 'replied', note: 'Called back on Monday.' });
    expect(after.document).toEqual(before.document);
    expect((await list('?status=replied')).leads.map((l) => l.docId)).toEqual([contact]);
    expect((await list('?q=monday')).leads.map((l) => l.docId)).toEqual([contact]);
    expect((await list()).unread).toBe(2);

    expect((await agency.change('PATCH', pathOf('updateLead', { docId: contact }), { json: { status: 'done' } })).status).toBe(400);
    const tooLong = await agency.change('PATCH', pathOf('updateLead', { docId: contact }), { json: { note: 'x'.repeat(server.admin.noteMaxLength + 1) } });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toEqual({ message: messages.noteTooLong.replace('{max}', String(server.admin.noteMaxLength)) });
    expect((await agency.change('PATCH', pathOf('updateLead', { docId: 'nope' }), { json: { status: 'read' } })).status).toBe(404);
  });

  it('"Not spam" moves a lead to the inbox and queues its notifications', async () => {
    const response = await agency.change('POST', pathOf('notSpam', { docId: spam }));
    expect(response.status).toBe(200);
    expect(((await response.json()) as LeadDetail).spam).toBe(false);
    expect(queueNotifications).toHaveBeenCalledTimes(1);
    expect(queueNotifications).toHaveBeenCalledWith(spam);
    expect((await list('?spam=true')).leads).toEqual([]);
    expect((await list('?spam=false')).leads.map((l) => l.docId)).toContain(spam);
    // Already in the inbox: nothing is sent twice.
    await agency.change('POST', pathOf('notSpam', { docId: spam }));
    expect(queueNotifications).toHaveBeenCalledTimes(1);
  });

  it('"Send again" asks the notifications to send one delivery again', async () => {
    expect((await agency.change('POST', pathOf('resend', { deliveryId: 'd1' }))).status).toBe(204);
    expect(resendDelivery).toHaveBeenLastCalledWith('d1');
    const unknown = await agency.change('POST', pathOf('resend', { deliveryId: 'nope' }));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: messages.unknownDelivery });
  });

  it("exports the view with the command line's own code: the same bytes as `npm run leads -- export`", async () => {
    const cli = async (args: string[]) => {
      const run = await leads(['export', ...args], s.dataDir, '', { PUBLIC_URL: '' });
      expect(run).toMatchObject({ code: 0, stderr: '' });
      return run;
    };
    const views: [string, string[]][] = [
      ['?form=inquiry&spam=false&format=csv', ['Inquriy', '--inbox', '--format', 'csv']],
      ['?spam=false&format=json', ['--inbox', '--format', 'json']],
      ['?q=grace&format=csv', ['--search', 'grace', '--format', 'csv']],
    ];
    const [exported, printed] = await Promise.all([
      Promise.all(views.map(([query]) => agency.send('GET', `${adminRoutes.export.path}${query}`))),
      Promise.all(views.map(([, args]) => cli(args))),
    ]);
    for (const [i, response] of exported.entries()) {
      expect(response.status).toBe(200);
      // The view's filters in its name.
      expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="leads(-[A-Za-z0-9]+)+-\d{4}-\d{2}-\d{2}\.(csv|json)"$/);
      // The bytes as sent (a fetch's text() would drop the CSV's byte order mark).
      expect(Buffer.from(await response.arrayBuffer()).toString('utf8')).toBe(printed[i]!.stdout);
    }
    // The CSV's headers are the form's words, and the JSON's rows are the CSV's (parsed, the same cells).
    const download = async (query: string) =>
      Buffer.from(await (await agency.send('GET', `${adminRoutes.export.path}?${query}`)).arrayBuffer()).toString('utf8');
    const csv = await download('form=freelancer&format=csv');
    expect(`${csv.split('\r\n')[0]}\r\n`).toBe(
      BYTE_ORDER_MARK +
        csvRow([
          ...sharedCsvColumns(s.app.served.forms).map((c) => c.header),
          ...csvColumnsFor(s.app.served.forms, forms.freelancer.collection).map((c) => c.header),
          ...SOURCE_CSV_COLUMNS,
          server.admin.exportInboxColumn,
        ]),
    );
    for (const view of ['form=freelancer', 'spam=false', 'spam=false&view=people']) {
      const [headers, ...rows] = parseCsv(await download(`${view}&format=csv`));
      const json = JSON.parse(await download(`${view}&format=json`)) as Record<string, string>[];
      expect(json.length).toBeGreaterThan(0);
      expect(json.map((row) => Object.keys(row))).toEqual(rows.map(() => headers));
      expect(rows).toEqual(json.map((row) => headers!.map((header) => spreadsheetText(row[header]))));
    }
    expect((await agency.send('GET', `${adminRoutes.export.path}?format=xml`)).status).toBe(400);
  });

  it('deletes a lead with its CV file', async () => {
    const storagePath = uploadNamedBy(cvUrl)!.path;
    const parts = splitStoragePath(storagePath)!;
    expect(existsSync(fileOnDisk(s.dataDir, parts.prefix, parts.id))).toBe(true);
    const response = await agency.change('DELETE', pathOf('deleteLead', { docId: freelancer }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ leads: 1, forms: 1, files: 1 });
    expect(existsSync(fileOnDisk(s.dataDir, parts.prefix, parts.id))).toBe(false);
    expect(s.app.store.getFile(storagePath)).toBeUndefined();
    expect((await agency.send('GET', pathOf('lead', { docId: freelancer }))).status).toBe(404);
    expect(s.app.store.db.prepare('SELECT count(*) AS n FROM deliveries WHERE doc_id = ?').get(freelancer)).toEqual({ n: 0 });
    expect((await agency.change('DELETE', pathOf('deleteLead', { docId: freelancer }))).status).toBe(404);
  });
});

describe('the CSV opened as a spreadsheet opens it', () => {
  it("starts with the byte order mark (a £ stays one), and has one Email column whatever the form, each lead's address in it", async () => {
    const mark = `sheet${Date.now()}`;
    const sent: Record<string, string> = {};
    for (const [name, form] of Object.entries(forms) as [keyof typeof forms, (typeof forms)[keyof typeof forms]][]) {
      const field = senderFields(form).emails[0]!;
      const address = `${name}.${mark}@example.net`;
      const company = form.fields.find((f) => f.name === 'Company');
      await submit(s, name, { ...(validData[name] as Record<string, string>), [field.name]: address, ...(company ? { Company: 'Budget £4,000' } : {}) });
      sent[form.collection] = address;
    }
    const bytes = Buffer.from(await (await agency.send('GET', `${adminRoutes.export.path}?spam=false&q=${mark}&format=csv`)).arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.includes(Buffer.from('£4,000', 'utf8'))).toBe(true);
    const [headers, ...rows] = parseCsv(bytes.toString('utf8'));
    const email = server.admin.exportColumns.email;
    expect(headers!.filter((header) => header === email)).toHaveLength(1);
    // No form's own e-mail field has a column of its own.
    for (const form of Object.values(forms)) expect(headers).not.toContain(senderFields(form).emails[0]!.label);
    expect(rows).toHaveLength(Object.keys(forms).length);
    const at = headers!.indexOf(email);
    expect(new Set(rows.map((row) => row[at]))).toEqual(new Set(Object.values(sent)));
    // Each address in that column only.
    for (const row of rows) expect(row.filter((cell) => cell.includes(mark))).toEqual([row[at]]);
    expect(rows.flat()).toContain('Budget £4,000');
  });
});

describe("a lead's CV is the file its own upload made", () => {
  const detail = async (docId: string) => (await (await agency.send('GET', pathOf('lead', { docId }))).json()) as LeadDetail;
  const onDisk = (url: string) => {
    const parts = splitStoragePath(uploadNamedBy(url)!.path)!;
    return existsSync(fileOnDisk(s.dataDir, parts.prefix, parts.id));
  };

  it("a lead naming another lead's file gets no CV (only its text), cannot download it, and deleting it leaves the file", async () => {
    const url = await uploadCv(s, pdfWith('the CV of the first applicant'));
    const owner = (await submit(s, 'freelancer', { ...validData.freelancer, CvFile: url })).docId;
    const copier = (await submit(s, 'freelancer', { ...validData.freelancer, fullName: 'Copy Cat', CvFile: url })).docId;
    expect((await detail(owner)).cv).toEqual({ state: 'kept', bytes: pdfWith('the CV of the first applicant').length });
    expect((await detail(copier)).cv).toEqual({ state: 'text', text: url });
    expect((await agency.send('GET', pathOf('cv', { docId: copier }))).status).toBe(404);

    expect(await (await agency.change('DELETE', pathOf('deleteLead', { docId: copier }))).json()).toEqual({ leads: 1, forms: 1, files: 0 });
    expect(onDisk(url)).toBe(true);
    expect((await agency.send('GET', pathOf('cv', { docId: owner }))).status).toBe(200);
  });

  it.each([
    ['an outside host', (url: string) => `https://files.evil.example${url}`],
    ['a path without its token', (url: string) => url.split('?')[0]!],
    ['a path with a made-up token', (url: string) => `${url.split('?')[0]!}?token=${'A'.repeat(32)}`],
  ])('%s is shown as the text typed, never as a CV', async (_name, change) => {
    const url = await uploadCv(s, pdfWith("someone else's CV"));
    await submit(s, 'freelancer', { ...validData.freelancer, CvFile: url });
    const typed = change(url);
    const lead = (await submit(s, 'freelancer', { ...validData.freelancer, CvFile: typed })).docId;
    expect((await detail(lead)).cv).toEqual({ state: 'text', text: typed });
    expect((await agency.send('GET', pathOf('cv', { docId: lead }))).status).toBe(404);
    await agency.change('DELETE', pathOf('deleteLead', { docId: lead }));
    expect(onDisk(url)).toBe(true);
  });

  it("the export gives each lead's address in the inbox, and the document keeps CvFile as sent", async () => {
    const url = await uploadCv(s, pdfWith('exported'));
    const lead = (await submit(s, 'freelancer', { ...validData.freelancer, fullName: 'Exported Applicant', CvFile: url })).docId;
    const csv = await (await agency.send('GET', `${adminRoutes.export.path}?form=freelancer&q=Exported%20Applicant&format=csv`)).text();
    const [header, row] = csv.split('\r\n');
    expect(header!.split(',').at(-1)).toBe(`"${server.admin.exportInboxColumn}"`);
    expect(row!.endsWith(`,"${site.brand.url.replace(/\/+$/, '')}/admin/leads/${lead}"`)).toBe(true);
    expect(row).toContain(`"${url}"`);
  });
});

describe('text that lies about itself', () => {
  it('a right-to-left override in a name is shown by its code in the CSV, and kept as sent in the JSON', async () => {
    const name = 'Invoice \u202Egpj.exe';
    await submit(s, 'inquiry', { ...validData.inquiry, Fname: name });
    const csv = await (await agency.send('GET', `${adminRoutes.export.path}?form=inquiry&q=invoice&format=csv`)).text();
    expect(csv).toContain('"Invoice [U+202E]gpj.exe"');
    expect(csv).not.toContain('\u202E');
    const json = JSON.parse(await (await agency.send('GET', `${adminRoutes.export.path}?form=inquiry&q=invoice&format=json`)).text()) as Record<
      string,
      string
    >[];
    expect(json[0]![server.admin.exportColumns.name]).toBe(name);
  });
});
