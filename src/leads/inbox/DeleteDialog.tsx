/** A deletion asked first: its title and question, then Cancel or Delete (the words from config/admin.ts, given by the screen). */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

interface Props {
  /** The start of its title's and question's ids. */
  id: string;
  open: boolean;
  title: string;
  question: string;
  cancel: string;
  confirm: string;
  onClose: () => void;
  onConfirm: () => void;
}

export function DeleteDialog({ id, open, title, question, cancel, confirm, onClose, onConfirm }: Props) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} aria-describedby={`${id}-question`}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-question`}>{question}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{cancel}</Button>
        <Button color="error" variant="contained" onClick={onConfirm}>
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
