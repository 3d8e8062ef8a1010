/** 'No Purchases Yet', then what the page shows once there are some (and where to start). */
import type { ReactNode } from 'react';
import { ReceiptText } from 'lucide-react';
import { commerceMessages } from '@beat/shared/messages';

export function NoPurchases({ children }: { children: ReactNode }) {
  return (
    <div className="cat-state">
      <span className="cat-state__badge" aria-hidden="true">
        <ReceiptText />
      </span>
      <p className="cat-state__title">{commerceMessages.noPurchases}</p>
      {children}
    </div>
  );
}
