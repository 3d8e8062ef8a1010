import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../lib/api-client';

/**
 * A row's action that asks first (delete a beat, promote a user): `ask(row)` opens the ConfirmDialog that `dialog`
 * drives; its confirm button runs the mutation on the row's id, then closes with a toast saying what was done. A
 * failure keeps the dialog open and toasts the reason.
 */
export function useConfirmedAction<Row extends { _id: string }, Result>(
  mutation: { mutateAsync: (id: string) => Promise<Result>; isPending: boolean },
  done: (row: Row, result: Result) => string,
) {
  const [row, setRow] = useState<Row | null>(null);

  async function confirm() {
    if (!row) return;
    try {
      const result = await mutation.mutateAsync(row._id);
      toast.success(done(row, result));
      setRow(null);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return {
    /** The row being asked about; null while the dialog is closed. */
    row,
    ask: setRow,
    dialog: { open: row !== null, busy: mutation.isPending, onConfirm: () => void confirm(), onClose: () => setRow(null) },
  };
}
