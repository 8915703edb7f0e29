/**
 * The privacy page's account of what the site does with what visitors send. Each form's lines
 * come from the form itself (config/forms): the labels of its fields, its retention, whom its
 * notifications reach; where it is kept follows the build's data adapter (src/site/data/select.ts), as
 * do the accounts of visits and of the newsletter (its confirmation needs our own server).
 */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import server from '../../../../config/server';
import { fill } from '../../../schema/text';
import { fillNodes } from '../../ui/fillNodes';
import { SectionShell } from '../../ui/SectionShell';
import { useSiteContent } from '../../ui/siteConfig';
import type { SectionProps } from '../types';

declare const __DATA_ADAPTER__: 'local' | 'firebase';

/** A part of the page with its own h2. */
function Part({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: { xs: 6, md: 8 } }}>
      <Typography id={id} variant="h2" sx={{ mb: 2.5 }}>
        {heading}
      </Typography>
      {children}
    </Box>
  );
}

const paragraph = { mb: 2, color: 'text.secondary' } as const;

export function PrivacySection({ section }: SectionProps<'privacy'>) {
  const { responsible, forms: about, visits, newsletter, rights } = section;
  // The forms of the content drawn (the content editor's preview: as they are being edited).
  const { site, forms: allForms } = useSiteContent();
  const email = (
    <Link href={site.contact.email.href} underline="always">
      {site.contact.email.label}
    </Link>
  );
  const idOf = (part: string) => `${section.id ?? 'privacy'}-${part}`;
  return (
    <SectionShell id={section.id}>
      <Box sx={{ maxWidth: 820, mx: 'auto' }}>
        <Part id={idOf('responsible')} heading={responsible.heading}>
          <Typography sx={paragraph}>{fillNodes(responsible.text, { name: site.brand.name, address: site.contact.address, email })}</Typography>
        </Part>

        <Part id={idOf('forms')} heading={about.heading}>
          {about.text && <Typography sx={paragraph}>{about.text}</Typography>}
          {about.items.map((item) => {
            const form = allForms[item.form]!;
            const told = [form.notify.email && about.told.email, form.notify.webhook && about.told.webhook].filter((t): t is string => Boolean(t));
            const kept = [
              fill(about.keptFor, { days: form.retention.days }),
              form.retention.cvDays === undefined ? '' : fill(about.cvKeptFor, { days: form.retention.cvDays }),
            ];
            const lines: [string, string][] = [
              [about.labels.purpose, item.purpose],
              [about.labels.collects, form.fields.map((f) => f.label).join(', ')],
              [about.labels.storage, __DATA_ADAPTER__ === 'firebase' ? about.storage.firebase : about.storage.local],
              [about.labels.kept, kept.filter(Boolean).join(' ')],
              [about.labels.told, told.length > 0 ? told.join(' ') : about.told.none],
            ];
            return (
              <Box
                key={item.form}
                id={`${idOf('form')}-${item.form}`}
                data-form={item.form}
                sx={{ mb: 4, p: { xs: 2.5, md: 3.5 }, borderRadius: 4, border: 1, borderColor: 'divider', scrollMarginTop: 96 }}
              >
                <Typography variant="h3" sx={{ mb: 2 }}>
                  {item.name}
                </Typography>
                <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { sm: 'minmax(9rem, auto) 1fr' }, columnGap: 3, rowGap: 1 }}>
                  {lines.map(([label, value]) => (
                    <Box key={label} sx={{ display: 'contents' }}>
                      <Typography component="dt" sx={{ fontWeight: 700 }}>
                        {label}
                      </Typography>
                      <Typography component="dd" data-line={label} sx={{ m: 0, mb: { xs: 1.5, sm: 0 }, color: 'text.secondary' }}>
                        {value}
                      </Typography>
                    </Box>
                  ))}
                </Box>
              </Box>
            );
          })}
        </Part>

        {visits && (
          <Part id={idOf('visits')} heading={visits.heading}>
            {(__DATA_ADAPTER__ === 'firebase' ? [visits.firebase] : [...visits.local, fill(visits.keptFor, { days: server.visits.keepDays })]).map((p) => (
              <Typography key={p} sx={paragraph}>
                {p}
              </Typography>
            ))}
          </Part>
        )}

        {newsletter && (
          <Part id={idOf('newsletter')} heading={newsletter.heading}>
            {(__DATA_ADAPTER__ === 'firebase' ? [newsletter.firebase] : newsletter.local.map((p) => fill(p, { days: server.newsletter.unconfirmedDays }))).map(
              (p) => (
                <Typography key={p} sx={paragraph}>
                  {p}
                </Typography>
              ),
            )}
          </Part>
        )}

        <Part id={idOf('rights')} heading={rights.heading}>
          {rights.paragraphs.map((p) => (
            <Typography key={p} sx={paragraph}>
              {p}
            </Typography>
          ))}
          <Typography sx={paragraph}>{fillNodes(rights.erasure, { email, days: server.privacy.answerWithinDays })}</Typography>
        </Part>
      </Box>
    </SectionShell>
  );
}
