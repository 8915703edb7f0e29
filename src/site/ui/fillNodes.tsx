import { Fragment, type ReactNode } from 'react';

/** fill() for text that holds links: each {placeholder} becomes the node given for it. */
export function fillNodes(template: string, values: Record<string, ReactNode>): ReactNode {
  return template.split(/\{(\w+)\}/g).map((part, i) => <Fragment key={i}>{i % 2 === 1 && part in values ? values[part] : part}</Fragment>);
}
