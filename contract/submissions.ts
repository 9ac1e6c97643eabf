import { z } from 'zod';
import { can, canOn, forTokens } from './access';
import { c } from './c';
import { errorsOf } from './common';
import { SubmissionResult, SubmissionUpload } from './schemas/app';

const multipart = 'multipart/form-data' as const;

/**
 * Submissions from outside the browser: Rocket.Chat's Apps CLI (`rc-apps submit`, which treats only 200 with
 * a JSON body as success and prints `code` and `error` otherwise), API tokens and trusted publishing. The
 * package goes through the same checks, compile job and lifecycle as the wizard's upload.
 */
export const submissions = c.router({
  create: {
    method: 'POST',
    path: '/apps',
    contentType: multipart,
    body: SubmissionUpload,
    responses: { 200: SubmissionResult, ...errorsOf('feature', { body: 'multipart', limited: true, conflict: true }) },
    metadata: forTokens('submit', can('app', 'create')),
    summary:
      'Submit a new app (the Apps CLI’s `rc-apps submit`): fields `app`, `categories` (JSON list of titles); it lands as a draft to finish in the portal',
  },
  update: {
    method: 'POST',
    path: '/apps/:id',
    pathParams: z.object({ id: z.string() }),
    contentType: multipart,
    body: SubmissionUpload,
    responses: { 200: SubmissionResult, ...errorsOf('feature', { params: true, body: 'multipart', limited: true, conflict: true }) },
    metadata: forTokens('submit', canOn('app', 'app', 'update')),
    summary: 'Submit a new version (`rc-apps submit --update`): fields `app`, `categories`, `changes` (the change note)',
  },
});
