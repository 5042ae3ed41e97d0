/** A password input with a show/hide toggle (spec: login, profile). */
import { useId, useState } from 'react';

interface Props {
  label: string;
  /** Form field name (lets the form pick up what was typed before hydration). */
  name?: string;
  value: string;
  onChange(value: string): void;
  autoComplete: 'current-password' | 'new-password';
}

export default function PasswordField({ label, name, value, onChange, autoComplete }: Props) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <div className="auth-password">
        <input id={id} name={name} type={visible ? 'text' : 'password'} value={value} autoComplete={autoComplete} required
          onChange={(event) => onChange(event.target.value)} />
        <button type="button" className="auth-toggle" aria-pressed={visible} aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          onClick={() => setVisible(!visible)}>
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
    </div>
  );
}
