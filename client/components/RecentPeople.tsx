// The educators the caller coached most recently, one tap away (lib/interactions.ts useRecentParticipants): the log
// form's participants and an observation's educator. They work without a signal too (issue 31): the list comes from
// the caller's interactions, which the device keeps, where a search of the district needs the network.
import { useId } from 'react';
import { defineMessages, t } from '../lib/i18n';
import './recentPeople.css';

const m = defineMessages({
  recent: { id: 'activity.recent', defaultMessage: 'Recent' },
  addHidden: { id: 'activity.addHidden', defaultMessage: '(add)' },
});

export function RecentPeople({ people, onPick, actionHidden }: {
  people: { id: number; name: string }[];
  onPick: (person: { id: number; name: string }) => void;
  /** The button's hidden words after the name ("(add)" by default). */
  actionHidden?: string;
}) {
  const id = useId();
  if (people.length === 0) return null;
  return (
    <div className="participants__recent">
      <p className="text-sm participants__recent-title" id={`${id}-recent`}>{t(m.recent)}</p>
      <ul className="chips participants__quick" aria-labelledby={`${id}-recent`}>
        {people.map((p) => (
          <li key={p.id}>
            <button type="button" className="quick-add" onClick={() => onPick(p)}>
              <span aria-hidden="true">+</span> {p.name}
              <span className="sr-only"> {actionHidden ?? t(m.addHidden)}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
