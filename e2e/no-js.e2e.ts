/**
 * Forms work before and without JavaScript: each prerendered form is a real
 * <form method="post">; our server checks it with the same rules, stores it, and sends the
 * visitor back to the page with the outcome shown (the words a scripted visitor would see).
 */
import { expect, test } from './fixtures';
import { checkOf, field, findDocuments, formOf, sendPlain, toastOf, uniqueSuffix } from './helpers/forms';

test.use({ javaScriptEnabled: false });

test("the inquiry form, sent without JavaScript, is stored and says its success toast's words", async ({ page }) => {
  const suffix = uniqueSuffix();
  const values = { Fname: `NoScript ${suffix}`, Email: `noscript.${suffix}@example.com`, Number: '0123456789', Pname: `Shop ${suffix}` };
  await page.goto('/');
  const form = formOf(page, 'inquiry');
  for (const [key, value] of Object.entries(values)) await field(form, key).fill(value);
  await sendPlain(page, form);
  await expect(page).toHaveURL(/\/\?sent=Inquriy$/);
  await expect(page.getByRole('status').filter({ hasText: toastOf('inquiry', 'success') })).toBeVisible();
  await expect.poll(async () => (await findDocuments('Inquriy', 'Email', values.Email)).length).toBe(1);
  const [document] = await findDocuments('Inquriy', 'Email', values.Email);
  expect(document).toEqual({ ...values, id: expect.any(Number), Date: expect.any(String) });
});

test('an invalid form sent without JavaScript stores nothing and shows the first failing check', async ({ page }) => {
  const suffix = uniqueSuffix();
  await page.goto('/Contact');
  const form = formOf(page, 'contact');
  await field(form, 'Fullname').fill(`NoScript ${suffix}`);
  await field(form, 'Company').fill('Acme');
  await field(form, 'Email').fill(`noscript.${suffix}@example.com`);
  await sendPlain(page, form);
  // The first failing check: the specification's order, and Number is the first field left empty.
  const check = checkOf('contact', 'Number');
  await expect(page).toHaveURL(new RegExp(`/Contact\\?invalid=Contact_cli&check=${check.index}$`));
  await expect(page.getByRole('alert').filter({ hasText: check.message })).toBeVisible();
  expect(await findDocuments('Contact_cli', 'Email', `noscript.${suffix}@example.com`)).toEqual([]);
});

test('the newsletter, sent without JavaScript, is stored and shows nothing, as with JavaScript', async ({ page }) => {
  const email = `noscript.${uniqueSuffix()}@example.com`;
  await page.goto('/Blog');
  const form = formOf(page, 'newsletter');
  await field(form, 'Email').fill(email);
  await sendPlain(page, form);
  await expect(page).toHaveURL(/\/Blog\?sent=subcribe$/);
  await expect(page.locator('.form-outcome')).toHaveCount(0);
  await expect.poll(async () => (await findDocuments('subcribe', 'Email', email)).length).toBe(1);
});
