// How long a record has been in its state, as a person says it. Worked out by the loader (the
// page's "now"), so the server's text and the browser's agree.
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

export function inStateFor(since: Date | string, now: Date): string {
  const ms = Math.max(0, now.getTime() - new Date(since).getTime())
  const days = Math.floor(ms / DAY)
  const hours = Math.floor((ms % DAY) / HOUR)
  if (days >= 2) return `${days} days`
  if (days === 1) return hours ? `1 day ${hours} h` : '1 day'
  const minutes = Math.floor((ms % HOUR) / MINUTE)
  return hours ? `${hours} h ${minutes} min` : `${minutes} min`
}
