/** "Read More" on a card, an island: shows and hides the card's further paragraphs (a static slot, `more`). */
import styled from '@emotion/styled';
import { useState } from 'react';
import { Collapse } from '../Collapse';
import type { IslandComponentProps } from '../islandProps';
import { Slot } from '../Slot';
import { tokens } from '../tokens';

const Toggle = styled.button({
  marginTop: 16,
  padding: '6px 0',
  minHeight: 36,
  border: 0,
  background: 'transparent',
  color: tokens.colors.primary,
  font: 'inherit',
  fontSize: '0.875rem',
  fontWeight: 700,
  lineHeight: 1.75,
  cursor: 'pointer',
  '&:hover': { textDecoration: 'underline' },
});

export default function ReadMore({ moreLabel, lessLabel, slots, instance }: IslandComponentProps<{ moreLabel: string; lessLabel: string }>) {
  const [open, setOpen] = useState(false);
  const region = `more${instance}`;
  return (
    <>
      <Collapse open={open}>
        <Slot name="more" slots={slots} id={region} />
      </Collapse>
      <Toggle type="button" aria-expanded={open} aria-controls={region} onClick={() => setOpen((o) => !o)}>
        {open ? lessLabel : moreLabel}
      </Toggle>
    </>
  );
}
