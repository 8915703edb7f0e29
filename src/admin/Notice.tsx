/** A short message after an action (saved, sent again, a refusal), read out by screen readers. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';

export interface NoticeMessage {
  text: string;
  severity: 'success' | 'error' | 'info';
}

export function Notice({ message }: { message: NoticeMessage | undefined }) {
  return (
    <Box role="status" aria-live="polite" sx={{ minHeight: message ? undefined : 0 }}>
      {message && (
        // The box around it is the live region; the alert itself is no second one.
        <Alert severity={message.severity} variant="outlined" role="presentation" sx={{ my: 2 }}>
          {message.text}
        </Alert>
      )}
    </Box>
  );
}

/** The notice for a failed call: the server's sentence. */
export const failed = (error: unknown): NoticeMessage => ({ text: (error as Error).message, severity: 'error' });
