// The media library's face (requirements#media-library): the console image picker's images and uploads.
export { MEDIA_PATH, MEDIA_VIDEOS_PATH, mediaLibraryRoutes } from './routes.ts';
