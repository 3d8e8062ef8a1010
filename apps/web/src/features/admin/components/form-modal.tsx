/** A dialog around one admin form: Cancel, and the form's submit button, which shows its busy label while saving. */
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal, type ModalProps } from '../../../components/ui/modal';

export interface FormModalProps extends Pick<ModalProps, 'open' | 'onClose' | 'title' | 'description' | 'size'> {
  /** The id of the <form> inside, which the submit button in the footer submits. */
  formId: string;
  submitLabel: string;
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
}

export function FormModal({ formId, submitLabel, busy, busyLabel, children, onClose, ...modal }: FormModalProps) {
  return (
    <Modal
      {...modal}
      onClose={onClose}
      dismissible={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={busy} busyLabel={busyLabel}>
            {submitLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
