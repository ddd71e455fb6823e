/**
 * The design document model and its renderer, shared by the web editor and the server
 * (ARCHITECTURE "packages/design"). The document schema, migrations and validation arrive with
 * the design-editor issue.
 */
export {};
