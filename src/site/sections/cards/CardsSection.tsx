import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Icon } from '../../ui/icons';
import { Island } from '../../ui/Island';
import { ActionButton } from '../../ui/ActionButton';
import { nthPicture, Picture, type PictureLoading } from '../../ui/Picture';
import { picturePlaces } from '../../ui/picturePlaces';
import { SectionHeading, SectionShell, useHeadingId } from '../../ui/SectionShell';
import { plainList } from '../../ui/plainList';
import { useSite } from '../../ui/siteConfig';
import type { SectionProps } from '../types';
import type { CardConfig } from './schema';

/** The card's further paragraphs, behind "Read More" (an island: src/site/islands/readMore/ReadMore.tsx). */
function ReadMore({ paragraphs }: { paragraphs: readonly string[] }) {
  const more = (
    <>
      {paragraphs.map((p) => (
        <Typography key={p} variant="body2" sx={{ color: 'text.secondary', mt: 1.5 }}>
          {p}
        </Typography>
      ))}
    </>
  );
  const site = useSite();
  return <Island name="readMore" props={{ moreLabel: site.ui.readMore, lessLabel: site.ui.readLess }} slots={{ more }} />;
}

function CardItem({ card, headingLevel, columns, loading }: { card: CardConfig; headingLevel: 'h3'; columns: number; loading: PictureLoading }) {
  return (
    <Card
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        transition: 'box-shadow 200ms, transform 200ms',
        '&:hover': { boxShadow: 6, transform: 'translateY(-2px)' },
      }}
    >
      {card.image && <Picture image={card.image} place={picturePlaces.card(columns)} loading={loading} />}
      <CardContent sx={{ p: { xs: 3, md: 4 }, flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'flex-start' }}>
        {card.icon && (
          <Box sx={{ width: 56, height: 56, borderRadius: 3, display: 'grid', placeItems: 'center', bgcolor: 'primary.main', color: 'common.white', mb: 2.5 }}>
            <Icon name={card.icon} />
          </Box>
        )}
        <Typography variant="h3" component={headingLevel} sx={{ mb: 1.5 }}>
          {card.title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {card.text}
        </Typography>
        {card.more && <ReadMore paragraphs={card.more} />}
        {card.action && (
          <Box sx={{ mt: 'auto', pt: 3 }}>
            <ActionButton action={card.action} size="medium" />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

export function CardsSection({ section, position, pictures }: SectionProps<'cards'>) {
  const headingId = useHeadingId(section.id);
  const columns = section.columns ?? 3;
  return (
    <SectionShell id={section.id} labelledBy={headingId} tone={position % 2 === 0 ? 'surface' : 'plain'}>
      <SectionHeading id={headingId} eyebrow={section.eyebrow} heading={section.heading} text={section.text} />
      <Box
        component="ul"
        sx={{
          ...plainList,
          display: 'grid',
          gap: { xs: 3, md: 4 },
          gridTemplateColumns: { xs: '1fr', md: `repeat(${Math.min(columns, 2)}, 1fr)`, lg: `repeat(${columns}, 1fr)` },
        }}
      >
        {section.cards.map((card) => (
          <li key={card.title}>
            <CardItem card={card} headingLevel="h3" columns={columns} loading={nthPicture(pictures, section.cards.filter((c) => c.image).indexOf(card))} />
          </li>
        ))}
      </Box>
    </SectionShell>
  );
}
