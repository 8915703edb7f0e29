/** Every publish, newest first: who, when and what in words, each with its changes before and after, Undo this change and Restore (each itself a publish). */
import Stack from '@mui/material/Stack';
import admin from '../../../config/admin';
import { RevisionList } from './RevisionList';
import { ScreenHeading } from './ScreenHeading';

export function RevisionsScreen() {
  return (
    <Stack spacing={3}>
      <ScreenHeading>{admin.content.revisions}</ScreenHeading>
      <RevisionList />
    </Stack>
  );
}
