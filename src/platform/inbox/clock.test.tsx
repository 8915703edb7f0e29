/**
 * The waits an open inbox tab shows run by themselves: "waiting 3 minutes" becomes "waiting 4
 * minutes" a minute later with nothing else on the page changing (the list's cell and the lead's
 * page draw them with the same clock).
 */
import { act, render, screen } from '@testing-library/react';
import { Attention } from '../../leads/inbox/list/cells';
import type { LeadSummary } from '../../leads/model/adminApi';
import { attentionWords } from './format';
import { TICK_MS } from './clock';

beforeEach(() => jest.useFakeTimers({ now: Date.parse('2026-11-28T07:39:00Z') }));
afterEach(() => jest.useRealTimers());

it("a row's wait moves on with the clock while the tab stays open", () => {
  const row = { waitingSince: new Date(Date.now() - 3 * 60_000).toISOString(), activeAt: new Date(Date.now() - 3 * 60_000).toISOString() } as LeadSummary;
  render(<Attention row={row} />);
  const before = attentionWords(row, Date.now());
  expect(screen.getByText(before)).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(2 * TICK_MS));
  const after = attentionWords(row, Date.now());
  expect(after).not.toBe(before);
  expect(screen.getByText(after)).toBeInTheDocument();
});
