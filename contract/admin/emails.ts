import { z } from 'zod';
import { can } from '../access';
import { c } from '../c';
import { errors } from '../common';
import { EmailTemplate, EmailTemplateInput, EmailTemplateUpdate } from '../schemas/catalog';

export const adminEmails = c.router({
  list: {
    method: 'GET',
    path: '/admin/emailTemplates',
    responses: { 200: z.array(EmailTemplate), ...errors },
    metadata: can('system:emailTemplates', 'read'),
    summary: 'Email templates',
  },
  create: {
    method: 'POST',
    path: '/admin/emailTemplates',
    body: EmailTemplateInput,
    responses: { 201: EmailTemplate, ...errors },
    metadata: can('system:emailTemplates', 'create'),
    summary: 'New email template',
  },
  update: {
    method: 'PUT',
    path: '/admin/emailTemplates',
    body: EmailTemplateUpdate,
    responses: { 200: EmailTemplate, ...errors },
    metadata: can('system:emailTemplates', 'update'),
    summary: 'Edit an email template',
  },
});
