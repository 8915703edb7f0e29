/**
 * What a lead's page shows of the keys every form adds: the visitor's device's time (`id`, a count
 * of milliseconds) as a date in the agency's time zone, never as the bare number; `Date` as the
 * visitor's clock showed it, with their time zone, never as the browser's code; an `id` that is no
 * time, and a `Date` no browser wrote, as they were sent.
 */
import { render, screen } from '@testing-library/react';
import admin from '../../../../config/admin';
import { formatDate } from '../../../platform/inbox/format';
import { browserClock } from '../../../platform/received';
import { fill } from '../../../schema/text';
import type { LeadDetail } from '../../model/adminApi';
import { LeadFields } from './LeadFields';

const leadWith = (document: Record<string, unknown>) => ({ form: 'contact', document, fields: [], retired: [] }) as unknown as LeadDetail;
const shownFor = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

it("shows the device's time as a date, and the browser's Date as their clock showed it", () => {
  const at = Date.UTC(2026, 10, 27, 9, 30);
  render(<LeadFields lead={leadWith({ id: at, Date: 'Fri Nov 27 2026 10:30:00 GMT+0100 (Central European Standard Time)' })} />);
  expect(shownFor(admin.lead.stampLabels.id)).toBe(formatDate(at));
  expect(shownFor(admin.lead.stampLabels.id)).not.toContain(String(at));
  const shown = shownFor(admin.lead.stampLabels.Date);
  expect(shown).toBe(fill(admin.lead.browserTime, { date: browserClock('Fri Nov 27 2026 10:30:00 GMT+0100')!.date, zone: 'Central European Standard Time' }));
  expect(shown).not.toContain('GMT+0100');
});

it("reads the time on the browser's clock, not converted, and names the zone by its offset when the browser gave no name", () => {
  const clock = browserClock('Sat Nov 28 2026 23:46:53 GMT-0500');
  expect(clock?.zone).toBe('GMT-05:00');
  // 23:46 on their clock, the 28th: the same wall time however the agency's zone is set.
  expect(clock?.date).toContain('23:46');
  expect(clock?.date).toContain('28');
  expect(browserClock('Mon Feb 30 2026 10:00:00 GMT+0000')).toBeUndefined();
  expect(browserClock('2026-11-28T10:00:00Z')).toBeUndefined();
});

it('shows an id that is no time, and a Date no browser wrote, as they were sent', () => {
  render(<LeadFields lead={leadWith({ id: 'not-a-time', Date: 'yesterday' })} />);
  expect(shownFor(admin.lead.stampLabels.id)).toBe('not-a-time');
  expect(shownFor(admin.lead.stampLabels.Date)).toBe('yesterday');
});
