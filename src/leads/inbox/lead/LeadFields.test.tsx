/**
 * What a lead's page shows of the keys every form adds: the visitor's device's time (`id`, a count
 * of milliseconds) as a date in the agency's time zone, never as the bare number; `Date` as the
 * browser wrote it; an `id` that is no time as it was sent.
 */
import { render, screen } from '@testing-library/react';
import admin from '../../../../config/admin';
import { formatDate } from '../../../platform/inbox/format';
import type { LeadDetail } from '../../model/adminApi';
import { LeadFields } from './LeadFields';

const leadWith = (document: Record<string, unknown>) => ({ form: 'contact', document, fields: [], retired: [] }) as unknown as LeadDetail;
const shownFor = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

it("shows the device's time as a date, and the browser's Date as written", () => {
  const at = Date.UTC(2026, 10, 27, 9, 30);
  render(<LeadFields lead={leadWith({ id: at, Date: 'Fri Nov 27 2026 10:30:00 GMT+0100' })} />);
  expect(shownFor(admin.lead.stampLabels.id)).toBe(formatDate(at));
  expect(shownFor(admin.lead.stampLabels.id)).not.toContain(String(at));
  expect(shownFor(admin.lead.stampLabels.Date)).toBe('Fri Nov 27 2026 10:30:00 GMT+0100');
});

it('shows an id that is no time as it was sent', () => {
  render(<LeadFields lead={leadWith({ id: 'not-a-time', Date: '' })} />);
  expect(shownFor(admin.lead.stampLabels.id)).toBe('not-a-time');
});
