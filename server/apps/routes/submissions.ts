import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { initServer } from '@ts-rest/fastify';
import { contract } from '../../../contract';
import { LIMITS } from '../../../contract/common';
import { PACKAGE_FIELD_MESSAGE } from '../../../contract/schemas/app';
import { compileJobs } from '../../db/schema';
import { allowedRows, requireDeveloper, resourceOf } from '../../kernel/plugins/access';
import type { UploadSpec } from '../../kernel/plugins/uploads';
import { appVersion, toJob } from '../read/app-details';
import { loadApps } from '../read/apps';
import { submissionFields } from '../packages/submission';
import { acceptPackage } from '../packages/upload';
import { PACKAGE_LIMITS } from '../packages/zip';

const s = initServer();

/** The Apps CLI's form: the package in `app`, and `categories` and `changes` beside it. */
const SUBMISSION_UPLOAD: UploadSpec = {
  field: 'app',
  maxFiles: 1,
  maxFileBytes: PACKAGE_LIMITS.maxZipBytes,
  fieldMessage: PACKAGE_FIELD_MESSAGE,
  tooLarge: { code: 'package_too_large', message: `The package is larger than ${PACKAGE_LIMITS.maxZipBytes / 1024 / 1024} MB.` },
  fields: ['categories', 'changes'],
  maxFieldBytes: LIMITS.text * 4,
};

export const submissionsRoutes = (app: FastifyInstance) => {
  /** The answer the CLI reads as success (200, JSON): the app, its new version, the compile job, and where to finish. */
  const result = async (request: FastifyRequest, ids: { appId: string; internalId: string; compileJobId: string }, isUpdate: boolean) => {
    const [view] = await loadApps(app.db, [ids.appId]);
    const [job] = await app.db.select().from(compileJobs).where(eq(compileJobs.id, ids.compileJobId));
    const origin = app.config.publicUrl ?? `${request.protocol}://${request.host}`;
    return {
      app: view!,
      version: await appVersion(app.db, ids.appId, ids.internalId, false),
      compileJob: toJob(job!),
      portalUrl: `${origin}/publisher/${isUpdate ? 'update' : 'new'}-extended/app/${ids.appId}/${ids.internalId}`,
    };
  };

  return {
    create: s.route(contract.submissions.create, async ({ request }) => {
      const developer = requireDeveloper(request);
      const upload = await request.receiveUpload(SUBMISSION_UPLOAD);
      const versionFields = await submissionFields(app.db, upload.fields, false);
      const mayUpdate = async (id: string) => (await allowedRows(app, request, 'app', [id], 'app', 'update')).length > 0;
      const ids = await acceptPackage(app.db, app.storage, await upload.files[0]!.read(), {
        publisherId: developer.publisherId,
        engineVersion: app.config.engineVersion,
        mayUpdate,
        versionFields,
      });
      return { status: 200, body: await result(request, ids, false) };
    }),

    update: s.route(contract.submissions.update, async ({ request }) => {
      const a = resourceOf(request, 'app');
      const upload = await request.receiveUpload(SUBMISSION_UPLOAD);
      const versionFields = await submissionFields(app.db, upload.fields, true);
      const ids = await acceptPackage(app.db, app.storage, await upload.files[0]!.read(), {
        publisherId: a.publisherId,
        engineVersion: app.config.engineVersion,
        updateOf: a.id,
        versionFields,
      });
      return { status: 200, body: await result(request, ids, true) };
    }),
  };
};
