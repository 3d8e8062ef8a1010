/**
 * The embedded default: messages are kept in the database's outbox, readable at /dev/mail outside production. That
 * page is the delivery, so a message's secrets stay sealed in its row until retention deletes it (mail-secrets.ts).
 */
import type { Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema.js';
import type { Mailer } from './mailer.js';
import { sealMail } from './mail-secrets.js';

export function createOutboxMailer(db: Db, tokenSecret: string): Mailer {
  return {
    kind: 'outbox',
    async send(message, tx) {
      await (tx ?? db).insert(mailOutbox).values(sealMail(message, tokenSecret));
    },
    jobHandlers: {},
  };
}
