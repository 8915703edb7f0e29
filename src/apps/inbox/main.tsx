/** The inbox's entry (admin.html): a browser app of its own, built apart from the public site's pages (vite.admin.config.ts). */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AdminApp } from './AdminApp';

const container = document.getElementById('root');
if (!container) throw new Error('admin.html has no element with id "root"');
createRoot(container).render(
  <StrictMode>
    <AdminApp />
  </StrictMode>,
);
