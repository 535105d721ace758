import { TextField } from '../../../components/Field';
import { Button } from '../../../components/Button';
import type { DraftErrors, MemberDraft } from '../formModel';
import { defineMessages, t } from '../../../lib/i18n';

const tx = defineMessages({
  noMembersSearch: { id: 'groups.noMembersSearch', defaultMessage: 'No members yet. Search above to add educators.' },
  membersLabel: { id: 'groups.membersLabel', defaultMessage: 'Members of this group' },
  forName: { id: 'groups.forName', defaultMessage: ' for {name}' },
  errorPrefix: { id: 'groups.errorPrefix', defaultMessage: 'Error: ' },
  startDate: { id: 'groups.startDate', defaultMessage: 'Start date' },
  endDate: { id: 'groups.endDate', defaultMessage: 'End date' },
  remove: { id: 'groups.remove', defaultMessage: 'Remove' },
});

/** The group's members, each with a start date (required) and an optional end date, picked locally. */
export function MemberRows({ members, errors, onChange, onRemove }: {
  members: MemberDraft[];
  errors: DraftErrors;
  onChange: (index: number, change: Partial<Pick<MemberDraft, 'start' | 'end'>>) => void;
  onRemove: (index: number) => void;
}) {
  if (members.length === 0) {
    return <p className="groups-rows__empty muted">{t(tx.noMembersSearch)}</p>;
  }
  return (
    <ul className="groups-rows" aria-label={t(tx.membersLabel)}>
      {members.map((m, i) => {
        const forWho = <span className="sr-only">{t(tx.forName, { name: m.name })}</span>;
        const itemError = errors[`items.${i}.item_id`];
        return (
          <li key={m.item_id} className="groups-rows__row">
            <div className="groups-rows__who">
              <span className="groups-rows__name">{m.name}</span>
              {m.building && <span className="text-sm muted">{m.building}</span>}
              {itemError && (
                <p className="field__error" id={`groups-member-${m.item_id}-error`}>
                  <span className="field__error-icon" aria-hidden="true">!</span>
                  <span className="sr-only">{t(tx.errorPrefix)}</span>
                  {itemError}
                </p>
              )}
            </div>
            <TextField
              className="groups-rows__date groups-rows__date--start"
              label={<>{t(tx.startDate)}{forWho}</>}
              name={`items.${i}.start_date`}
              type="date"
              required
              value={m.start}
              onChange={(start) => onChange(i, { start })}
              error={errors[`items.${i}.start_date`]}
            />
            <TextField
              className="groups-rows__date groups-rows__date--end"
              label={<>{t(tx.endDate)}{forWho}</>}
              name={`items.${i}.end_date`}
              type="date"
              value={m.end}
              min={m.start || undefined}
              onChange={(end) => onChange(i, { end })}
              error={errors[`items.${i}.end_date`]}
            />
            <Button variant="ghost" size="sm" className="groups-rows__remove" onClick={() => onRemove(i)}>
              {t(tx.remove)}<span className="sr-only"> {m.name}</span>
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
