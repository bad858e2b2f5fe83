// The profile's cards share a head (a titled section with a lead) and a way of saying that a card's data did not
// load, with a retry; one component each, so the cards look and read the same.
import type { ReactNode } from 'react';
import { Button } from '../../ui/button';
import { Card, EmptyState } from '../../ui/primitives';
import { text } from '../../ui/layout.css';
import * as s from './profile.css';

export function ProfileCard({
  titleId,
  title,
  lead,
  testId,
  children,
}: {
  /** The heading's id; the section is labelled by it. */
  titleId: string;
  title: ReactNode;
  lead?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Card as="section" aria-labelledby={titleId} data-testid={testId}>
      <div className={s.cardHead}>
        <h2 id={titleId} className={text.title}>
          {title}
        </h2>
        {lead && <p className={s.cardLead}>{lead}</p>}
      </div>
      {children}
    </Card>
  );
}

/** A card's data did not load: what went wrong and a retry. */
export function CardLoadFailed({
  title,
  retry,
  onRetry,
  children,
}: {
  title: string;
  retry: string;
  onRetry: () => void;
  children?: ReactNode;
}) {
  return (
    <EmptyState
      icon="alertCircle"
      tone="danger"
      title={title}
      titleAs="h3"
      actions={
        <Button variant="secondary" onClick={onRetry}>
          {retry}
        </Button>
      }
    >
      {children}
    </EmptyState>
  );
}
