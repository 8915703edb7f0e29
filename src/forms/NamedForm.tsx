/**
 * A form of config/forms by its name, as pages place it (FormSlot): the entry of the forms
 * chunk, so the forms' descriptions load with their code, not with the page.
 */
import forms from '../../config/forms';
import type { FormConfig } from './formSchema';
import { FormRenderer } from './FormRenderer';

const registry: Record<string, FormConfig> = forms;

export function NamedForm({ name, onDark = false }: { name: string; onDark?: boolean }) {
  const config = registry[name];
  if (!config) throw new Error(`No form named "${name}" in config/forms (npm run check names the mistake).`);
  return <FormRenderer form={config} name={name} onDark={onDark} />;
}
