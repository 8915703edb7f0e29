/**
 * What the visitor sent: every field by its label (config/forms) in its form's order, a choice by
 * the label the visitor read, shown as text, never as markup; only http: and https: addresses
 * become links, an e-mail address or phone number opens the mail program or the phone.
 */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import admin from '../../../../config/admin';
import { pickedOf, pickedText } from '../../../site/forms/model/choices';
import type { LeadDetail } from '../../model/adminApi';
import { answerText, STAMP_KEYS, type LeadField } from '../../model/leadFields';
import { ScreenReaderText } from '../../../site/ui/ScreenReaderText';
import { contactAddress, formatDate, visible, webAddress } from '../../../platform/inbox/format';
import { browserClock } from '../../../platform/received';
import { fill } from '../../../schema/text';
import { Section } from '../../../platform/inbox/Section';

const t = admin.lead;

/** The lead's answers as its server read them (its form's order, conditions applied), then id and Date. */
function fieldsOf(lead: LeadDetail): LeadField[] {
  const stamps = STAMP_KEYS.filter((key) => key in lead.document).map((key) => ({
    key,
    label: t.stampLabels[key],
    // The device's time (`id`, milliseconds) as a date; the browser's (`Date`) as their clock showed it, with their time zone.
    value: key === 'id' ? deviceTime(lead.document.id) : browserTime(lead.document[key]),
  }));
  return [...lead.fields, ...stamps];
}

/** The `id` every form sends (the visitor's device's time in milliseconds), as a date in the agency's time zone; as sent when it is no such time. */
function deviceTime(value: unknown): string {
  const ms = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(ms) && ms > 0 && ms < 8.64e15 ? formatDate(ms) : pickedText(pickedOf(undefined, value));
}

/** The `Date` every form sends (what the browser wrote) in the agency's words, with the visitor's time zone; as sent when a browser did not write it. */
function browserTime(value: unknown): string {
  const clock = browserClock(value);
  return clock ? fill(t.browserTime, clock) : answerText(undefined, value);
}

/**
 * A visitor's value: a link only for a web address (never for the CV field's text: `linked`
 * false); line breaks kept; everything as text, hidden characters shown by their code and the
 * value isolated, so nothing it holds reorders what is around it.
 */
export function Value({ value: raw, linked = true, contact }: { value: string; linked?: boolean; contact?: string }) {
  if (raw.trim() === '')
    return (
      <Typography component="span" color="text.secondary">
        {t.empty}
      </Typography>
    );
  const value = visible(raw);
  // An e-mail address or phone number (mailto:, tel:): opens the mail program or the phone.
  if (contact) {
    return (
      <Link href={contact} sx={{ overflowWrap: 'anywhere', unicodeBidi: 'isolate' }}>
        {value}
      </Link>
    );
  }
  const href = linked ? webAddress(raw) : undefined;
  if (href) {
    return (
      <Link href={href} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere', unicodeBidi: 'isolate' }}>
        {value}
        <ScreenReaderText>{` ${t.opensInNewTab}`}</ScreenReaderText>
      </Link>
    );
  }
  return (
    <Box component="span" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', unicodeBidi: 'isolate' }}>
      {value}
    </Box>
  );
}

/** Answers by their labels, as a list of terms and what was sent. */
function Answers({ fields }: { fields: readonly LeadField[] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(10rem, max-content) minmax(0, 1fr)' },
        columnGap: 3,
        rowGap: { xs: 0.5, sm: 1.5 },
      }}
    >
      {fields.map((field) => (
        <Box key={field.key} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ fontWeight: 700, mt: { xs: 1.5, sm: 0 } }}>
            {field.label}
          </Box>
          <Box component="dd" sx={{ m: 0 }}>
            <Value value={field.value} contact={contactAddress(field.kind, field.value)} />
          </Box>
        </Box>
      ))}
    </Box>
  );
}

export function LeadFields({ lead }: { lead: LeadDetail }) {
  return (
    <Section id="fields-heading" heading={t.fieldsHeading}>
      <Answers fields={fieldsOf(lead)} />
      {lead.retired.length > 0 && (
        <Box component="section" aria-labelledby="retired-heading" sx={{ mt: 3 }}>
          <Typography id="retired-heading" component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
            {t.retiredHeading}
          </Typography>
          <Answers fields={lead.retired} />
        </Box>
      )}
    </Section>
  );
}
