/**
 * Where a form of the content appears on a page, by the name the page config uses: an island
 * (src/site/forms/ui/FormIsland.tsx) whose code loads when the visitor comes near a form
 * (src/site/forms/ui/formsGate.ts), with the form's description from the file the render wrote for it
 * (FormFilesContext). Until then, and without JavaScript, it is a plain HTML form that posts to
 * our server.
 */
import { createContext, useContext } from 'react';
import server from '../../../config/server';
import { Island } from './Island';
import { PrivacyNote } from './PrivacyNote';
import { useSiteContent } from './siteConfig';

/** The address of each form's description file (by form name), given by the render; none in the editor's preview. */
export const FormFilesContext = createContext<Readonly<Record<string, string>>>({});

/** The form, and under it the note linking to the privacy page (plain HTML, outside the island). */
export function FormSlot({ form, onDark = false }: { form: string; onDark?: boolean }) {
  const { name, label } = server.spamTrap;
  const config = useSiteContent().forms[form];
  const src = useContext(FormFilesContext)[form] ?? '';
  if (!config) throw new Error(`No form named "${form}" in the content (npm run check names the mistake)`);
  return (
    <div>
      <Island name="form" props={{ name: form, onDark, spamTrap: { name, label } }} data={{ src, value: config }} />
      <PrivacyNote />
    </div>
  );
}
