// The media library's face (requirements#media-library): the console image picker's images and uploads.
export { MEDIA_PATH, mediaLibraryRoutes } from './routes.ts';
