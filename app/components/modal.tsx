import { Link, useLocation } from '@remix-run/react'
import { useEffect, useRef, type ReactNode } from 'react'
import { Icon } from './icons.tsx'

/**
 * A modal the server can render (a <dialog open> in the page, so it works without JavaScript).
 * `closeTo` is the URL the close link goes to (for modals that have their own URL); `onClose` is
 * for modals that exist only in the browser. `wide` is for a modal that holds tables (up to 960 px).
 */
export function Modal({ title, children, closeTo, onClose, labelledBy = 'modal-title', wide = false }: { title: string; children: ReactNode; closeTo?: string; onClose?: () => void; labelledBy?: string; wide?: boolean }) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    ref.current?.focus()
  }, [])
  return (
    <div className="modal-backdrop">
      <dialog open className={wide ? 'modal modal-wide' : 'modal'} aria-modal="true" aria-labelledby={labelledBy} ref={ref} tabIndex={-1}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && onClose) onClose()
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
