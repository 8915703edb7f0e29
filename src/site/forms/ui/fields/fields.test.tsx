/**
 * One shared suite run over every field kind of the fieldRenderers registry: the real
 * FormRenderer draws a form holding just that field (with a required check), as the form
 * island does in the browser (emotion's cache and the data port, no MUI), with a data port
 * that records what it is asked to do. Then the real forms of config/forms, as a visitor
 * fills them in, and as the browser hydrates them over the server's HTML.
 */
import { CacheProvider, type EmotionCache } from '@emotion/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { closeSnackbar } from 'notistack';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import forms from '../../../../../config/forms';
import server from '../../../../../config/server';
import { DataPortProvider } from '../../../data/DataPortContext';
import type { DataPort } from '../../../data/port';
import { createEmotionCache } from '../../../islands/emotionCache';
import { notify } from '../../../islands/toasts/notify';
import { messageOf, specDocuments, toasts, validData } from '../../../../test/formFixtures';
import type { FieldConfig, FormConfig } from '../../model/formSchema';
import { FormRenderer } from '../FormRenderer';
import { submissionsInMemory } from '../../submit/memory';
import type { fieldRenderers } from './registry';

/** The kinds drawn as one input named by its label (radio, checkboxes and consent: src/site/forms/ui/conditions.test.tsx). */
type Kind = Exclude<keyof typeof fieldRenderers, 'radio' | 'checkboxes' | 'consent'>;

/* ------------------------------------------------------------ a recording port */

interface Recorder {
  port: DataPort;
  saves: { collection: string; document: Record<string, unknown> }[];
  uploads: { path: string; file: Blob }[];
}

/**
 * A port that records calls; a save is answered as soon as it is asked (after the caller's
 * await, as any answer comes), or when `saveGate` settles if given (a test that looks at the
 * form while it saves opens the gate after looking, however slow the machine), or fails.
 * An upload reports half its progress, then waits for `uploadGate` (for the gate of its turn
 * when given a list: the first upload the first gate; at once when not given).
 */
function recordingPort({
  fail = false,
  saveGate,
  uploadGate,
}: { fail?: boolean; saveGate?: Promise<void>; uploadGate?: Promise<void> | Promise<void>[] } = {}): Recorder {
  const recorder: Recorder = {
    saves: [],
    uploads: [],
    port: {
      async saveDocument(collection, document) {
        recorder.saves.push({ collection, document: JSON.parse(JSON.stringify(document)) as Record<string, unknown> });
        await saveGate;
        if (fail) throw new Error('The server answered 503');
        return { id: `doc${recorder.saves.length}` };
      },
      async uploadFile(path, file, onProgress) {
        recorder.uploads.push({ path, file });
        const turn = recorder.uploads.length;
        onProgress?.(0.5);
        await (Array.isArray(uploadGate) ? uploadGate[turn - 1] : uploadGate);
        onProgress?.(1);
        return `https://files.example.com/${path}?token=t${turn}`;
      },
    },
  };
  return recorder;
}

/** A gate a test opens itself: `open` lets what waits on `gate` go on. */
function gate(): { gate: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { gate: promise, open };
}

/**
 * The toasts shown so far, read once a toast the test asks for itself is on screen: the toast UI
 * shows toasts in the order they are asked for, so any toast the form asked for before is on
 * screen by then, and "no toast" is read without a pause.
 */
async function toastsShownSoFar(): Promise<string[]> {
  const marker = `marker ${Math.random()}`;
  act(() => notify(marker, 'info'));
  await screen.findByText(marker);
  return screen
    .getAllByTestId('toast')
    .map((t) => t.textContent ?? '')
    .filter((text) => text !== marker);
}

/** One emotion cache for the whole file: each new cache would add its own copy of every style
 * to <head>, and jsdom's style computations slow down with each copy. */
const cache = createEmotionCache();

beforeEach(() => {
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(async () => {
  jest.restoreAllMocks();
  // The toast UI is one root of its own at the end of the page (src/site/islands/toasts/mount.tsx), which
  // outlives each test's form: the next test starts with no toast on screen.
  act(() => closeSnackbar());
  await waitFor(() => expect(screen.queryByTestId('toast')).toBeNull());
});

/* --------------------------------------------- the shared suite over field kinds */

const upload = forms.freelancer.fields.find((f) => f.kind === 'file')!.upload!;
/** Fills `{name}` placeholders as the site does (the upload's texts in config/forms). */
const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (all, key: string) => values[key] ?? all);
const textKinds: Kind[] = ['text', 'email', 'tel', 'url', 'textarea', 'number', 'date'];

/** Waits until the field is empty again, as a form is after a save: a file field shows its hint once more. */
async function formEmptyAgain(kind: Kind, input: HTMLElement): Promise<void> {
  if (kind === 'file') expect(await screen.findByText(upload.hint)).toBeInTheDocument();
  else await waitFor(() => expect(input).toHaveValue(''));
}

/** A field of each kind, named and labelled plainly. */
const probeFields: Record<Kind, FieldConfig> = {
  text: { name: 'Probe', kind: 'text', label: 'Probe text', maxLength: 40, required: true },
  email: { name: 'Probe', kind: 'email', label: 'Probe email', maxLength: 254, required: true },
  tel: { name: 'Probe', kind: 'tel', label: 'Probe phone', maxLength: 10, required: true },
  url: { name: 'Probe', kind: 'url', label: 'Probe site', placeholder: 'https://', maxLength: 2048, required: true },
  textarea: { name: 'Probe', kind: 'textarea', label: 'Probe message', rows: 3, maxLength: 500, required: true },
  select: {
    name: 'Probe',
    kind: 'select',
    label: 'Probe choice',
    maxLength: 100,
    defaultValue: '',
    required: true,
    options: [{ value: '', label: 'Pick one', disabled: true }, { value: 'alpha', label: 'Alpha' }, { value: 'beta' }],
  },
  file: { name: 'Probe', kind: 'file', label: 'Probe file', maxLength: 2048, required: true, upload },
  number: { name: 'Probe', kind: 'number', label: 'Probe number', maxLength: 30, required: true },
  date: { name: 'Probe', kind: 'date', label: 'Probe date', maxLength: 10, required: true },
};

const checkMessage = 'Please fill in the probe field';

function probeForm(kind: Kind, layout: 'stacked' | 'inline'): FormConfig {
  return {
    collection: 'probes',
    kind: 'probe',
    columns: {},
    submitLabel: 'Send probe',
    submittingLabel: 'Sending probe…',
    layout,
    fields: [probeFields[kind]],
    checks: [{ field: 'Probe', rule: 'required', message: checkMessage }],
    reset: 'afterSave',
    retention: { days: 1 },
    success: {},
    failure: {},
    notify: { subject: 'New probe', email: false, webhook: false },
    messages: forms.contact.messages,
  };
}

/** What the form island gives its form in the browser (src/site/islands/hydrate.tsx, FormIsland.tsx). */
function IslandProviders({ cache: emotionCache = cache, port, children }: { cache?: EmotionCache; port: DataPort; children: ReactNode }) {
  return (
    <CacheProvider value={emotionCache}>
      <DataPortProvider port={port}>{children}</DataPortProvider>
    </CacheProvider>
  );
}

function renderForm(form: FormConfig, recorder: Recorder) {
  const user = userEvent.setup({ delay: null });
  const view = render(
    <IslandProviders port={recorder.port}>
      <FormRenderer form={form} idPrefix="probe0" spamTrap={server.spamTrap} />
    </IslandProviders>,
  );
  return { user, view };
}

/** The label, with or without MUI's required star. */
const labelled = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`);

/** Gives the field a valid value, as a visitor would; resolves to the value the document should hold. */
async function fillValid(kind: Kind, input: HTMLElement, user: ReturnType<typeof userEvent.setup>): Promise<string> {
  switch (kind) {
    case 'select':
      await user.selectOptions(input, 'alpha');
      return 'alpha';
    case 'file': {
      await user.upload(input as HTMLInputElement, new File(['%PDF-1.4 cv'], 'cv.pdf', { type: 'application/pdf' }));
      await screen.findByText(fill(upload.done, { name: 'cv.pdf' }));
      return 'https://files.example.com/';
    }
    case 'date':
      // A date input takes a whole date at once (typed one key at a time it is empty until complete).
      fireEvent.change(input, { target: { value: '2027-03-01' } });
      return '2027-03-01';
    default: {
      const value = { text: 'Hello there', email: 'a@b.co', tel: '0123456789', url: 'https://x.example', textarea: 'Line one\nLine two', number: '1 250,50' }[
        kind
      ];
      await user.type(input, value);
      return value;
    }
  }
}

const cases: [Kind, 'stacked' | 'inline'][] = [
  ...(Object.keys(probeFields) as Kind[]).map((kind) => [kind, 'stacked'] as [Kind, 'stacked']),
  // The one-line layout (the footer newsletter) hides text labels and names the input with aria-label.
  ['email', 'inline'],
  ['text', 'inline'],
];

describe.each(cases)('a %s field (%s layout)', (kind, layout) => {
  const form = probeForm(kind, layout);
  const field = probeFields[kind];
  const submitName = form.submitLabel;

  it('is reachable by its label, marked required, with its length limit', () => {
    renderForm(form, recordingPort());
    const input = screen.getByLabelText(labelled(field.label));
    expect(input).toHaveAttribute('id', 'probe0-Probe');
    if (layout === 'inline') {
      // No visible label: the field is named by aria-label, and its hint is the placeholder.
      expect(input).toHaveAttribute('aria-label', field.label);
      expect(screen.queryByText(field.label)).toBeNull();
    } else {
      // The visible label, with its star hidden from screen readers (the field says "required").
      const label = document.querySelector(`label[for="${input.id}"]`)!;
      expect(label).toHaveTextContent(labelled(field.label));
      expect(label.querySelector('[aria-hidden="true"]')).toHaveTextContent('*');
      expect(input).toBeRequired();
    }
    if (textKinds.includes(kind)) expect(input).toHaveAttribute('maxlength', String(field.maxLength));
    if (kind === 'textarea') expect(input).toHaveAttribute('rows', String(field.rows));
    if (kind === 'file') expect(input).toHaveAttribute('type', 'file');
    if (kind === 'select') {
      expect(input.tagName).toBe('SELECT');
      expect(
        within(input)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Pick one', 'Alpha', 'beta']);
      expect(within(input).getByRole('option', { name: 'Pick one' })).toBeDisabled();
      expect(input).toHaveValue('');
    }
    expect(input).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('submitted empty: shows the check message as an alert that describes the field, marks it, saves nothing', async () => {
    const recorder = recordingPort();
    const { user } = renderForm(form, recorder);
    const input = screen.getByLabelText(labelled(field.label));
    await user.click(screen.getByRole('button', { name: submitName }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(new RegExp(`^${checkMessage}$`));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(input).toHaveAccessibleDescription(checkMessage);
    // The alert is drawn as the submit ends: a save would have been asked for by then.
    expect(recorder.saves).toHaveLength(0);
  });

  it('submitted empty: moves the focus to the field', async () => {
    const { user } = renderForm(form, recordingPort());
    const input = screen.getByLabelText(labelled(field.label));
    await user.click(screen.getByRole('button', { name: submitName }));
    await screen.findByRole('alert');
    await waitFor(() => expect(input).toHaveFocus(), { timeout: 300 });
  });

  it('with a valid value: saves exactly once, even when the button is double-clicked', async () => {
    // The first save is still running when the second click comes: it is answered when the test says.
    const saving = gate();
    const recorder = recordingPort({ saveGate: saving.gate });
    const { user } = renderForm(form, recorder);
    const input = screen.getByLabelText(labelled(field.label));
    const value = await fillValid(kind, input, user);
    await user.dblClick(screen.getByRole('button', { name: submitName }));
    await waitFor(() => expect(recorder.saves).toHaveLength(1));
    saving.open();
    await formEmptyAgain(kind, input);
    expect(recorder.saves).toHaveLength(1);
    const [{ collection, document }] = recorder.saves as [Recorder['saves'][number]];
    expect(collection).toBe('probes');
    expect(Object.keys(document)).toEqual(['Probe', 'id', 'Date']);
    if (kind === 'file') {
      expect(document.Probe).toBe(`https://files.example.com/${recorder.uploads[0]!.path}?token=t1`);
      expect(recorder.uploads).toHaveLength(1);
      expect(recorder.uploads[0]!.path).toMatch(/^Image\/CvDeveloper\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } else expect(document.Probe).toBe(value);
    expect(typeof document.id).toBe('number');
    expect(document.Date).toBe(new Date(document.id as number).toString());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('while saving: the button is disabled and says so; afterwards the field is empty again', async () => {
    let saved = () => {};
    const recorder = recordingPort({ saveGate: new Promise<void>((resolve) => (saved = resolve)) });
    const { user } = renderForm(form, recorder);
    const input = screen.getByLabelText(labelled(field.label));
    await fillValid(kind, input, user);
    await user.click(screen.getByRole('button', { name: submitName }));
    const busy = await screen.findByRole('button', { name: form.submittingLabel });
    expect(busy).toBeDisabled();
    if (layout === 'stacked') expect(busy).toHaveTextContent(form.submittingLabel);
    saved();
    expect(await screen.findByRole('button', { name: submitName })).toBeEnabled();
    await formEmptyAgain(kind, input);
  });

  it('with a valid value and a fast server: a quick double click still saves once', async () => {
    // The save is answered at once, before the second click can find the button disabled.
    const recorder = recordingPort();
    const { user } = renderForm(form, recorder);
    const input = screen.getByLabelText(labelled(field.label));
    await fillValid(kind, input, user);
    await user.dblClick(screen.getByRole('button', { name: submitName }));
    // Both clicks have been handled once the form is empty again after the save, and ready.
    await formEmptyAgain(kind, input);
    expect(await screen.findByRole('button', { name: submitName })).toBeEnabled();
    expect(recorder.saves).toHaveLength(1);
    // The second click did not become a submit of the emptied form either.
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('a file field', () => {
  const form = probeForm('file', 'stacked');

  it("says what it accepts, shows the upload's progress, then that it is done", async () => {
    let finish!: () => void;
    const recorder = recordingPort({ uploadGate: new Promise<void>((resolve) => (finish = resolve)) });
    const { user } = renderForm(form, recorder);
    const input = screen.getByLabelText(labelled('Probe file'));
    expect(input).toHaveAccessibleDescription(upload.hint);
    expect(input).toHaveAttribute(
      'accept',
      '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );

    await user.upload(input as HTMLInputElement, new File(['%PDF-1.4 cv'], 'cv.pdf', { type: 'application/pdf' }));
    const bar = await screen.findByRole('progressbar', { name: fill(upload.uploading, { name: 'cv.pdf' }) });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByRole('status')).toHaveTextContent(fill(upload.uploading, { name: 'cv.pdf' }));

    await act(async () => finish());
    expect(await screen.findByRole('status')).toHaveTextContent(fill(upload.done, { name: 'cv.pdf' }));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(input).toHaveAccessibleDescription(fill(upload.done, { name: 'cv.pdf' }));
  });

  it('a second file chosen while the first still uploads is the one that counts, also once the first finishes after it', async () => {
    const first = gate();
    const second = gate();
    const recorder = recordingPort({ uploadGate: [first.gate, second.gate] });
    const { user } = renderForm(form, recorder);
    const input = screen.getByLabelText(labelled('Probe file')) as HTMLInputElement;
    await user.upload(input, new File(['%PDF-1.4 first'], 'first.pdf', { type: 'application/pdf' }));
    await screen.findByRole('progressbar', { name: fill(upload.uploading, { name: 'first.pdf' }) });
    await user.upload(input, new File(['%PDF-1.4 second'], 'second.pdf', { type: 'application/pdf' }));
    await act(async () => second.open());
    expect(await screen.findByRole('status')).toHaveTextContent(fill(upload.done, { name: 'second.pdf' }));
    // The first upload's answer comes last: it changes nothing.
    await act(async () => first.open());
    expect(screen.getByRole('status')).toHaveTextContent(fill(upload.done, { name: 'second.pdf' }));
    await user.click(screen.getByRole('button', { name: form.submitLabel }));
    await waitFor(() => expect(recorder.saves).toHaveLength(1));
    expect(recorder.uploads.map((u) => (u.file as File).name)).toEqual(['first.pdf', 'second.pdf']);
    expect(recorder.saves[0]!.document.Probe).toBe(`https://files.example.com/${recorder.uploads[1]!.path}?token=t2`);
  });

  it('refuses a file too large without uploading it, and says why', async () => {
    const recorder = recordingPort();
    const { user } = renderForm(form, recorder);
    const big = new File(['%PDF'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: upload.maxBytes + 1 });
    await user.upload(screen.getByLabelText(labelled('Probe file')) as HTMLInputElement, big);
    expect(await screen.findByRole('alert')).toHaveTextContent(upload.tooLarge);
    expect(screen.getByLabelText(labelled('Probe file'))).toHaveAttribute('aria-invalid', 'true');
    expect(recorder.uploads).toHaveLength(0);
  });
});

/* ------------------------------------------------------------------ the real forms */

/** Renders one of the site's forms as its island draws it (FormIsland: the id prefix is the form's name and its place on the page). */
async function renderSiteForm(id: keyof typeof forms, recorder: Recorder) {
  const user = userEvent.setup({ delay: null });
  const view = render(
    <IslandProviders port={recorder.port}>
      <FormRenderer form={forms[id]} idPrefix={`${id}0`} spamTrap={server.spamTrap} onDark={id === 'newsletter'} />
    </IslandProviders>,
  );
  const form = view.container.querySelector('form')!;
  return { user, view, form };
}

/** Clicks into a field and pastes the text (typing long texts key by key is slow in jsdom). */
async function paste(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

/** The label config/forms gives a field of one of the site's forms. */
function labelOf(id: keyof typeof forms, key: string): string {
  const found = (forms[id].fields as readonly FieldConfig[]).find((f) => f.name === key);
  if (!found) throw new Error(`config/forms/${id}.ts has no field ${key}`);
  return found.label;
}

/** A field of one of the site's forms, found as a visitor finds it: by its label (config/forms). */
const field = (form: HTMLElement, id: keyof typeof forms, key: string) => within(form).getByLabelText(labelled(labelOf(id, key))) as HTMLInputElement;

/** The first position offered (config/forms): its label, which the visitor picks, and its value, which is stored. */
const position = (forms.freelancer.fields as readonly FieldConfig[]).find((f) => f.name === 'SelectedTechnology')!.options!.find((o) => !o.disabled)!;

async function fillContact(form: HTMLElement, user: ReturnType<typeof userEvent.setup>) {
  await paste(user, field(form, 'contact', 'Fullname'), 'Alan Turing');
  await paste(user, field(form, 'contact', 'Company'), 'Bletchley Ltd');
  await user.type(field(form, 'contact', 'Number'), '07112345678'); // 11 digits typed: the input keeps 10
  await paste(user, field(form, 'contact', 'Email'), 'alan@example.co.uk');
  await paste(user, field(form, 'contact', 'Messsage'), 'We need a website.');
}

async function fillInquiry(form: HTMLElement, user: ReturnType<typeof userEvent.setup>) {
  await paste(user, field(form, 'inquiry', 'Fname'), 'Ada Lovelace');
  await paste(user, field(form, 'inquiry', 'Email'), 'ada@example.com');
  await user.type(field(form, 'inquiry', 'Pname'), 'A shop');
}

describe('the contact form', () => {
  it('saves one document with the spec keys, clears every field and empties "You are"', async () => {
    const recorder = recordingPort();
    const { user, form } = await renderSiteForm('contact', recorder);
    expect(field(form, 'contact', 'Your').value).toBe((forms.contact.fields as readonly FieldConfig[]).find((f) => f.name === 'Your')!.defaultValue);
    await fillContact(form, user);
    expect(field(form, 'contact', 'Number').value).toBe('0711234567');
    await user.click(within(form).getByRole('button', { name: forms.contact.submitLabel }));
    await waitFor(() => expect(recorder.saves).toHaveLength(1));
    const { collection, document } = recorder.saves[0]!;
    expect(collection).toBe('Contact_cli');
    expect(Object.keys(document).sort()).toEqual([...specDocuments.contact.keys].sort());
    // fillContact types exactly the contact form's valid fixture.
    expect(document).toEqual({ ...validData.contact, id: expect.any(Number), Date: expect.any(String) });
    await waitFor(() => expect(field(form, 'contact', 'Fullname').value).toBe(''));
    for (const key of ['Company', 'Number', 'Email', 'Messsage', 'Your']) expect(field(form, 'contact', key).value).toBe('');
    expect(await screen.findByText(toasts.contact.success!)).toBeInTheDocument();
    expect(submissionsInMemory.Contact_cli?.at(-1)).toEqual(document);
  });

  it('shows only the first failing check, in spec order', async () => {
    const recorder = recordingPort();
    const { user, form } = await renderSiteForm('contact', recorder);
    await user.type(field(form, 'contact', 'Email'), 'not an email');
    await user.click(within(form).getByRole('button', { name: forms.contact.submitLabel }));
    const alerts = await within(form).findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([messageOf('contact', 'Fullname')]);
    await waitFor(() => expect(field(form, 'contact', 'Fullname')).toHaveFocus());
    expect(recorder.saves).toHaveLength(0);
  });

  it('on a failed save: still clears at once and shows no toast', async () => {
    const recorder = recordingPort({ fail: true });
    const { user, form } = await renderSiteForm('contact', recorder);
    await fillContact(form, user);
    await user.click(within(form).getByRole('button', { name: forms.contact.submitLabel }));
    await waitFor(() => expect(recorder.saves).toHaveLength(1));
    await waitFor(() => expect(console.error).toHaveBeenCalled());
    // The failure is logged as the form handles it: whatever it shows is asked for by then.
    expect(await toastsShownSoFar()).toEqual([]);
    for (const key of ['Fullname', 'Company', 'Number', 'Email', 'Messsage', 'Your']) expect(field(form, 'contact', key).value).toBe('');
    // (The toast UI draws each toast with role="alert": the form's own are looked for in the form.)
    expect(within(form).queryByRole('alert')).toBeNull();
  });
});

describe('the inquiry form', () => {
  it('on a failed save: keeps what was typed and shows the failure toast', async () => {
    const recorder = recordingPort({ fail: true });
    const { user, form } = await renderSiteForm('inquiry', recorder);
    await fillInquiry(form, user);
    await user.click(within(form).getByRole('button', { name: forms.inquiry.submitLabel }));
    expect(await screen.findByText(toasts.inquiry.failure!)).toBeInTheDocument();
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    expect(recorder.saves).toHaveLength(1);
    expect(field(form, 'inquiry', 'Fname').value).toBe('Ada Lovelace');
    expect(field(form, 'inquiry', 'Email').value).toBe('ada@example.com');
    expect(field(form, 'inquiry', 'Pname').value).toBe('A shop');
  });

  it('on a save: one document with the spec keys, the success toast, fields cleared', async () => {
    const recorder = recordingPort();
    const { user, form } = await renderSiteForm('inquiry', recorder);
    await fillInquiry(form, user);
    await user.click(within(form).getByRole('button', { name: forms.inquiry.submitLabel }));
    expect(await screen.findByText(toasts.inquiry.success!)).toBeInTheDocument();
    expect(recorder.saves).toHaveLength(1);
    expect(recorder.saves[0]!.collection).toBe('Inquriy');
    expect(recorder.saves[0]!.document).toEqual({
      Fname: 'Ada Lovelace',
      Email: 'ada@example.com',
      Number: '',
      Pname: 'A shop',
      id: expect.any(Number),
      Date: expect.any(String),
    });
    await waitFor(() => expect(field(form, 'inquiry', 'Fname').value).toBe(''));
  });
});

describe('the freelancer form', () => {
  it('uploads the CV, saves its URL and the position, and thanks the visitor', async () => {
    const recorder = recordingPort();
    const { user, form } = await renderSiteForm('freelancer', recorder);
    await paste(user, field(form, 'freelancer', 'fullName'), 'Grace Hopper');
    await paste(user, field(form, 'freelancer', 'Email'), 'grace@example.com');
    await paste(user, field(form, 'freelancer', 'portfolioUrl'), 'https://grace.example.com');
    await user.selectOptions(field(form, 'freelancer', 'SelectedTechnology'), position.label ?? position.value);
    await user.upload(field(form, 'freelancer', 'CvFile'), new File(['%PDF-1.4'], 'grace.pdf', { type: 'application/pdf' }));
    await screen.findByText(fill(upload.done, { name: 'grace.pdf' }));
    await user.type(field(form, 'freelancer', 'Messsage'), 'Hello');
    await user.click(within(form).getByRole('button', { name: forms.freelancer.submitLabel }));
    expect(await screen.findByText(toasts.freelancer.success!)).toBeInTheDocument();
    const { collection, document } = recorder.saves[0]!;
    expect(collection).toBe('freelancers');
    expect(Object.keys(document).sort()).toEqual([...specDocuments.freelancer.keys].sort());
    expect(document).toMatchObject({
      SelectedTechnology: position.value,
      CvFile: `https://files.example.com/${recorder.uploads[0]!.path}?token=t1`,
      Number: '',
    });
    await waitFor(() => expect(field(form, 'freelancer', 'SelectedTechnology').value).toBe(''));
  });

  it('refuses a file of the wrong type without uploading, and says why', async () => {
    const recorder = recordingPort();
    const { user, form } = await renderSiteForm('freelancer', recorder);
    const input = field(form, 'freelancer', 'CvFile');
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['hello'], 'cv.txt', { type: 'text/plain' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(upload.wrongType);
    expect(recorder.uploads).toHaveLength(0);
    void user;
  });

  it('on a failed save shows the failure toast', async () => {
    const recorder = recordingPort({ fail: true });
    const { user, form } = await renderSiteForm('freelancer', recorder);
    await paste(user, field(form, 'freelancer', 'fullName'), 'Grace Hopper');
    await paste(user, field(form, 'freelancer', 'Email'), 'grace@example.com');
    await user.type(field(form, 'freelancer', 'portfolioUrl'), 'x');
    await user.type(field(form, 'freelancer', 'Messsage'), 'Hello');
    await user.click(within(form).getByRole('button', { name: forms.freelancer.submitLabel }));
    expect(await screen.findByText(toasts.freelancer.failure!)).toBeInTheDocument();
    expect(field(form, 'freelancer', 'fullName').value).toBe('Grace Hopper');
  });
});

describe('the newsletter form', () => {
  it('saves the e-mail, shows nothing, clears the field', async () => {
    const recorder = recordingPort();
    const { user, form } = await renderSiteForm('newsletter', recorder);
    const input = within(form).getByLabelText(labelled(labelOf('newsletter', 'Email'))) as HTMLInputElement;
    await user.type(input, 'a@b.co');
    await user.click(within(form).getByRole('button', { name: forms.newsletter.submitLabel }));
    await waitFor(() => expect(input.value).toBe(''));
    expect(recorder.saves).toHaveLength(1);
    expect(recorder.saves[0]!.collection).toBe('subcribe');
    expect(Object.keys(recorder.saves[0]!.document)).toEqual(['Email', 'id', 'Date']);
    // The field is cleared as the form handles the save's answer: a toast would have been asked for by then.
    expect(await toastsShownSoFar()).toEqual([]);
  });

  it('refuses "a@b" with the message of its check', async () => {
    const recorder = recordingPort();
    const { user, form } = await renderSiteForm('newsletter', recorder);
    await user.type(within(form).getByLabelText(labelled(labelOf('newsletter', 'Email'))), 'a@b');
    await user.click(within(form).getByRole('button', { name: forms.newsletter.submitLabel }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(messageOf('newsletter', 'Email'));
    expect(recorder.saves).toHaveLength(0);
  });
});

/* ------------------------------------------ the server's HTML, hydrated in the browser */

describe('a form drawn on the server, then hydrated in the browser', () => {
  /** The server's HTML of a form (as the build writes it into the page), in a fresh container. */
  function serverHtml(id: keyof typeof forms, recorder: Recorder): HTMLElement {
    const html = renderToString(
      <IslandProviders cache={createEmotionCache()} port={recorder.port}>
        <FormRenderer form={forms[id]} idPrefix={`${id}0`} spamTrap={server.spamTrap} onDark={id === 'newsletter'} />
      </IslandProviders>,
    );
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    return container;
  }

  function hydrate(id: keyof typeof forms, recorder: Recorder, container: HTMLElement): { problems: unknown[] } {
    const problems: unknown[] = [];
    act(() => {
      hydrateRoot(
        container,
        <IslandProviders port={recorder.port}>
          <FormRenderer form={forms[id]} idPrefix={`${id}0`} spamTrap={server.spamTrap} onDark={id === 'newsletter'} />
        </IslandProviders>,
        { onRecoverableError: (error) => problems.push(error) },
      );
    });
    return { problems };
  }

  it.each(Object.keys(forms) as (keyof typeof forms)[])('%s: the same markup in both, so nothing is drawn again', async (id) => {
    const recorder = recordingPort();
    const container = serverHtml(id, recorder);
    const before = container.innerHTML;
    const { problems } = hydrate(id, recorder, container);
    await waitFor(() => expect(container.querySelector('form')).toHaveAttribute('data-interactive', 'true'));
    expect(problems).toEqual([]);
    expect(console.error).not.toHaveBeenCalled();
    // Hydrating adds the mark that the form is ready, and changes nothing else (react-hook-form
    // gives the hidden input of a file field its value, "", which jsdom shows as an attribute).
    expect(
      container.innerHTML
        .replace(' data-interactive="true"', '')
        .replace('<input type="hidden" name="CvFile" value="">', '<input type="hidden" name="CvFile">'),
    ).toBe(before);
    container.remove();
  });

  it("keeps what the visitor typed into the server's HTML before the code came, and sends it", async () => {
    const recorder = recordingPort();
    const container = serverHtml('inquiry', recorder);
    const form = container.querySelector('form')!;
    field(form, 'inquiry', 'Fname').value = 'Typed Early';
    field(form, 'inquiry', 'Email').value = 'early@example.com';
    hydrate('inquiry', recorder, container);
    await waitFor(() => expect(form).toHaveAttribute('data-interactive', 'true'));
    expect(field(form, 'inquiry', 'Fname')).toHaveValue('Typed Early');
    const user = userEvent.setup({ delay: null });
    await user.type(field(form, 'inquiry', 'Pname'), 'A shop');
    await user.click(within(form).getByRole('button', { name: forms.inquiry.submitLabel }));
    await waitFor(() => expect(recorder.saves).toHaveLength(1));
    expect(recorder.saves[0]!.document).toMatchObject({ Fname: 'Typed Early', Email: 'early@example.com', Pname: 'A shop' });
    container.remove();
  });
});
