/** The embedded default: messages are kept in the database's outbox, readable at /dev/mail outside production. */
import type { Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema.js';
import type { Mailer } from './mailer.js';

export function createOutboxMailer(db: Db): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      await db.insert(mailOutbox).values(message);
    },
    jobHandlers: {},
  };
}
