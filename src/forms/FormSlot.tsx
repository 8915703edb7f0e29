/**
 * Where a form from config/forms appears on a page. The forms issue fills this with the
 * generic form renderer; until then it keeps the place and names the form.
 */
import Box from '@mui/material/Box';

export function FormSlot({ form }: { form: string }) {
  return <Box data-form={form} sx={{ minHeight: 56 }} />;
}
