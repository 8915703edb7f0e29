/**
 * The form island (src/site/islands/registry.ts): a form of the content, by the name the page gives,
 * drawn by the one form renderer, saving through the site's data port. Its description (fields,
 * checks, messages) is the island's data: drawn with the page on the server, read by the browser
 * from the file the page names.
 */
import { useContext } from 'react';
import { DataPortProvider } from '../../data/DataPortContext';
import { sitePort } from '../../data/sitePort';
import type { IslandComponentProps } from '../../islands/islandProps';
import type { FormConfig } from '../model/formSchema';
import { FormPreviewContext } from './formPreview';
import { FormRenderer, type SpamTrapField } from './FormRenderer';

export default function FormIsland({
  name,
  form,
  spamTrap,
  onDark = false,
  instance,
}: IslandComponentProps<{ name: string; form: FormConfig; spamTrap: SpamTrapField; onDark?: boolean }>) {
  // The content editor's preview: saved nowhere.
  const preview = useContext(FormPreviewContext);
  return (
    <DataPortProvider port={preview?.port ?? sitePort()}>
      <FormRenderer form={form} idPrefix={`${name}${instance}`} spamTrap={spamTrap} onDark={onDark} />
    </DataPortProvider>
  );
}
