/** POST /api/play: tells the server a preview was listened to (it counts plays of 10 s and more). */
import { api } from '../../../lib/api-client';

export interface ReportPlayInput {
  userId?: string;
  beatId: string;
  /** Seconds actually listened during this play. */
  playbackTime: number;
}

export function reportPlay(input: ReportPlayInput, options: { keepalive?: boolean } = {}): Promise<{ counted: boolean }> {
  return api<{ counted: boolean }>('/api/play', { method: 'POST', body: input, keepalive: options.keepalive });
}
