// A text filter that writes to the URL after a short pause (and at once on Enter).
import { useEffect, useRef, useState } from 'react';
import { TextField } from '../../../components/Field';

const DELAY_MS = 300;

type Props = {
  label: string;
  name: string;
  value: string;
  placeholder?: string;
  onChange: (value: string) => void;
  className?: string;
};

export function FilterText({ label, name, value, placeholder, onChange, className }: Props) {
  const [text, setText] = useState(value);
  const latest = useRef(value);
  latest.current = value;
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === latest.current) return;
    const timer = setTimeout(() => onChange(text.trim()), DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, onChange]);
  return (
    <form
      role="search"
      aria-label={`Filter by ${label.toLowerCase()}`}
      className={className}
      onSubmit={(e) => {
        e.preventDefault();
        onChange(text.trim());
      }}
    >
      <TextField label={label} name={name} type="search" value={text} onChange={setText} placeholder={placeholder} autoComplete="off" spellCheck={false} />
    </form>
  );
}
