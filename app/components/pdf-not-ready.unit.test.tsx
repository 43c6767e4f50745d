// A PDF route's page as the server renders it: Try again while the PDF is not ready; a request it
// could not read refused, with only the way back.
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { PdfPage } from './pdf-not-ready.tsx'

const page = (retryTo: string | null, message: string) =>
  renderToString(<PdfPage title="Chemical Ledger" message={message} retryTo={retryTo} backTo="/view-storage/7?tab=ledger" backLabel="Back to the ledger" />)

describe('PdfPage', () => {
  it('says the PDF is not ready, with Try again and the way back', () => {
    const html = page('/view-storage/7/ledger/pdf?season=2025', 'PDF not ready — try again')
    expect(html).toContain('<h1>Chemical Ledger</h1>')
    expect(html).toContain('<p class="notice" role="status">PDF not ready — try again</p>')
    expect(html).toContain('<a href="/view-storage/7/ledger/pdf?season=2025" class="button">Try again</a>')
    expect(html).toContain('<a href="/view-storage/7?tab=ledger" class="button button-secondary">Back to the ledger</a>')
  })

  it('shows a refused request as an alert with only the way back', () => {
    const html = page(null, 'Season must be a year.')
    expect(html).toContain('<p class="field-error" role="alert">Season must be a year.</p>')
    expect(html).toContain('<a href="/view-storage/7?tab=ledger">Back to the ledger</a>')
    expect(html).not.toContain('Try again')
  })
})
