/** A lead's CV: its own upload to download (with its size), the CV field's text, or that it was deleted or never sent. */
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import admin from '../../../../config/admin';
import type { LeadDetail } from '../../model/adminApi';
import { urlOf } from '../../../platform/inbox/api';
import { fill, formatSize } from '../../../platform/inbox/format';
import { Section } from '../../../platform/inbox/Section';
import { Value } from './LeadFields';

const t = admin.lead;

export function CvSection({ docId, cv }: { docId: string; cv: LeadDetail['cv'] }) {
  return (
    <Section id="cv-heading" heading={t.cvHeading}>
      {cv.state === 'kept' ? (
        <Button variant="contained" href={urlOf('cv', { params: { docId } })} download>
          {fill(t.downloadCv, { size: formatSize(cv.bytes) })}
        </Button>
      ) : cv.state === 'text' ? (
        <>
          <Typography>{t.cvText}</Typography>
          <Typography component="p">
            <Value value={cv.text} linked={false} />
          </Typography>
        </>
      ) : (
        <Typography>{cv.state === 'deleted' ? t.cvDeleted : t.noCv}</Typography>
      )}
    </Section>
  );
}
