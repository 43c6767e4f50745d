// The top bar's search box (issue 24, decision 0068): a plain GET form to /search, so it works
// without JavaScript (the results page). With JavaScript it is a combobox (WAI-ARIA 1.2, list
// autocomplete); what makes the suggestions (search-suggestions.tsx) is fetched when the box is
// first focused, so the JavaScript of every page's first visit stays as it was.
import { Form } from '@remix-run/react'
import { lazy, Suspense, useRef, useState } from 'react'
import { MAX_QUERY_LENGTH } from '#core/search.ts'
import { Icon } from '../icons.tsx'
import { LIST_ID, type SuggestionControl, type SuggestionState } from './search-control.ts'

const Suggestions = lazy(() => import('./search-suggestions.tsx'))

const emptyList = <div id={LIST_ID} role="listbox" aria-label="Suggestions" className="top-search__list" hidden />

export function SearchBox() {
  const input = useRef<HTMLInputElement>(null)
  const control = useRef<SuggestionControl | null>(null)
  const [wanted, setWanted] = useState(false)
  const [state, setState] = useState<SuggestionState>({ expanded: false, active: undefined })
  return (
    <Form method="get" action="/search" role="search" className="top-search" onSubmit={() => control.current?.close()}>
      <input
        ref={input}
        type="search"
        name="q"
        aria-label="Search"
        placeholder="Search"
        autoComplete="off"
        maxLength={MAX_QUERY_LENGTH}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={state.expanded}
        aria-controls={LIST_ID}
        aria-activedescendant={state.active}
        onChange={(e) => control.current?.change(e.target.value)}
        onKeyDown={(e) => control.current?.keyDown(e)}
        onBlur={() => control.current?.close()}
        onFocus={() => (setWanted(true), control.current?.focus())}
      />
      <button type="submit" className="icon-button" aria-label="Search" title="Search">
        <Icon name="search" />
      </button>
      {wanted ? (
        <Suspense fallback={emptyList}>
          <Suggestions input={input} control={control} onState={setState} />
        </Suspense>
      ) : (
        emptyList
      )}
    </Form>
  )
}
