import pg from 'pg'
import fs from 'node:fs'
const c = new pg.Client({ connectionString: fs.readFileSync('/tmp/benchseed/url', 'utf8') }); await c.connect()
await c.query('drop database if exists bench with (force)'); await c.end()
