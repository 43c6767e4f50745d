// GET /api/ping → 204: the sheet's online check (spec §7: every 60 s, 3 s time-out). No session
// look-up and no database, so it answers fast and says only "the server is reachable".
export const loader = () => new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } })
