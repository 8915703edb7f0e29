/**
 * A form of config/forms by its name, as pages place it (FormSlot): the entry of the forms
 * chunk, so the forms' descriptions load with their code, not with the page.
 */
import { formNamed } from '../model/registry';
import { FormRenderer } from './FormRenderer';

export function NamedForm({ name, onDark = false }: { name: string; onDark?: boolean }) {
  const config = formNamed(name);
  if (!config) throw new Error(`No form named "${name}" in config/forms (npm run check names the mistake).`);
  return <FormRenderer form={config} name={name} onDark={onDark} />;
}
