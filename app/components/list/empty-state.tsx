// What a list shows when it has no rows: the spec's text for that list (e.g. 'No service calls
// available.'), passed in by the caller, and optionally a way out (e.g. a Clear Filters link).
import type { ReactNode } from 'react'

export interface EmptyStateProps {
  message: string
  children?: ReactNode
}

export function EmptyState({ message, children }: EmptyStateProps) {
  return (
    <div className="list-empty" role="status">
      <p>{message}</p>
      {children}
    </div>
  )
}
