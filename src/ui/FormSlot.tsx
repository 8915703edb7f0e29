/**
 * Where a form from config/forms appears on a page, by the name the page config uses: an island
 * (src/forms/ui/FormIsland.tsx) whose code loads when the visitor comes near a form
 * (src/forms/ui/formsGate.ts). Until then, and without JavaScript, it is a plain HTML form that posts to our
 * server.
 */
import server from '../../config/server';
import { Island } from './Island';
import { PrivacyNote } from './PrivacyNote';

/** The form, and under it the note linking to the privacy page (plain HTML, outside the island). */
export function FormSlot({ form, onDark = false }: { form: string; onDark?: boolean }) {
  const { name, label } = server.spamTrap;
  return (
    <div>
      <Island name="form" props={{ name: form, onDark, spamTrap: { name, label } }} />
      <PrivacyNote />
    </div>
  );
}
