import { SectionHeading, SectionShell, useHeadingId } from '../../ui/SectionShell';
import type { SectionProps } from '../types';
import { StatGrid } from './StatGrid';

export function StatsSection({ section }: SectionProps<'stats'>) {
  const headingId = useHeadingId(section.id);
  return (
    <SectionShell id={section.id} labelledBy={section.heading ? headingId : undefined} tone="brand" dense>
      {section.heading && <SectionHeading id={headingId} eyebrow={section.eyebrow} heading={section.heading} text={section.text} onDark />}
      <StatGrid items={section.items} onDark />
    </SectionShell>
  );
}
