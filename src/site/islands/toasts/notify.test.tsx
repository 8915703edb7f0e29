/**
 * notify() before the toast UI exists: nothing of the toast UI is drawn (or loaded) until the
 * first toast; the messages asked for meanwhile wait, then show in order.
 */
import { act, screen } from '@testing-library/react';
import { notify, toastsWanted } from './notify';

test('toasts asked for before the toast UI has loaded show once it has, in order', async () => {
  expect(toastsWanted()).toBe(false);
  expect(document.querySelector('[data-toasts]')).toBeNull();

  act(() => {
    notify('First message', 'success');
    notify('Second message', 'error');
  });
  expect(toastsWanted()).toBe(true);

  expect(await screen.findByText('Second message')).toBeInTheDocument();
  expect(screen.getAllByTestId('toast').map((t) => t.textContent)).toEqual(['First message', 'Second message']);

  // Once the UI is there, a toast shows at once.
  act(() => notify('Third message', 'info'));
  expect(await screen.findByText('Third message')).toBeInTheDocument();
});
