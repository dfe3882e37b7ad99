import { availableParallelism } from 'node:os';
import type { Db } from '../../infra/db/client';
import type { EventPublisher } from '../../infra/events/event-bus';
import type { JobQueue, WorkOptions } from '../../infra/jobs/queue';
import type { Storage } from '../../infra/storage/storage';
import type { Logger } from '../../lib/logger';
import { createThumbnailWorker, THUMBNAIL_JOB, type ThumbnailJob } from './photo-thumbnails';
import { createPhotosService } from './photos.service';

/** The hourly purge of photos deleted more than the restore window ago (rows and files). */
export const PHOTO_PURGE_JOB = 'purge-deleted-photos';

/**
 * Thumbnails are CPU work in libvips' own threads, each call holding a thread of libuv's pool, which
 * file reads and writes share. One job per core keeps the cores busy; `npm start` gives the pool 16
 * threads (UV_THREADPOOL_SIZE) so the uploads' storage writes never queue behind thumbnails. Each
 * worker claims one job at a time (a slow HEIC never holds back the photos behind it), fetches again
 * at once after a job, and a job sent by this process wakes a worker instead of waiting for its next poll.
 */
export const THUMBNAIL_WORK: WorkOptions = { workers: Math.max(2, availableParallelism()), batchSize: 1, pollingIntervalSeconds: 0.5 };

/** Registers the photo jobs on the queue (before it starts). */
export function definePhotoJobs(jobs: JobQueue, deps: { db: Db; storage: Storage; logger: Logger; events: EventPublisher }): void {
  jobs.define<ThumbnailJob>(THUMBNAIL_JOB, createThumbnailWorker(deps), THUMBNAIL_WORK);
  const photos = createPhotosService({ ...deps, queueThumbnails: (job) => jobs.send<ThumbnailJob>(THUMBNAIL_JOB, job) });
  jobs.define(
    PHOTO_PURGE_JOB,
    async () => {
      const purged = await photos.purge();
      if (purged > 0) deps.logger.info({ purged }, 'purged deleted photos');
    },
    { cron: '23 * * * *', batchSize: 1, pollingIntervalSeconds: 30 },
  );
}
