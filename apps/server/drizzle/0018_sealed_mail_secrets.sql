-- No one-time code or temporary password stays readable in the outbox (docs/security.md#secrets-in-e-mail): a message
-- with secrets keeps them masked in subject, text and html, and the original only sealed here until it is delivered.
-- Mail already delivered before this version is masked the same way (the code and temporary-password templates).
ALTER TABLE "mail_outbox" ADD COLUMN "sealed" text;--> statement-breakpoint
UPDATE "mail_outbox" SET
  "subject" = regexp_replace("subject", '^[A-Z0-9]+ is your Beat Market code$', '•••••• is your Beat Market code'),
  "text" = regexp_replace("text", '^(Your code|Temporary password): .*$', '\1: ••••••', 'gn'),
  "html" = regexp_replace(
    regexp_replace("html", '(letter-spacing:10px">)[^<]*(</p>)', '\1••••••\2', 'g'),
    '<title>[A-Z0-9]+ is your Beat Market code</title>', '<title>•••••• is your Beat Market code</title>')
WHERE "sent_at" IS NOT NULL AND "text" ~ '(^|\n)(Your code|Temporary password): ';
