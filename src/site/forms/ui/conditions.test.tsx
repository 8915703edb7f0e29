/**
 * The real FormRenderer with a form of the kind the office makes (src/test/auditForm.ts):
 * radio buttons and checkboxes in a fieldset named by its legend, a consent box, and fields
 * shown when they apply. Before its code runs (the server's HTML, a visitor without
 * JavaScript) every field shows with its condition in words; once it runs, only the fields
 * that apply show, and a hidden field is sent empty.
 */
import { CacheProvider } from '@emotion/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import server from '../../../../config/server';
import { DataPortProvider } from '../../data/DataPortContext';
import type { DataPort } from '../../data/port';
import { createEmotionCache } from '../../islands/emotionCache';
import { auditForm, auditValid } from '../../../test/auditForm';
import { conditionWords } from '../model/conditions';
import { FormRenderer } from './FormRenderer';
import type { FormConfig } from '../model/formSchema';

const label = (name: string) => auditForm.fields.find((f) => f.name === name)!.label;
const message = (field: string) => auditForm.checks.find((c) => c.field === field)!.message;

function drawn(saves: Record<string, unknown>[] = []) {
  const port: DataPort = {
    async saveDocument(_collection, document) {
      saves.push(JSON.parse(JSON.stringify(document)) as Record<string, unknown>);
      return { id: `doc${saves.length}` };
    },
    async uploadFile() {
      throw new Error('no file field here');
    },
  };
  const tree = (
    <CacheProvider value={createEmotionCache()}>
      <DataPortProvider port={port}>
        <FormRenderer form={auditForm} idPrefix="audit0" spamTrap={server.spamTrap} />
      </DataPortProvider>
    </CacheProvider>
  );
  return { tree, saves };
}

// The server's HTML of the first test is written into the page by hand: each test starts on an empty page.
afterEach(() => {
  document.body.innerHTML = '';
});

test('without JavaScript every field shows, a conditional one with its condition in words', () => {
  document.body.innerHTML = renderToString(drawn().tree);
  for (const field of auditForm.fields) {
    expect(document.getElementById(`audit0-${field.name}`)).not.toBeNull();
    const words = conditionWords(auditForm, field);
    const shown = document.querySelector(`[data-condition="${field.name}"]`);
    if (words) expect(shown).toHaveTextContent(words);
    else expect(shown).toBeNull();
  }
  // Checkboxes post each ticked option under the field's name; consent posts true.
  expect([...document.querySelectorAll<HTMLInputElement>('input[name="extras"]')].map((i) => i.value)).toEqual(['Logo', 'Texts', 'Photos']);
  expect(document.querySelector<HTMLInputElement>('input[name="agree"]')!.value).toBe('true');
});

test('radio buttons and checkboxes: a group named by its legend; consent: a box named by its sentence', () => {
  render(drawn().tree);
  const project = screen.getByRole('group', { name: new RegExp(`^${label('projectType')}`) });
  expect(
    within(project)
      .getAllByRole('radio')
      .map((r) => r.getAttribute('value')),
  ).toEqual(['Company site', 'Online shop']);
  expect(within(screen.getByRole('group', { name: label('extras') })).getAllByRole('checkbox')).toHaveLength(3);
  expect(screen.getByRole('checkbox', { name: new RegExp(`^${label('agree').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })).not.toBeChecked();
});

test('a conditional field shows when its answer is chosen, hides again, and is sent empty', async () => {
  const user = userEvent.setup({ delay: null });
  const { tree, saves } = drawn();
  render(tree);
  // Hydrated: the fields that do not apply are gone, and so are the words said without JavaScript.
  await waitFor(() => expect(document.getElementById('audit0-platform')).toBeNull());
  expect(document.querySelector('[data-condition]')).toBeNull();
  expect(document.getElementById('audit0-photoCount')).toBeNull();

  await user.type(screen.getByLabelText(new RegExp(`^${label('fullName')}`)), auditValid.fullName);
  await user.type(screen.getByLabelText(new RegExp(`^${label('email')}`)), auditValid.email);
  // By keyboard: the radio group takes the focus, the arrow keys choose.
  await user.click(screen.getByRole('radio', { name: 'Company site' }));
  await user.keyboard('{ArrowDown}');
  expect(screen.getByRole('radio', { name: 'Online shop' })).toBeChecked();
  const platform = await screen.findByLabelText(new RegExp(`^${label('platform')}`));
  await user.selectOptions(platform, 'Shopify');
  expect(document.getElementById('audit0-otherPlatform')).toBeNull();
  await user.click(screen.getByRole('checkbox', { name: 'Photos' }));
  await user.type(await screen.findByLabelText(label('photoCount')), '12');

  // The consent box is required: submitting without it says so, at the box.
  await user.click(screen.getByRole('button', { name: auditForm.submitLabel }));
  expect(await screen.findByRole('alert')).toHaveTextContent(message('agree'));
  await user.click(screen.getByRole('checkbox', { name: new RegExp(`^${label('agree').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }));

  // Back to a company site: the platform hides, and what was chosen there is not sent.
  await user.click(screen.getByRole('radio', { name: 'Company site' }));
  await waitFor(() => expect(document.getElementById('audit0-platform')).toBeNull());
  await user.click(screen.getByRole('button', { name: auditForm.submitLabel }));
  await waitFor(() => expect(saves).toHaveLength(1));
  expect(saves[0]).toMatchObject({ projectType: 'Company site', platform: '', otherPlatform: '', extras: ['Photos'], photoCount: '12', agree: true });
});

test('a list its condition shows starts on its first answer, even when its answers were written after the form started (the editor’s preview)', async () => {
  const user = userEvent.setup({ delay: null });
  const withOptions = (options: { value: string }[]): FormConfig =>
    ({ ...auditForm, fields: auditForm.fields.map((f) => (f.name === 'platform' ? { ...f, defaultValue: undefined, options } : f)) }) as FormConfig;
  const draw = (form: FormConfig) => (
    <CacheProvider value={createEmotionCache()}>
      <DataPortProvider port={{ saveDocument: async () => ({ id: 'x' }), uploadFile: async () => Promise.reject(new Error('none')) }}>
        <FormRenderer form={form} idPrefix="audit1" spamTrap={server.spamTrap} />
      </DataPortProvider>
    </CacheProvider>
  );
  const { rerender } = render(draw(withOptions([{ value: 'An answer not written yet' }])));
  await waitFor(() => expect(document.getElementById('audit1-platform')).toBeNull());
  rerender(draw(withOptions([{ value: 'Shopify' }, { value: 'Other' }])));
  await user.click(screen.getByRole('radio', { name: 'Online shop' }));
  await waitFor(() => expect(document.getElementById('audit1-platform')).toHaveValue('Shopify'));
});
