// Shard 1 of 4 of the crawl of every route with hostile input (tests/support/hostile/crawl.ts).
import { crawlShard } from '../support/hostile/crawl.ts'

crawlShard(0, 4)
