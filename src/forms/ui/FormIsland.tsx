/**
 * The form island (src/islands/registry.ts): a form of config/forms by the name the page gives,
 * drawn by the one form renderer, saving through the site's data port.
 */
import { useContext } from 'react';
import { DataPortProvider } from '../../data/DataPortContext';
import { sitePort } from '../../data/sitePort';
import type { IslandComponentProps } from '../../islands/islandProps';
import { formNamed } from '../model/registry';
import { FormPreviewContext } from './formPreview';
import { FormRenderer, type SpamTrapField } from './FormRenderer';

export default function FormIsland({ name, spamTrap, onDark = false, instance }: IslandComponentProps<{ name: string; spamTrap: SpamTrapField; onDark?: boolean }>) {
  // The content editor's preview: the form as edited, saved nowhere.
  const preview = useContext(FormPreviewContext);
  const config = preview && Object.hasOwn(preview.forms, name) ? preview.forms[name] : formNamed(name);
  if (!config) throw new Error(`No form named "${name}" in config/forms (npm run check names the mistake).`);
  return (
    <DataPortProvider port={preview?.port ?? sitePort()}>
      <FormRenderer form={config} idPrefix={`${name}${instance}`} spamTrap={spamTrap} onDark={onDark} />
    </DataPortProvider>
  );
}
