// A read-only address with a Copy button (the calendar feed's address, the single sign-on redirect address): the
// Clipboard API, else the text selected for the keyboard; the outcome announced politely each time.
import { type ReactNode, useId, useRef, useState } from 'react';
import { copyText } from '../lib/clipboard';
import { Button } from './Button';
import './copyField.css';
import { defineMessages, t } from '../lib/i18n';

const m = defineMessages({
  copy: { id: 'ui.copyField.copy', defaultMessage: 'Copy' },
});

export function CopyField({ label, value, copiedMessage, hint, className }: {
  label: string;
  value: string;
  /** Said when the copy worked, e.g. "Address copied to the clipboard." */
  copiedMessage: string;
  hint?: ReactNode;
  className?: string;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [announcement, setAnnouncement] = useState({ text: '', count: 0 });
  const id = useId();
  const copy = async () => {
    const ok = await copyText(value, inputRef.current);
    setAnnouncement((a) => ({
      text: ok ? copiedMessage : 'Copying is blocked in this browser: the address is selected, copy it with your keyboard.',
      count: a.count + 1,
    }));
    if (!ok) inputRef.current?.select();
  };
  return (
    <div className={['copy-field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={`${id}-value`}>{label}</label>
      <div className="copy-field__row">
        <input
          ref={inputRef}
          id={`${id}-value`}
          className="field__control copy-field__input"
          readOnly
          value={value}
          onFocus={(e) => e.currentTarget.select()}
          aria-describedby={hint ? `${id}-hint` : undefined}
        />
        <Button onClick={() => void copy()}>{t(m.copy)}</Button>
      </div>
      {/* A no-break space on every other copy makes a repeated message new, so it is announced again. */}
      <p className="copy-field__status" role="status" aria-live="polite">{announcement.text}{announcement.count % 2 === 0 && announcement.text ? '\u00a0' : ''}</p>
      {hint && <p id={`${id}-hint`} className="field__hint">{hint}</p>}
    </div>
  );
}
