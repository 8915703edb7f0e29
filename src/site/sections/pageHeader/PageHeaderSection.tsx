import Breadcrumbs from '@mui/material/Breadcrumbs';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Eyebrow, PAGE_HEADING_ID, PageHeadingSection } from '../../ui/SectionShell';
import { SmartLink } from '../../ui/SmartLink';
import { useSite } from '../../ui/siteConfig';
import type { SectionProps } from '../types';

export function PageHeaderSection({ section }: SectionProps<'pageHeader'>) {
  const site = useSite();
  const last = section.breadcrumb.length - 1;
  return (
    <PageHeadingSection
      id={section.id}
      sx={{
        bgcolor: 'surface',
        backgroundImage: (t) =>
          `radial-gradient(circle at 85% 20%, ${t.palette.primary.main}1f 0, transparent 45%), radial-gradient(circle at 10% 90%, ${t.palette.secondary.main}26 0, transparent 40%)`,
        py: { xs: 6, md: 9 },
      }}
    >
      <Container>
        <Breadcrumbs aria-label={site.ui.breadcrumbLabel} sx={{ mb: 2, '& a, & span': { fontWeight: 600 } }}>
          {section.breadcrumb.map((step, i) =>
            step.href && i !== last ? (
              <SmartLink key={step.label} href={step.href} color="primary">
                {step.label}
              </SmartLink>
            ) : (
              <Typography key={step.label} component="span" color="text.secondary" aria-current={i === last ? 'page' : undefined}>
                {step.label}
              </Typography>
            ),
          )}
        </Breadcrumbs>
        <Eyebrow text={section.eyebrow} />
        <Typography id={PAGE_HEADING_ID} variant="h1" sx={{ maxWidth: 880 }}>
          {section.heading}
        </Typography>
        {section.text && <Typography sx={{ mt: 2, maxWidth: 720, color: 'text.secondary', fontSize: '1.2rem' }}>{section.text}</Typography>}
      </Container>
    </PageHeadingSection>
  );
}
