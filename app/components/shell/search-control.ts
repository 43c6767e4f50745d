// What the search box (search-box.tsx, in every page) and its suggestions (search-suggestions.tsx,
// loaded on first focus) share.
import type { KeyboardEvent } from 'react'

export const LIST_ID = 'top-search-list'

/** The box's events, handled by the suggestions once they are loaded. */
export interface SuggestionControl {
  change(value: string): void
  keyDown(event: KeyboardEvent<HTMLInputElement>): void
  focus(): void
  close(): void
}

/** The box's ARIA state, set by the suggestions. */
export interface SuggestionState {
  expanded: boolean
  /** the id of the option chosen by the arrows */
  active: string | undefined
}
