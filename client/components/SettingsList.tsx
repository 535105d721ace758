// A settings page's rows in order (cycle stages, goal templates, interaction types, observation forms;
// the classes are in settingsList.css) and the arrows that move one: two buttons, keyboard-usable, no drag.
import { Button } from './Button';
import './settingsList.css';
import { defineMessages, t } from '../lib/i18n';

const m = defineMessages({
  move: { id: 'ui.settingsList.move', defaultMessage: '{direction, select, up {Move {name} up} other {Move {name} down}}' },
});

export type MoveDirection = 'up' | 'down';

/** The row's classes: `settings-row`, muted when archived (plus `extra`, the screen's own). */
export function settingsRowClass(archived: boolean, extra = 'settings-list__item'): string {
  return ['settings-row', extra, archived && 'settings-row--archived'].filter(Boolean).join(' ');
}

/** One arrow: "Move {name} up"; at the end of the list it stays focusable but does nothing (aria-disabled). */
export function MoveButton({ id, direction, name, atEnd, onMove }: {
  id: string; direction: MoveDirection; name: string; atEnd: boolean; onMove: () => void;
}) {
  return (
    <Button
      id={id}
      size="sm"
      variant="ghost"
      className="move-button"
      aria-label={t(m.move, { name, direction })}
      aria-disabled={atEnd || undefined}
      onClick={() => {
        if (!atEnd) onMove();
      }}
    >
      <span aria-hidden="true">{direction === 'up' ? '↑' : '↓'}</span>
    </Button>
  );
}

/** Both arrows of the row at `index` of `count`; `idOf` names each button so focus can return to it. */
export function MoveButtons({ idOf, name, index, count, onMove }: {
  idOf: (direction: MoveDirection) => string; name: string; index: number; count: number; onMove: (direction: MoveDirection) => void;
}) {
  return (
    <>
      <MoveButton id={idOf('up')} direction="up" name={name} atEnd={index === 0} onMove={() => onMove('up')} />
      <MoveButton id={idOf('down')} direction="down" name={name} atEnd={index === count - 1} onMove={() => onMove('down')} />
    </>
  );
}
