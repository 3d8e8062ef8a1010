/** E-mail to people the store knows by name: the buyer of an order, and every admin of the store. */
import { eq } from 'drizzle-orm';
import type { Deps } from '../../deps.js';
import type { Tx } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { renderEmail, type EmailContent } from '../../adapters/mail/templates.js';

/** Someone to write to: greeted by name, or by address when the account has no name. */
export interface Addressee {
  email: string;
  fullName: string | null;
}

/** Writes one e-mail to `person` in the transaction `tx`. */
export function mailPerson(deps: Deps, tx: Tx, person: Addressee, content: Omit<EmailContent, 'greeting'>): Promise<void> {
  return deps.mailer.send({ to: person.email, ...renderEmail({ ...content, greeting: `Hi ${person.fullName || person.email},` }) }, tx);
}

/** Writes the same e-mail to every admin of the store in the transaction `tx`. */
export async function mailAdmins(deps: Deps, tx: Tx, content: Omit<EmailContent, 'greeting'>): Promise<void> {
  const admins = await tx.select({ email: users.email, fullName: users.fullName }).from(users).where(eq(users.isAdmin, true));
  for (const admin of admins) await mailPerson(deps, tx, admin, content);
}
