import { z } from 'zod';
import { can } from '../access';
import { c } from '../c';
import { errorsOf } from '../common';
import { EmailPreview, EmailTemplate, EmailTemplateInput, EmailTemplateUpdate, PreviewInput } from '../schemas/catalog';

export const adminEmails = c.router({
  list: {
    method: 'GET',
    path: '/admin/emailTemplates',
    responses: { 200: z.array(EmailTemplate), ...errorsOf('feature') },
    metadata: can('system:emailTemplates', 'read'),
    summary: 'Email templates',
  },
  create: {
    method: 'POST',
    path: '/admin/emailTemplates',
    body: EmailTemplateInput,
    responses: { 201: EmailTemplate, ...errorsOf('feature', { body: 'json', conflict: true }) },
    metadata: can('system:emailTemplates', 'create'),
    summary: 'New email template',
  },
  update: {
    method: 'PUT',
    path: '/admin/emailTemplates',
    body: EmailTemplateUpdate,
    responses: { 200: EmailTemplate, ...errorsOf('feature', { body: 'json', conflict: true }) },
    metadata: can('system:emailTemplates', 'update'),
    summary: 'Edit an email template',
  },
  // Not in the spec: the drawer's live preview, rendered by the server's sandboxed Liquid with sample data.
  preview: {
    method: 'POST',
    path: '/admin/emailTemplates/preview',
    body: PreviewInput,
    responses: { 200: EmailPreview, ...errorsOf('feature', { body: 'json' }) },
    metadata: can('system:emailTemplates', 'read'),
    summary: 'Render a template (not saved) with sample data: subject, HTML and text',
  },
});
