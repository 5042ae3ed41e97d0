/** The e-mail input of the account forms (sign in, forgot password, sign up), beside PasswordField. */
interface Props {
  /** The input's id, which its label points at. */
  id: string;
  value: string;
  onChange(value: string): void;
}

export default function EmailField({ id, value, onChange }: Props) {
  return (
    <div className="auth-field">
      <label htmlFor={id}>Email</label>
      <input id={id} type="email" autoComplete="email" required value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}
