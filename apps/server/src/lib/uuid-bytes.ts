/** A UUID as its 16 bytes and back, for signed tokens packed in binary. */
export const uuidToBytes = (id: string): Buffer => Buffer.from(id.replace(/-/g, ''), 'hex');

export function bytesToUuid(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
