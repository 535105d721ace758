// A settings page's card: its title and a short intro beside the content on a wide screen (above it on
// a narrower one). Account Settings (profile, email, password) and a person's own User settings use it.
import type { ReactNode } from 'react';
import './settingsCard.css';

export function SettingsCard({ id, title, intro, children }: { id: string; title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <section className="card settings-card" aria-labelledby={id}>
      <header className="settings-card__header">
        <h2 id={id} className="card__title">{title}</h2>
        <p className="settings-card__intro muted">{intro}</p>
      </header>
      <div className="settings-card__body">{children}</div>
    </section>
  );
}
