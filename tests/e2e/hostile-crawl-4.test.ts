// Shard 4 of 4 of the crawl of every route with hostile input (tests/support/hostile/crawl.ts).
import { crawlShard } from '../support/hostile/crawl.ts'

crawlShard(3, 4)
