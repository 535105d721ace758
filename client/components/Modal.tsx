import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import type { ReactNode, RefObject } from 'react';
import { Button } from './Button';
import { defineMessages, t } from '../lib/i18n';

const m = defineMessages({
  close: { id: 'ui.modal.close', defaultMessage: 'Close dialog' },
  cancel: { id: 'ui.modal.cancel', defaultMessage: 'Cancel' },
});

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export type ModalProps = {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Action buttons, rendered right-aligned under the body. */
  footer?: ReactNode;
  /** Element to focus on open; defaults to the first focusable element in the body, else the close button. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  size?: 'sm' | 'md' | 'lg';
  /** Set false while an action is in progress to ignore Escape / close button. */
  dismissible?: boolean;
  className?: string;
};

/** Modal dialog on the native <dialog> element (focus trapping, top layer and inert background for free). */
export function Modal({
  open,
  title,
  onClose,
  children,
  footer,
  initialFocusRef,
  size = 'md',
  dismissible = true,
  className,
}: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const openRef = useRef(open);
  const onCloseRef = useRef(onClose);
  const titleId = useId();
  openRef.current = open;
  onCloseRef.current = onClose;

  // Layout effect: open/close before paint so the dialog never flashes empty.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      const target =
        initialFocusRef?.current ??
        dialog.querySelector<HTMLElement>(`.modal__body :is(${FOCUSABLE})`) ??
        closeRef.current;
      target?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, initialFocusRef]);

  // Unmounted while open: still hand focus back to the opener.
  useEffect(
    () => () => {
      const opener = openerRef.current;
      if (opener && opener.isConnected) opener.focus();
    },
    [],
  );

  const mouseDownOnBackdrop = useRef(false);

  return (
    <dialog
      ref={dialogRef}
      className={['modal', `modal--${size}`, className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      onCancel={(e) => {
        // Escape: let the parent decide (it controls `open`).
        e.preventDefault();
        if (dismissible) onCloseRef.current();
      }}
      onClose={() => {
        const opener = openerRef.current;
        openerRef.current = null;
        if (opener && opener.isConnected) opener.focus();
        // Closed natively (e.g. the browser forced Escape): keep the parent's state in sync.
        if (openRef.current) onCloseRef.current();
      }}
      onMouseDown={(e) => {
        mouseDownOnBackdrop.current = e.target === e.currentTarget;
      }}
      onClick={(e) => {
        // A click that starts and ends on the backdrop (outside .modal__inner) closes.
        if (dismissible && mouseDownOnBackdrop.current && e.target === e.currentTarget) onCloseRef.current();
        mouseDownOnBackdrop.current = false;
      }}
    >
      {open && (
        <div className="modal__inner">
          <header className="modal__header">
            <h2 className="modal__title" id={titleId}>
              {title}
            </h2>
            <button
              ref={closeRef}
              type="button"
              className="modal__close"
              aria-label={t(m.close)}
              onClick={() => dismissible && onCloseRef.current()}
              disabled={!dismissible}
            >
              <span aria-hidden="true">×</span>
            </button>
          </header>
          <div className="modal__body">{children}</div>
          {footer && <footer className="modal__footer">{footer}</footer>}
        </div>
      )}
    </dialog>
  );
}

export type ConfirmDialogProps = {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Red confirm button for destructive actions. */
  danger?: boolean;
  /** Confirm is in progress: confirm shows a spinner, dialog can't be dismissed. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  danger = false,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      title={title}
      onClose={onCancel}
      size="sm"
      dismissible={!busy}
      initialFocusRef={cancelRef}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel ?? t(m.cancel)}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} busy={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="modal__message">{message}</div>
    </Modal>
  );
}
