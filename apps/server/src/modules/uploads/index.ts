// The uploads module's face: customer uploads: receiving, storing and sweeping unused files.
// Code outside the module imports only this file (requirements#module-faces).
export { unusedUploadSweepJob } from './delete-unused.ts';
export { UPLOAD_PATH, uploadRoutes } from './routes.ts';
export { receiveFile } from './receive.ts';
export { setUploadsPublic, uploadsOfItem, uploadsOfItems, uploadUrl } from './service.ts';
export { createDiskUploadStore, createS3UploadStore } from './store.ts';
export type { UploadStore } from './store.ts';
