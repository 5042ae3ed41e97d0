/** What a visitor sees on a personal page: the spec's message and a Login button. */
export default function SignedOutNotice({ message }: { message: string }) {
  return (
    <div className="signed-out-notice">
      <p>{message}</p>
      <a className="btn btn-primary" href="/login">Login</a>
    </div>
  );
}
