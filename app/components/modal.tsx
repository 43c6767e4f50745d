import { Link, useLocation, useNavigate } from '@remix-run/react'
import { useEffect, useRef, type ReactNode } from 'react'
import { Icon } from './icons.tsx'

/**
 * A modal the server can render (a <dialog open> in the page, so it works without JavaScript).
 * `closeTo` is the URL the close link goes to (for modals that have their own URL); `onClose` is
 * for modals that exist only in the browser. `wide` is for a modal that holds tables (up to 960 px).
 * `blocking`: once JavaScript runs, the dialog is shown as a true modal (showModal: the page behind
 * is inert, Tab stays inside it) and Escape closes it (closeTo or onClose) — for a step that must be
 * answered before anything else on the page (the dispatch board's Confirm the Move, issue 38).
 */
export function Modal({
  title,
  children,
  closeTo,
  onClose,
  labelledBy = 'modal-title',
  wide = false,
  blocking = false,
}: {
  title: string
  children: ReactNode
  closeTo?: string
  onClose?: () => void
  labelledBy?: string
  wide?: boolean
  blocking?: boolean
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const navigate = useNavigate()
  const close = onClose ?? (closeTo !== undefined ? () => navigate(closeTo, { preventScrollReset: true }) : undefined)
  useEffect(() => {
    const dialog = ref.current
    // the server's <dialog open> is not modal: shown again as one (showModal refuses an open dialog)
    if (blocking && dialog && !dialog.matches(':modal')) {
      dialog.close()
      dialog.showModal()
    }
    dialog?.focus()
  }, [blocking])
  return (
    <div className="modal-backdrop">
      <dialog
        open
        className={wide ? 'modal modal-wide' : 'modal'}
        aria-modal="true"
        aria-labelledby={labelledBy}
        ref={ref}
        tabIndex={-1}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && onClose && !blocking) onClose()
        }}
        onCancel={(e) => {
          // Escape on a modal dialog: closed the way its close button closes it
          e.preventDefault()
          close?.()
        }}
      >
        <h2 id={labelledBy}>{title}</h2>
        {closeTo ? (
          <Link to={closeTo} className="icon-button modal-close" aria-label="Close" preventScrollReset>
            <Icon name="close" />
          </Link>
        ) : onClose ? (
          <button type="button" className="icon-button modal-close" aria-label="Close" onClick={onClose}>
            <Icon name="close" />
          </button>
        ) : null}
        {children}
      </dialog>
    </div>
  )
}

/**
 * A record's detail modal: a child route of its list (/view-calls/12 over /view-calls). Close goes
 * back to the list the modal was opened from, with the same sort, filter and page (the list passes
 * its search on in the row links).
 */
export function RecordModal({ title, children }: { title: string; children: ReactNode }) {
  const { pathname, search } = useLocation()
  const path = pathname.replace(/\/+$/, '')
  return (
    <Modal title={title} closeTo={`${path.slice(0, path.lastIndexOf('/')) || '/'}${search}`}>
      {children}
    </Modal>
  )
}
