/**
 * Text with its "−$29.99" kept on one line: a line may otherwise break between the minus and the dollar sign
 * ("(−" / "$29.99 already paid)"). The text reads the same to assistive technology and to tests.
 */
const amount = /(\u2212\$[\d,]+\.\d{2})/;

export function KeepAmountTogether({ text }: { text: string }) {
  return (
    <>
      {text.split(amount).map((part, i) => (i % 2 === 1 ? <span key={i} style={{ whiteSpace: 'nowrap' }}>{part}</span> : part))}
    </>
  );
}
