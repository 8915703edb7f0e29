/**
 * The newsletter's screens at /admin/newsletters (loaded only when opened): the list with each
 * one's figures, a new newsletter, and one newsletter's page (write, preview, test, send). Every
 * account writes; an owner's sends (the server says the same: src/newsletter/model/newsletterApi.ts).
 */
import { Route, Routes } from 'react-router-dom';
import type { AdminRole } from '../../platform/roles';
import { NewsletterList } from './NewsletterList';
import { NewsletterPage } from './NewsletterPage';

export default function NewsletterScreens({ role }: { role: AdminRole }) {
  return (
    <Routes>
      <Route index element={<NewsletterList />} />
      <Route path="new" element={<NewsletterPage key="new" role={role} />} />
      <Route path=":id" element={<NewsletterPage role={role} />} />
    </Routes>
  );
}
