/**
 * `npm run create-admin -- <email>`: makes a confirmed admin on the configured database (DATABASE_URL, or the
 * embedded one), the way to get the first admin in production. The password is typed at a prompt without echo,
 * twice, or read from the first line of stdin when piped (`printf '%s\n' "$PASSWORD" | npm run create-admin -- a@b.c`).
 * It follows the sign-up rule and is at least 12 characters (an admin can read every account's e-mail and
 * password hash); it is never printed or logged. An existing account is promoted (or updated).
 */
import { createOrPromoteAdmin, type AdminChange } from '../src/lib/accounts/accounts.ts';
import { emailProblem, newPasswordProblem, normaliseEmail } from '../src/lib/accounts/client/rules.ts';
import { openScriptDatabase } from './lib/database.ts';

const MIN_ADMIN_PASSWORD_LENGTH = 12;
const ADMIN_PASSWORD_TOO_SHORT = `An admin password should be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters.`;

const USAGE = 'Usage: npm run create-admin -- <email>   (password prompted, or piped on stdin)';

const OUTCOME: Record<AdminChange, (email: string) => string> = {
  created: (email) => `Created admin ${email} (e-mail confirmed).`,
  promoted: (email) => `Promoted the existing account ${email} to admin and set its new password; its other sessions are signed out.`,
  updated: (email) => `${email} was already an admin: set its new password; its other sessions are signed out.`,
};

/** Reads one line from a terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const input = process.stdin;
    let typed = '';
    process.stderr.write(question);
    input.setRawMode(true);
    input.setEncoding('utf8');
    input.resume();
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          finish();
          resolve(typed);
          return;
        }
        if (char === '\u0003') {
          finish();
          reject(new Error('Cancelled.'));
          return;
        }
        typed = char === '\u007f' || char === '\b' ? typed.slice(0, -1) : typed + char;
      }
    };
    const finish = () => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write('\n');
    };
    input.on('data', onData);
  });
}

/** The first line of a piped stdin. */
async function readPipedLine(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text.split(/\r?\n/)[0] ?? '';
}

async function readPassword(): Promise<{ password: string; confirm: string }> {
  if (!process.stdin.isTTY) {
    const password = await readPipedLine();
    return { password, confirm: password };
  }
  const password = await promptHidden('Password: ');
  return { password, confirm: await promptHidden('Repeat password: ') };
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args[0] === '--help' || args[0] === '-h') {
    console.log(USAGE);
    return 0;
  }
  if (args.length !== 1) {
    console.error(USAGE);
    return 1;
  }
  const email = normaliseEmail(args[0]!);
  const problem = emailProblem(email);
  if (problem) {
    console.error(problem);
    return 1;
  }
  const { password, confirm } = await readPassword();
  const passwordProblem = newPasswordProblem(password, confirm)
    ?? (password.length < MIN_ADMIN_PASSWORD_LENGTH ? ADMIN_PASSWORD_TOO_SHORT : null);
  if (passwordProblem) {
    console.error(passwordProblem);
    return 1;
  }
  const database = await openScriptDatabase();
  try {
    console.log(OUTCOME[await createOrPromoteAdmin(database.db, email, password)](email));
    return 0;
  } finally {
    await database.close();
  }
}

// Exits explicitly: a prompt leaves stdin's handle behind.
process.exit(await main());
