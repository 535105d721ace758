import type { ReactNode } from 'react';

export type CardProps = {
  /** The title's id: the card is a region named by its title. */
  titleId: string;
  title: ReactNode;
  /** A sentence or two under the title: what the card holds, who may change it. */
  intro?: ReactNode;
  /** The card's one action (e.g. an Add button), beside the title. */
  action?: ReactNode;
  className?: string;
  children?: ReactNode;
};

/** A card section with its heading: the title, an optional introduction and an optional action. */
export function Card({ titleId, title, intro, action, className, children }: CardProps) {
  return (
    <section className={['card', className].filter(Boolean).join(' ')} aria-labelledby={titleId}>
      <header className="card__header card__header--intro">
        <div className="card__heading">
          <h2 id={titleId} className="card__title">{title}</h2>
          {intro && <p className="muted text-sm card__intro">{intro}</p>}
        </div>
        {action}
      </header>
      {children}
    </section>
  );
}
