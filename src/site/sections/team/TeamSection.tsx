import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { nthPicture, Picture, type PictureLoading } from '../../ui/Picture';
import { picturePlaces } from '../../ui/picturePlaces';
import { SectionHeading, SectionShell, useHeadingId } from '../../ui/SectionShell';
import type { SectionProps } from '../types';
import { Island } from '../../ui/Island';
import { useSite } from '../../ui/siteConfig';
import type { TeamMember } from './schema';

function MemberCard({ member, loading }: { member: TeamMember; loading: PictureLoading }) {
  return (
    <Card sx={{ height: '100%', textAlign: 'center', userSelect: 'none' }}>
      <CardContent sx={{ p: { xs: 3, md: 4 } }}>
        <Box sx={{ width: 160, height: 160, mx: 'auto', mb: 2.5, borderRadius: '50%', overflow: 'hidden', bgcolor: 'surface' }}>
          <Picture image={member.image} place={picturePlaces.teamMember} loading={loading} sx={{ pointerEvents: 'none' }} />
        </Box>
        <Typography variant="h3">{member.name}</Typography>
        <Typography sx={{ color: 'primary.main', fontWeight: 700, mb: 1.5 }}>{member.role}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {member.description}
        </Typography>
      </CardContent>
    </Card>
  );
}

export function TeamSection({ section, pictures }: SectionProps<'team'>) {
  const headingId = useHeadingId(section.id);
  const { ui } = useSite();
  const labels = { carousel: ui.carouselLabel, slide: ui.slideLabel, dot: ui.dotLabel, dots: ui.dotsLabel, previous: ui.previousLabel, next: ui.nextLabel };
  return (
    <SectionShell id={section.id} labelledBy={headingId}>
      <SectionHeading id={headingId} eyebrow={section.eyebrow} heading={section.heading} text={section.text} />
      <Island
        name="carousel"
        props={{ count: section.members.length, labels }}
        slots={Object.fromEntries(section.members.map((m, i) => [`slide${i}`, <MemberCard member={m} loading={i < 3 ? nthPicture(pictures, i) : 'lazy'} />]))}
      />
    </SectionShell>
  );
}
