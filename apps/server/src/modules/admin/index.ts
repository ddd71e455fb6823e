import './messages.ts';

export { installAdminLog, summarise } from './admin-log.ts';
export { crudAudit } from './audit.ts';
export { adminToolRoutes } from './admin-tools.routes.ts';
export { dashboardRoutes } from './dashboard.routes.ts';
export {
  DASHBOARD_FIGURES,
  lastDays,
  perDay,
  type DashboardFigures,
  type DashboardFiguresProvider,
} from './dashboard-figures.ts';
export { uploadRoutes, handleSingleUpload } from './upload.routes.ts';
export {
  attachmentsLinkedTo,
  findAttachments,
  policyFor,
  rejectionError,
  storageUsed,
  storageUsedByMerchants,
  storeUpload,
  toAttachment,
  type AttachmentRow,
  type UploadOwner,
} from './attachment.service.ts';
export {
  groupReferences,
  ATTACHMENT_REFERENCES,
  attachmentReferences,
  type AttachmentReference,
  type AttachmentReferenceProvider,
} from './attachment-references.ts';
export { adminModule } from './module.ts';
