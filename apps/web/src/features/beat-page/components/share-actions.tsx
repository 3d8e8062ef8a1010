/**
 * Share (docs/product/screens-and-words.md#beat-page): on phones the system's share sheet where the browser has one,
 * elsewhere the page's link goes to the clipboard and a toast says so. The embed code copies the same way.
 */
import { useId, useState } from 'react';
import { Check, Code, Share2 } from 'lucide-react';
import { beatPageMessages } from '@beat/shared/messages';
import { Button } from '../../../components/ui/button';
import { useBrowserValue } from '../../../hooks/use-browser-value';
import { useMediaQuery } from '../../../hooks/use-media-query';
import { toast } from '../../../lib/toast';
import type { Beat } from '@beat/shared';
import { beatPageUrl, embedCode } from '../lib/share';

/** A touch screen: where a share sheet is what people expect. */
const PHONE_QUERY = '(pointer: coarse)';

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function ShareButton({ beat }: { beat: Beat }) {
  const phone = useMediaQuery(PHONE_QUERY);
  const [copied, setCopied] = useState(false);

  async function onShare() {
    const url = beatPageUrl(beat.slug);
    if (phone && typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: beat.beatTitle, text: `${beat.beatTitle} by ${beat.artistName}`, url });
        return;
      } catch (error) {
        // Closing the sheet is a choice, not a failure; any other refusal falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    if (await copy(url)) {
      toast.success(beatPageMessages.linkCopied);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } else {
      toast.error(beatPageMessages.copyFailed);
    }
  }

  return (
    <Button variant="secondary" icon={copied ? <Check aria-hidden="true" /> : <Share2 aria-hidden="true" />} onClick={() => void onShare()}>
      Share
    </Button>
  );
}

const readOrigin = () => window.location.origin;

export function EmbedCode({ beat }: { beat: Beat }) {
  const id = useId();
  // The address people reach the store at is the browser's: the server renders the code without it, the browser
  // fills it in once the page is hydrated (it sits in a closed <details> until asked for).
  const origin = useBrowserValue<string | null>(readOrigin, null);
  const code = origin === null ? '' : embedCode(beat, origin);

  async function onCopy() {
    if (await copy(code)) toast.success(beatPageMessages.embedCopied);
    else toast.error(beatPageMessages.copyFailed);
  }

  return (
    <details className="bp-embed">
      <summary className="bp-embed__summary">
        <Code aria-hidden="true" />
        Embed this beat
      </summary>
      <div className="bp-embed__body">
        <label htmlFor={id} className="bp-embed__label">
          Paste this code into your site to show a small player for {beat.beatTitle}.
        </label>
        <textarea id={id} className="bp-embed__code" readOnly rows={3} value={code} onFocus={(event) => event.currentTarget.select()} />
        <Button size="sm" variant="secondary" icon={<Code aria-hidden="true" />} onClick={() => void onCopy()}>
          Copy embed code
        </Button>
      </div>
    </details>
  );
}
