/**
 * The FAQ accordion, an island: at most one answer open; opening one closes the others; the open
 * one can be closed. Each question is a heading with a button, each answer a region it controls.
 * The questions (q0, …) and answers (a0, …) are static slots drawn on the server.
 */
import styled from '@emotion/styled';
import { useState } from 'react';
import { Collapse } from '../Collapse';
import { SvgIcon } from '../icons';
import type { IslandComponentProps } from '../islandProps';
import { Slot } from '../Slot';
import { tokens } from '../tokens';

const Item = styled.div({
  marginBottom: 12,
  border: `1px solid ${tokens.colors.divider}`,
  borderRadius: tokens.radius,
  background: tokens.colors.background,
  overflow: 'hidden',
});
const Heading = styled.h3({ margin: 0, font: 'inherit' });
const Summary = styled.button({
  display: 'flex',
  alignItems: 'center',
  gap: 16,
  width: '100%',
  minHeight: 48,
  padding: '4px 24px',
  border: 0,
  background: 'transparent',
  color: tokens.colors.text,
  font: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
  '& > [data-slot]': { flex: 1, margin: '12px 0' },
});
const ExpandIcon = styled.span({
  display: 'flex',
  color: 'rgba(0, 0, 0, 0.54)',
  transition: `transform 150ms ${tokens.easing}`,
  '[aria-expanded="true"] > &': { transform: 'rotate(180deg)' },
});
const Answer = styled.div({ padding: '0 24px 24px' });

export default function Faq({ count, slots, instance }: IslandComponentProps<{ count: number }>) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <div>
      {[...Array(count).keys()].map((i) => {
        const question = `faq${instance}-question-${i}`;
        const answer = `faq${instance}-answer-${i}`;
        return (
          <Item key={i}>
            <Heading>
              <Summary type="button" id={question} aria-expanded={open === i} aria-controls={answer} onClick={() => setOpen(open === i ? null : i)}>
                <Slot name={`q${i}`} slots={slots} as="span" />
                <ExpandIcon>
                  <SvgIcon name="expandMore" />
                </ExpandIcon>
              </Summary>
            </Heading>
            <Collapse open={open === i}>
              <Answer role="region" id={answer} aria-labelledby={question}>
                <Slot name={`a${i}`} slots={slots} />
              </Answer>
            </Collapse>
          </Item>
        );
      })}
    </div>
  );
}
