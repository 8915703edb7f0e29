/**
 * The account's password as the inbox asks for it, when signing in and again before a step that
 * needs it fresh (src/apps/inbox/SignIn.tsx, PasswordAgain.tsx): a password box the browser's
 * password manager fills (`current-password`), named as the server reads it.
 */
import TextField, { type TextFieldProps } from '@mui/material/TextField';

export function PasswordField({
  label,
  value,
  onChange,
  ...layout
}: { label: string; value: string; onChange: (value: string) => void } & Pick<TextFieldProps, 'autoFocus' | 'fullWidth'>) {
  return (
    <TextField
      label={label}
      type="password"
      name="password"
      autoComplete="current-password"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      {...layout}
    />
  );
}
