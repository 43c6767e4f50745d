// The review lists: Available Reviews (/review-sheets, the open reviews) and Completed Reviews
// (/completed-reviews, the approved ones of every level). Columns date (the sheet's service date),
// level, company, storage, job. The base table is service_reviews alone: it carries copies of its
// sheet's date, company, storage and job (migration 0005), so every sort and filter is an index
// on it; the names are joined for the page's rows only.
import { sql } from 'kysely'
import type { Executor } from '#db/client.server.ts'
import { reviewerLevels } from '#workflows/service-review.server.ts'
import { defineList, type ListOptions } from './list-engine.server.ts'
import { listScreen } from './list-screen.server.ts'
import type { ReviewLevel, ServiceReviewStatus } from '#core/enums.ts'

function reviewList(status: ServiceReviewStatus) {
  return defineList({
    from: (db: Executor) => db.selectFrom('service_reviews as r').where('r.status', '=', status),
    joins: (qb) => qb.innerJoin('companies as co', 'co.id', 'r.company_id').innerJoin('storages as st', 'st.id', 'r.storage_id').leftJoin('jobs as j', 'j.id', 'r.job_id'),
    select: (qb) => qb.select(['r.id', 'r.service_sheet_id', 'r.service_date', 'r.review_level', 'co.company_name', 'st.name as storage_name', 'j.name as job_name']),
    primaryKey: 'r.id',
    sortable: {
      service_date: 'r.service_date',
      review_level: 'r.review_level',
      company: { expr: 'co.company_name', join: (qb) => qb.innerJoin('companies as co', 'co.id', 'r.company_id') },
      storage: { expr: 'st.name', join: (qb) => qb.innerJoin('storages as st', 'st.id', 'r.storage_id') },
      job: { expr: 'j.name', join: (qb) => qb.innerJoin('jobs as j', 'j.id', 'r.job_id'), nullableKey: 'r.job_id' },
    },
    filterable: {
      company: { kind: 'name', table: 'companies', nameColumn: 'company_name', foreignKey: 'r.company_id' },
      storage: { kind: 'name', table: 'storages', nameColumn: 'name', foreignKey: 'r.storage_id' },
      job: { kind: 'name', table: 'jobs', nameColumn: 'name', foreignKey: 'r.job_id' },
    },
    dateColumn: 'r.service_date',
    defaultSort: { key: 'service_date', order: 'desc' },
    // Open reviews are a small set, counted by their partial index. Approved ones are nearly the
    // whole table: its row_counts entry less the open ones (a review is only open or approved).
    rowCount: status === 'approved' ? { table: 'service_reviews', minus: (db: Executor) => db.selectFrom('service_reviews').where('status', '=', 'open') } : undefined,
  })
}

export const availableReviewList = reviewList('open')
export const completedReviewList = reviewList('approved')

export type ReviewListKey = (typeof availableReviewList.spec.sortable)[number]
export type ReviewListRow = Awaited<ReturnType<typeof availableReviewList.load>>['rows'][number]

/**
 * What a reviewer may see of Available Reviews: the levels they hold. All three levels (superusers
 * hold every permission) need no condition, so the list keeps its plainest plan.
 */
export function reviewLevelScope(levels: readonly ReviewLevel[]): ListOptions {
  if (levels.length >= 3) return {}
  return { scope: levels.length === 0 ? sql<boolean>`false` : sql<boolean>`r.review_level in (${sql.join([...levels])})` }
}

export function loadAvailableReviews(db: Executor, searchParams: URLSearchParams | string, levels: readonly ReviewLevel[]) {
  return availableReviewList.load(db, searchParams, reviewLevelScope(levels))
}

/** Available Reviews' screen (routes/review-sheets.tsx and its CSV): the open reviews of the levels the user holds. */
export const availableReviews = listScreen({
  list: availableReviewList,
  choices: ['company', 'storage', 'job'],
  userScope: (user) => reviewLevelScope(reviewerLevels(user)),
})

/** Completed Reviews' screen (routes/completed-reviews.tsx and its CSV): approved reviews of every level. */
export const completedReviews = listScreen({ list: completedReviewList, choices: ['company', 'storage', 'job'] })
