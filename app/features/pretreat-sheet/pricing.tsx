// Pricing (spec §2, §5; review and completed only): one line per company (the owner, then each
// billable company) with its CWT share, price per cwt (4 decimals) and line total, then the Missing
// row (the first chemical's cwt minus the shares), red with 'CWT total mismatch, expected X, got Y'
// when not 0. With JavaScript the Missing row follows the shares as they are typed; without it the
// server's answer shows it. Read-only on a completed pre-treat and for readers.
import { useState } from 'react'
import { cwtMismatch, formatMoney, formatPrice, lineTotal, missingCwt, parsePrice, parseShare } from '#core/pretreat-pricing.ts'
import { formatCwt } from '#core/pretreat-quantities.ts'

export interface PricingLine {
  company_id: number
  company_name: string
  /** as the form holds it (text), or as saved */
  cwt_share: string
  price: string
}

const numberOr = (read: { value: number } | { error: string }): number | null => ('value' in read ? read.value : null)

export function Pricing({
  lines,
  expectedCwt,
  readOnly,
  errors = {},
}: {
  lines: readonly PricingLine[]
  expectedCwt: number | null
  readOnly: boolean
  errors?: Record<string, string[] | undefined>
}) {
  const [typed, setTyped] = useState(() => lines.map((l) => ({ share: l.cwt_share, price: l.price })))
  const shares = typed.map((t) => numberOr(parseShare(t.share)))
  const readable = shares.every((s) => s !== null)
  const missing = expectedCwt !== null && readable ? missingCwt(shares as number[], expectedCwt) : null
  const mismatch = expectedCwt !== null && readable ? cwtMismatch(shares as number[], expectedCwt) : null
  const set = (i: number, key: 'share' | 'price', value: string) => setTyped((all) => all.map((t, j) => (j === i ? { ...t, [key]: value } : t)))
  return (
    <section className="sheet-section" aria-labelledby="pt-pricing">
      <h2 id="pt-pricing">Pricing</h2>
      {lines.length === 0 ? (
        <p className="muted">No price lines.</p>
      ) : (
        <table className="pricing-table">
          <thead>
            <tr>
              <th scope="col">Company</th>
              <th scope="col">CWT Share</th>
              <th scope="col">Price ($/cwt)</th>
              <th scope="col">Line Total</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, i) => {
              const share = shares[i] ?? null
              const price = numberOr(parsePrice(typed[i]!.price))
              const shareErrors = errors[`prices[${i}].cwt_share`]
              const priceErrors = errors[`prices[${i}].price`]
              return (
                <tr key={line.company_id}>
                  <th scope="row">{line.company_name}</th>
                  {readOnly ? (
                    <>
                      <td data-label="CWT Share">{share === null ? line.cwt_share : formatCwt(share)}</td>
                      <td data-label="Price ($/cwt)">{price === null ? line.price : formatPrice(price)}</td>
                    </>
                  ) : (
                    <>
                      <td data-label="CWT Share">
                        <input type="hidden" name={`prices[${i}].company_id`} value={line.company_id} />
                        <input
                          name={`prices[${i}].cwt_share`}
                          aria-label={`CWT Share for ${line.company_name}`}
                          inputMode="decimal"
                          maxLength={30}
                          autoComplete="off"
                          required
                          value={typed[i]!.share}
                          onChange={(e) => set(i, 'share', e.currentTarget.value)}
                          aria-invalid={shareErrors?.length ? true : undefined}
                        />
                        {shareErrors?.length ? <p className="field-error">{shareErrors.join(' ')}</p> : null}
                      </td>
                      <td data-label="Price ($/cwt)">
                        <input
                          name={`prices[${i}].price`}
                          aria-label={`Price for ${line.company_name}`}
                          inputMode="decimal"
                          maxLength={30}
                          autoComplete="off"
                          required
                          value={typed[i]!.price}
                          onChange={(e) => set(i, 'price', e.currentTarget.value)}
                          aria-invalid={priceErrors?.length ? true : undefined}
                        />
                        {priceErrors?.length ? <p className="field-error">{priceErrors.join(' ')}</p> : null}
                        {price !== null && /\.\d{5}/.test(typed[i]!.price) ? <p className="muted">Saved as {formatPrice(price)}</p> : null}
                      </td>
                    </>
                  )}
                  <td data-label="Line Total">{share !== null && price !== null ? formatMoney(lineTotal(share, price)) : '—'}</td>
                </tr>
              )
            })}
          </tbody>
          <tfoot>
            <tr className={mismatch ? 'pricing-missing pricing-missing--bad' : 'pricing-missing'}>
              <th scope="row">Missing</th>
              <td colSpan={3} aria-live="polite">
                {missing === null ? '—' : formatCwt(missing)}
                {mismatch ? (
                  <span className="pricing-mismatch" role="alert">
                    {' '}
                    {mismatch}
                  </span>
                ) : null}
              </td>
            </tr>
          </tfoot>
        </table>
      )}
    </section>
  )
}
