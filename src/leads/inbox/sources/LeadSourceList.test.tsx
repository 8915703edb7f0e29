/**
 * A lead's source on its page: an advert by the name of the network it came from, each network
 * once, never the click id its address carried (the id is the advert's code, not a word the office reads).
 */
import { render, screen } from '@testing-library/react';
import admin from '../../../../config/admin';
import { LeadSourceList } from './LeadSourceList';

const t = admin.sources;

it('says which network an advert was on, once per network, without the click ids', () => {
  render(<LeadSourceList source={{ source: 'google', clickIds: ['gclid', 'gbraid', 'msclkid'] }} />);
  const shown = screen.getByText(t.labels.clickIds, { selector: 'dt' }).nextElementSibling?.textContent ?? '';
  expect(shown).toBe(`${t.adNetworks.gclid}, ${t.adNetworks.msclkid}`);
  expect(document.body.textContent).not.toMatch(/gclid|gbraid|msclkid/);
});
