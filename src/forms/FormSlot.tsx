/** Where a form from config/forms appears on a page, by the name the page config uses. */
import forms from '../../config/forms';
import type { FormConfig } from './formSchema';
import { FormRenderer } from './FormRenderer';

const registry: Record<string, FormConfig> = forms;

export function FormSlot({ form, onDark = false }: { form: string; onDark?: boolean }) {
  const config = registry[form];
  if (!config) throw new Error(`No form named "${form}" in config/forms (npm run check names the mistake).`);
  return <FormRenderer form={config} name={form} onDark={onDark} />;
}
