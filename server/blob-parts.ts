// PUT /blobs/p/<token>: parts of chunked uploads to the filesystem driver, received here before
// Remix so that each part streams from the socket straight into the upload's data file (through
// Remix, every part paid for a fetch Request and web streams). The signed token is the permission;
// the same-origin gate mounted before this still applies.
import express from 'express'
import { receivePart } from '#storage/blob-http.server.ts'

export function blobParts(): express.Router {
  const router = express.Router()
  router.all('/blobs/p/:token', (req, res, next) => {
    receivePart(req, res, req.params.token).catch(next)
  })
  return router
}
